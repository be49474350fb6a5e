// Production adapter: Cloudflare for SaaS custom hostnames (one zone holds every organiser's hostname, each
// with a DV certificate validated by a TXT record the organiser adds).
// https://developers.cloudflare.com/api/resources/custom_hostnames/
import type { DomainCheck, DomainProvider, DomainState } from './provider.js';

export const DEFAULT_CLOUDFLARE_API_URL = 'https://api.cloudflare.com/client/v4';

interface CloudflareMessage {
  code?: number;
  message?: string;
}

interface CloudflareHostname {
  id: string;
  hostname: string;
  status?: string;
  ssl?: {
    status?: string;
    validation_records?: Array<{ txt_name?: string; txt_value?: string }>;
    validation_errors?: CloudflareMessage[];
  };
  ownership_verification?: { type?: string; name?: string; value?: string };
  verification_errors?: string[];
}

interface CloudflareEnvelope<T> {
  success: boolean;
  errors?: CloudflareMessage[];
  result?: T;
}

const SSL_PENDING = new Set(['initializing', 'pending_validation', 'pending_issuance', 'pending_deployment']);
const DUPLICATE_HOSTNAME_CODE = 1406;

export class CloudflareApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: CloudflareMessage[],
  ) {
    super(
      errors
        .map((error) => error.message)
        .filter(Boolean)
        .join('; ') || `Cloudflare answered ${status}`,
    );
    this.name = 'CloudflareApiError';
  }
}

export function isDuplicateHostname(error: unknown): error is CloudflareApiError {
  if (!(error instanceof CloudflareApiError)) return false;
  return error.errors.some((item) => {
    const text = (item.message ?? '').toLowerCase();
    return item.code === DUPLICATE_HOSTNAME_CODE || (text.includes('duplicate') && text.includes('hostname'));
  });
}

/** Cloudflare's hostname and certificate states folded into the wizard's statuses. */
export function mapCloudflareHostname(hostname: CloudflareHostname): DomainCheck {
  const sslRecord = hostname.ssl?.validation_records?.find((record) => record.txt_name && record.txt_value);
  const ownership = hostname.ownership_verification?.type === 'txt' ? hostname.ownership_verification : undefined;
  const txt_name = sslRecord?.txt_name ?? ownership?.name ?? null;
  const txt_value = sslRecord?.txt_value ?? ownership?.value ?? null;
  const sslStatus = hostname.ssl?.status ?? '';
  const base = { txt_name, txt_value, hostnameId: hostname.id };
  if (hostname.status === 'active' && sslStatus === 'active') return { ...base, status: 'active', error: null };
  if (SSL_PENDING.has(sslStatus)) return { ...base, status: 'pending_ssl', error: null };
  if (hostname.status === 'pending' || hostname.status === 'active') {
    return { ...base, status: 'pending_verification', error: null };
  }
  const problem =
    hostname.ssl?.validation_errors?.[0]?.message ??
    hostname.verification_errors?.[0] ??
    `Custom hostname is ${hostname.status ?? 'unknown'} (certificate ${sslStatus || 'unknown'})`;
  return { ...base, status: 'error', error: problem };
}

export function createCloudflareDomainProvider(options: {
  apiToken: string;
  zoneId: string;
  apiUrl?: string;
  cnameTarget: string;
  timeoutMs?: number;
}): DomainProvider {
  const base = `${(options.apiUrl ?? DEFAULT_CLOUDFLARE_API_URL).replace(/\/$/, '')}/zones/${encodeURIComponent(options.zoneId)}/custom_hostnames`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.apiToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const envelope = (await response.json().catch(() => ({ success: false }))) as CloudflareEnvelope<T>;
    if (!response.ok || !envelope.success) throw new CloudflareApiError(response.status, envelope.errors ?? []);
    return envelope.result as T;
  }

  async function findByHostname(domain: string): Promise<CloudflareHostname | null> {
    const list = await call<CloudflareHostname[]>('GET', `?hostname=${encodeURIComponent(domain)}`);
    return list.find((item) => item.hostname.toLowerCase() === domain) ?? null;
  }

  async function getById(id: string): Promise<CloudflareHostname | null> {
    try {
      return await call<CloudflareHostname>('GET', `/${encodeURIComponent(id)}`);
    } catch (error) {
      if (error instanceof CloudflareApiError && error.status === 404) return null;
      throw error;
    }
  }

  const notRegistered: DomainCheck = {
    status: 'pending_verification',
    txt_name: null,
    txt_value: null,
    hostnameId: null,
  };

  return {
    kind: 'cloudflare',
    cnameTarget: options.cnameTarget,

    async register(domain) {
      try {
        const created = await call<CloudflareHostname>('POST', '', {
          hostname: domain,
          ssl: { method: 'txt', type: 'dv' },
        });
        return mapCloudflareHostname(created);
      } catch (error) {
        if (!isDuplicateHostname(error)) throw error;
        // Already in the zone (a retry, or a second process got there first): pass Cloudflare's text on, so the
        // wizard treats it as provisioning, and carry on with the existing hostname.
        const existing = await findByHostname(domain);
        if (!existing) return { ...notRegistered, error: error.message };
        return { ...mapCloudflareHostname(existing), error: error.message };
      }
    },

    async check(domain, state: DomainState) {
      const found = (state.hostnameId ? await getById(state.hostnameId) : null) ?? (await findByHostname(domain));
      return found ? mapCloudflareHostname(found) : notRegistered;
    },

    async remove(_domain, state) {
      // Only by the id we were given: looking the name up could find a hostname another organisation has
      // registered since.
      if (!state.hostnameId) return;
      try {
        await call('DELETE', `/${encodeURIComponent(state.hostnameId)}`);
      } catch (error) {
        if (error instanceof CloudflareApiError && error.status === 404) return;
        throw error;
      }
    },
  };
}
