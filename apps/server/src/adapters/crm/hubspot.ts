// HubSpot CRM v3 (decision 155): a customer is a contact upserted by e-mail in batches (batch/upsert with
// idProperty email), carrying Marquee's purchase properties (created once per portal); withdrawn consent sets
// marquee_marketing_consent to false, erasure is HubSpot's GDPR delete. Auth: an OAuth access token or a
// private app token, both Bearer.
import { CrmRequestError, crmRequest, type CrmClient, type CrmContact, type CrmUpserted } from './crm.js';

export interface HubSpotOptions {
  /** https://api.hubapi.com, or HUBSPOT_API_URL in tests. */
  apiBase: string;
  /** A current access token (the service refreshes an OAuth one before calling). */
  accessToken: () => Promise<string>;
}

const service = 'HubSpot';
export const HUBSPOT_BATCH = 100;

/** The contact properties Marquee writes, created in HubSpot's contact information group. */
export const HUBSPOT_PROPERTIES = [
  { name: 'marquee_orders', label: 'Marquee orders', type: 'number', fieldType: 'number' },
  { name: 'marquee_tickets', label: 'Marquee tickets', type: 'number', fieldType: 'number' },
  { name: 'marquee_total_spend', label: 'Marquee total spend', type: 'number', fieldType: 'number' },
  { name: 'marquee_spend_currency', label: 'Marquee spend currency', type: 'string', fieldType: 'text' },
  { name: 'marquee_last_purchase', label: 'Marquee last purchase', type: 'datetime', fieldType: 'date' },
  { name: 'marquee_events', label: 'Marquee events', type: 'string', fieldType: 'textarea' },
  {
    name: 'marquee_marketing_consent',
    label: 'Marquee marketing consent',
    type: 'enumeration',
    fieldType: 'booleancheckbox',
    options: [
      { label: 'Yes', value: 'true', displayOrder: 0 },
      { label: 'No', value: 'false', displayOrder: 1 },
    ],
  },
] as const;

/** Minor units as the decimal HubSpot's number property shows (1250 → "12.50"). */
const major = (minor: number) => (minor / 100).toFixed(2);

export function hubspotProperties(contact: CrmContact): Record<string, string> {
  return {
    email: contact.email,
    firstname: contact.firstName,
    lastname: contact.lastName,
    ...(contact.phone ? { phone: contact.phone } : {}),
    ...(contact.country ? { country: contact.country } : {}),
    marquee_orders: String(contact.orders),
    marquee_tickets: String(contact.tickets),
    marquee_total_spend: major(contact.spendMinor),
    marquee_spend_currency: contact.spendCurrency,
    marquee_last_purchase: contact.lastPurchaseAt.toISOString(),
    marquee_events: contact.events.join('; '),
    marquee_marketing_consent: 'true',
  };
}

