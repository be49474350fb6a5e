// The custom-domain adapter's interface (provider.ts) and the CNAME target every provider shows. Implementations:
// Cloudflare for SaaS (cloudflare.ts) when CLOUDFLARE_API_TOKEN is set, else DNS verification with on-demand TLS
// (dns.ts); adapters/compose.ts picks one.
import type { Config } from '../../config.js';

export type { DomainCheck, DomainProvider, DomainState } from './provider.js';

/** CNAME_TARGET, else PUBLIC_HOST without its port. */
export function cnameTargetFor(config: Config): string {
  return (config.raw.CNAME_TARGET ?? config.publicHost).trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}
