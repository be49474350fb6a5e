// Customer Sync's adapters (decision 155): one interface over the CRMs a customer can be synced to, and the HTTP
// errors they share. An implementation speaks its service's HTTP API with plain fetch; compose.ts picks it.
import { createHash } from 'node:crypto';

export type CrmProviderName = 'mailchimp' | 'hubspot';

/** One consenting customer as a CRM receives them (the address only ever goes to the CRM itself). */
export interface CrmContact {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  country: string | null;
  orders: number;
  tickets: number;
  /** The buyer's spend in their first currency, minor units. */
  spendMinor: number;
  spendCurrency: string;
  lastPurchaseAt: Date;
  /** The events they bought for (tag names). */
  events: string[];
  /** Event tags the member already carries from an earlier sync (Mailchimp adds only the others). */
  knownTags: string[];
  /** They withdrew consent earlier and gave it again: subscribe them again. */
  resubscribe: boolean;
}

/** What the CRM calls a synced contact (Mailchimp's subscriber hash, HubSpot's contact id). */
export interface CrmUpserted {
  email: string;
  remoteId: string;
}

/** An audience (Mailchimp list) the organiser may pick. */
export interface CrmAudience {
  id: string;
  name: string;
}

export interface CrmClient {
  readonly provider: CrmProviderName;
  /** Most contacts one upsert call takes. */
  readonly batchSize: number;
  /** Account name to show the organiser; also proves the credentials work. */
  accountLabel(): Promise<string>;
  /** Mailchimp's audiences; HubSpot has none (an empty list). */
  audiences(): Promise<CrmAudience[]>;
  /** Once per connection before the first upsert (HubSpot's custom properties). */
  prepare(): Promise<void>;
  upsert(contacts: CrmContact[]): Promise<CrmUpserted[]>;
  /** Consent withdrawn: unsubscribe (Mailchimp) or mark the contact as not consenting (HubSpot). */
  withdraw(remoteId: string): Promise<void>;
  /** The customer was erased: delete them permanently at the CRM. */
  erase(remoteId: string): Promise<void>;
}

/** The service is busy or failing (429, 5xx, timeout, network): try again later. */
export class CrmRetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'CrmRetryableError';
  }
}

/** The credentials were refused (401/403): the connection needs the organiser. */
export class CrmAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrmAuthError';
  }
}

/** The service refused this request (another 4xx): retrying the same data will not help. */
export class CrmRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CrmRequestError';
  }
}

export const CRM_TIMEOUT_MS = 15_000;

/** Mailchimp's member id: the md5 of the lower-cased address. */
export const subscriberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

const trim = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** What a service's error body says, without addresses (a detail can quote the member's e-mail). */
export function errorDetail(body: unknown): string {
  const record = (body ?? {}) as Record<string, unknown>;
  const text = [record.title, record.detail, record.message, record.category]
    .filter((part): part is string => typeof part === 'string')
    .join(': ');
  return trim(text.replace(/[^\s@<>"']+@[^\s@<>"']+/g, '(address)'));
}

/**
 * One JSON request with a timeout; maps the answer to the errors above. 404 is given back to the caller (an
 * erasure of a member already gone is done) when allowNotFound; other non-2xx throw.
 */
export async function crmRequest<T = unknown>(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; form?: Record<string, string> },
  options: { allowNotFound?: boolean; service: string } = { service: 'CRM' },
): Promise<{ status: number; body: T }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...init.headers,
      },
      body: init.form
        ? new URLSearchParams(init.form).toString()
        : init.body !== undefined
          ? JSON.stringify(init.body)
          : undefined,
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    throw new CrmRetryableError(`${options.service} did not answer (${name})`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { status, body: body as T };
  if (status === 404 && options.allowNotFound) return { status, body: body as T };
  const detail = errorDetail(body);
  const said = `${options.service} answered ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new CrmRetryableError(said, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  if (status >= 500) throw new CrmRetryableError(said);
  if (status === 401 || status === 403) throw new CrmAuthError(said);
  throw new CrmRequestError(said, status);
}
