// Custom-domain providers: something that accepts a customer's hostname, tells us how far its set-up has got
// (CNAME, TXT validation, certificate) and forgets it again. Cloudflare for SaaS in production; plain DNS
// look-ups with on-demand TLS (Caddy) as the embedded default.
import type { DomainFinding, DomainStatus } from '@marquee/shared';

/** A provider's answer. `status` is never 'none': that only means "no custom domain" to the API. */
export interface DomainCheck {
  status: Exclude<DomainStatus, 'none'>;
  /** The TXT record the organiser must add, when there is one to show. */
  txt_name: string | null;
  txt_value: string | null;
  /** A short, user-presentable problem (e.g. Cloudflare's 'Duplicate custom hostname found.'). */
  error?: string | null;
  /** Which record the look-up did not find and what was there instead, when the provider can tell. */
  finding?: DomainFinding | null;
  /** The provider's id for the hostname; undefined leaves the stored id unchanged, null clears it. */
  hostnameId?: string | null;
}

export interface DomainState {
  organizationId: string;
  /** Our verification token for this organisation and domain. */
  token: string;
  /** The provider's id from an earlier register or check. */
  hostnameId: string | null;
}

export interface DomainProvider {
  kind: 'dns' | 'cloudflare';
  /** The host a custom domain must CNAME to (shown in the wizard's step 1). */
  cnameTarget: string;
  register(domain: string, state: Omit<DomainState, 'hostnameId'>): Promise<DomainCheck>;
  check(domain: string, state: DomainState): Promise<DomainCheck>;
  /** Removing a hostname the provider no longer knows is not an error. */
  remove(domain: string, state: DomainState): Promise<void>;
}
