// Embedded default: verifies a custom domain with real DNS look-ups. The domain must CNAME to our target and
// carry the ownership TXT record we issue; TLS then comes from Caddy's on-demand certificates, which ask
// GET /internal/tls/ask before issuing one.
//
// Status mapping (what the wizard expects from the spec's flow):
//   CNAME missing or pointing elsewhere  -> pending_verification (not verified)
//   CNAME right, ownership TXT missing   -> pending_ssl with txt_name/txt_value ("hostname accepted, waiting
//                                           for the validation record"; the API reports verified: true)
//   CNAME and TXT right                  -> active
//   a DNS failure other than NXDOMAIN/NODATA -> error with a short message
import { Resolver } from 'node:dns/promises';
import type { DomainCheck, DomainProvider } from './provider.js';

export const TXT_RECORD_PREFIX = '_marquee-verification';
export const txtRecordName = (domain: string) => `${TXT_RECORD_PREFIX}.${domain}`;
export const txtRecordValue = (token: string) => `marquee-verify=${token}`;

const MISSING = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'NODATA']);

/** "ip[:port],ip[:port]" -> the list Resolver.setServers takes (IPv6 with a port as "[::1]:53"). */
export function parseDnsServers(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
}

const bareHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

class DnsLookupError extends Error {}

/**
 * Whether `_marquee-verification.{domain}` carries `marquee-verify={token}`: proof that whoever holds the token
 * controls the domain's DNS, whatever provider serves it. Used to settle a contested claim.
 */
export function createOwnershipCheck(options: { servers?: string[]; timeoutMs?: number }) {
  return async (domain: string, token: string): Promise<boolean> => {
    const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: 2 });
    if (options.servers?.length) resolver.setServers(options.servers);
    try {
      const records = await resolver.resolveTxt(txtRecordName(domain));
      return records.some((chunks) => chunks.join('').trim() === txtRecordValue(token));
    } catch {
      return false; // missing or unreachable: not proven
    }
  };
}

export function createDnsDomainProvider(options: {
  cnameTarget: string;
  servers?: string[];
  timeoutMs?: number;
}): DomainProvider {
  const cnameTarget = bareHost(options.cnameTarget);

  function resolver() {
    const instance = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: 2 });
    if (options.servers?.length) instance.setServers(options.servers);
    return instance;
  }

  /** The records, or an empty list for NXDOMAIN/NODATA; anything else is a lookup failure. */
  async function lookup<T>(run: () => Promise<T[]>): Promise<T[]> {
    try {
      return await run();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      if (MISSING.has(code)) return [];
      throw new DnsLookupError(`DNS lookup failed (${code}). Please try again in a few minutes.`);
    }
  }

  async function check(domain: string, token: string): Promise<DomainCheck> {
    const txt_name = txtRecordName(domain);
    const txt_value = txtRecordValue(token);
    const dns = resolver();
    try {
      const cnames = (await lookup(() => dns.resolveCname(domain))).map(bareHost);
      if (!cnames.includes(cnameTarget)) {
        return {
          status: 'pending_verification',
          txt_name,
          txt_value,
          finding: { missing: 'cname', found: cnames.slice(0, 5) },
        };
      }
      const records = await lookup(() => dns.resolveTxt(txt_name));
      // A TXT record may arrive split into 255-byte strings; they join into one value.
      const values = records.map((chunks) => chunks.join('').trim());
      if (!values.includes(txt_value)) {
        return {
          status: 'pending_ssl',
          txt_name,
          txt_value,
          finding: { missing: 'txt', found: values.slice(0, 5).map((value) => value.slice(0, 255)) },
        };
      }
      return { status: 'active', txt_name, txt_value, error: null };
    } catch (error) {
      if (error instanceof DnsLookupError) return { status: 'error', txt_name, txt_value, error: error.message };
      throw error;
    }
  }

  return {
    kind: 'dns',
    cnameTarget,
    register: (domain, state) => check(domain, state.token),
    check: (domain, state) => check(domain, state.token),
    // Nothing is held anywhere but our own database.
    remove: async () => {},
  };
}