export function createHubSpotClient(options: HubSpotOptions): CrmClient {
  const api = (path: string) => `${options.apiBase.replace(/\/$/, '')}${path}`;
  const headers = async () => ({ authorization: `Bearer ${await options.accessToken()}` });

  async function upsertBatch(contacts: CrmContact[]): Promise<CrmUpserted[]> {
    const { body } = await crmRequest<{ results?: Array<{ id: string; properties?: Record<string, string> }> }>(
      api('/crm/v3/objects/contacts/batch/upsert'),
      {
        method: 'POST',
        headers: await headers(),
        body: {
          inputs: contacts.map((contact) => ({
            id: contact.email,
            idProperty: 'email',
            properties: hubspotProperties(contact),
          })),
        },
      },
      { service },
    );
    const byEmail = new Map(
      (body?.results ?? []).map((result) => [String(result.properties?.email ?? '').toLowerCase(), String(result.id)]),
    );
    return contacts.flatMap((contact) => {
      const remoteId = byEmail.get(contact.email.toLowerCase());
      return remoteId ? [{ email: contact.email, remoteId }] : [];
    });
  }

  return {
    provider: 'hubspot',
    batchSize: HUBSPOT_BATCH,
    async accountLabel() {
      const { body } = await crmRequest<{ portalId?: number; uiDomain?: string }>(
        api('/account-info/v3/details'),
        { method: 'GET', headers: await headers() },
        { service },
      );
      return body?.portalId ? `HubSpot portal ${body.portalId}` : 'HubSpot';
    },
    async audiences() {
      return [];
    },
    async prepare() {
      for (const property of HUBSPOT_PROPERTIES) {
        try {
          await crmRequest(
            api('/crm/v3/properties/contacts'),
            { method: 'POST', headers: await headers(), body: { ...property, groupName: 'contactinformation' } },
            { service },
          );
        } catch (error) {
          // 409: the property exists already (an earlier connection, or made by hand).
          if (!(error instanceof CrmRequestError && error.status === 409)) throw error;
        }
      }
    },
    async upsert(contacts) {
      try {
        return await upsertBatch(contacts);
      } catch (error) {
        // One refused contact (a 400 names an invalid address) must not hold back the rest of its batch.
        if (!(error instanceof CrmRequestError) || contacts.length === 1) throw error;
        const done: CrmUpserted[] = [];
        for (const contact of contacts) {
          try {
            done.push(...(await upsertBatch([contact])));
          } catch (single) {
            if (!(single instanceof CrmRequestError)) throw single;
          }
        }
        return done;
      }
    },
    async withdraw(remoteId) {
      await crmRequest(
        api(`/crm/v3/objects/contacts/${encodeURIComponent(remoteId)}`),
        { method: 'PATCH', headers: await headers(), body: { properties: { marquee_marketing_consent: 'false' } } },
        { service, allowNotFound: true },
      );
    },
    async erase(remoteId) {
      await crmRequest(
        api('/crm/v3/objects/contacts/gdpr-delete'),
        { method: 'POST', headers: await headers(), body: { objectId: remoteId } },
        { service, allowNotFound: true },
      );
    },
  };
}

/** HubSpot's OAuth 2: the consent page, then tokens (with a refresh token) from /oauth/v1/token. */
export interface HubSpotOAuth {
  /** https://app.hubspot.com, or HUBSPOT_OAUTH_URL in tests. */
  authorizeBase: string;
  apiBase: string;
  clientId: string;
  clientSecret: string;
}

export const HUBSPOT_SCOPES = [
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.schemas.contacts.read',
  'crm.schemas.contacts.write',
];

export function hubspotAuthorizeUrl(oauth: HubSpotOAuth, redirectUri: string, state: string): string {
  const url = new URL(`${oauth.authorizeBase.replace(/\/$/, '')}/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: oauth.clientId,
    redirect_uri: redirectUri,
    scope: HUBSPOT_SCOPES.join(' '),
    state,
  }).toString();
  return url.toString();
}

export interface HubSpotTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export async function hubspotToken(
  oauth: HubSpotOAuth,
  grant: { code: string; redirectUri: string } | { refreshToken: string },
): Promise<HubSpotTokens> {
  const form: Record<string, string> =
    'code' in grant
      ? { grant_type: 'authorization_code', code: grant.code, redirect_uri: grant.redirectUri }
      : { grant_type: 'refresh_token', refresh_token: grant.refreshToken };
  const { body } = await crmRequest<{ access_token?: string; refresh_token?: string; expires_in?: number }>(
    `${oauth.apiBase.replace(/\/$/, '')}/oauth/v1/token`,
    { method: 'POST', headers: {}, form: { ...form, client_id: oauth.clientId, client_secret: oauth.clientSecret } },
    { service },
  );
  if (!body?.access_token || !body.refresh_token) throw new Error('HubSpot gave no tokens');
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: Date.now() + Number(body.expires_in ?? 1800) * 1000,
  };
}
