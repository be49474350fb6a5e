// Classifies a request's Host header: the app itself, an organisation's subdomain, or a custom domain.
export type HostKind = { kind: 'app' } | { kind: 'subdomain'; subdomain: string } | { kind: 'custom'; domain: string };

export interface HostNames {
  /** host[:port] of APP_URL */
  appHost: string;
  /** host[:port] that storefront subdomains hang off */
  publicHost: string;
}

const ipLiteral = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d+)?$/i;
const subdomainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function normaliseHost(host: string | undefined): string {
  return (host ?? '').trim().toLowerCase().replace(/\.$/, '');
}

function stripPort(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

export function classifyHost(rawHost: string | undefined, names: HostNames): HostKind {
  const host = normaliseHost(rawHost);
  const publicHost = names.publicHost.toLowerCase();
  if (!host || host === names.appHost.toLowerCase() || host === publicHost || ipLiteral.test(host)) {
    return { kind: 'app' };
  }
  const bare = stripPort(host);
  if (bare === 'localhost' || bare === stripPort(names.appHost.toLowerCase())) return { kind: 'app' };
  const suffix = `.${publicHost}`;
  if (host.endsWith(suffix)) {
    const label = host.slice(0, -suffix.length);
    if (subdomainLabel.test(label)) return { kind: 'subdomain', subdomain: label };
    return { kind: 'custom', domain: bare };
  }
  // Bare public host without the port (e.g. PUBLIC_HOST=example.com:443 behind a proxy).
  const publicBare = stripPort(publicHost);
  if (bare.endsWith(`.${publicBare}`)) {
    const label = bare.slice(0, -(publicBare.length + 1));
    if (subdomainLabel.test(label)) return { kind: 'subdomain', subdomain: label };
  }
  return { kind: 'custom', domain: bare };
}
