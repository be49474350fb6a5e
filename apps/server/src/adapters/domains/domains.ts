// Chooses the custom-domain provider from the configuration: Cloudflare for SaaS when CLOUDFLARE_API_TOKEN
// is set, else DNS verification with on-demand TLS.
import type { Config } from '../../config.js';
import { createCloudflareDomainProvider } from './cloudflare.js';
import { createDnsDomainProvider, parseDnsServers } from './dns.js';
import type { DomainProvider } from './provider.js';

export type { DomainCheck, DomainProvider, DomainState } from './provider.js';

/** CNAME_TARGET, else PUBLIC_HOST without its port. */
export function cnameTargetFor(config: Config): string {
  return (config.raw.CNAME_TARGET ?? config.publicHost).trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export function createDomainProvider(config: Config): DomainProvider {
  const env = config.raw;
  const cnameTarget = cnameTargetFor(config);
  if (env.CLOUDFLARE_API_TOKEN && env.CLOUDFLARE_ZONE_ID) {
    return createCloudflareDomainProvider({
      apiToken: env.CLOUDFLARE_API_TOKEN,
      zoneId: env.CLOUDFLARE_ZONE_ID,
      apiUrl: env.CLOUDFLARE_API_URL,
      cnameTarget,
    });
  }
  return createDnsDomainProvider({ cnameTarget, servers: parseDnsServers(env.DNS_SERVERS) });
}
