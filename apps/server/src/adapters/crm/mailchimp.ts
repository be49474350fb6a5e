// Mailchimp Marketing API v3 (decision 155): a customer is an audience member, upserted by PUT on their
// subscriber hash (new members subscribed, existing ones keep the status they chose unless they consented again
// after withdrawing), tagged once per event they bought for; withdrawn consent unsubscribes, erasure deletes the
// member permanently. Auth: an OAuth token (Bearer) or an API key `<key>-<dc>` (Basic).
import {
  crmRequest,
  subscriberHash,
  type CrmAudience,
  type CrmClient,
  type CrmContact,
  type CrmUpserted,
} from './crm.js';

export interface MailchimpOptions {
  /** https://<dc>.api.mailchimp.com, or MAILCHIMP_API_URL in tests. */
  apiBase: string;
  /** The Authorization header's value. */
  authorization: string;
  listId: string | null;
}

const service = 'Mailchimp';

/** The data centre of an API key (`abc123-us21` → `us21`), or null when it has none. */
export function mailchimpKeyDataCenter(key: string): string | null {
  const match = /^[0-9a-f]{16,64}-([a-z]{2,4}\d{1,3})$/i.exec(key.trim());
  return match ? match[1]!.toLowerCase() : null;
}

export const mailchimpApiBase = (dc: string, override: string | undefined) =>
  (override ?? `https://${dc}.api.mailchimp.com`).replace(/\/$/, '');

export const mailchimpKeyAuthorization = (key: string) =>
  `Basic ${Buffer.from(`marquee:${key.trim()}`).toString('base64')}`;

export function createMailchimpClient(options: MailchimpOptions): CrmClient {
  const headers = { authorization: options.authorization };
  const api = (path: string) => `${options.apiBase}/3.0${path}`;
  const member = (hash: string) => {
    if (!options.listId) throw new Error('Mailchimp: no audience chosen');
    return api(`/lists/${encodeURIComponent(options.listId)}/members/${hash}`);
  };

  async function upsertOne(contact: CrmContact): Promise<CrmUpserted> {
    const hash = subscriberHash(contact.email);
    await crmRequest(
      member(hash),
      {
        method: 'PUT',
        headers,
        body: {
          email_address: contact.email,
          status_if_new: 'subscribed',
          ...(contact.resubscribe ? { status: 'subscribed' } : {}),
          merge_fields: { FNAME: contact.firstName, LNAME: contact.lastName },
        },
      },
      { service },
    );
    const newTags = contact.events.filter((name) => !contact.knownTags.includes(name));
    if (newTags.length > 0) {
      await crmRequest(
        `${member(hash)}/tags`,
        { method: 'POST', headers, body: { tags: newTags.map((name) => ({ name, status: 'active' })) } },
        { service },
      );
    }
    return { email: contact.email, remoteId: hash };
  }

  return {
    provider: 'mailchimp',
    batchSize: 1,
    async accountLabel() {
      const { body } = await crmRequest<{ account_name?: string }>(api('/'), { method: 'GET', headers }, { service });
      return String(body?.account_name ?? 'Mailchimp');
    },
    async audiences(): Promise<CrmAudience[]> {
      const { body } = await crmRequest<{ lists?: Array<{ id: string; name: string }> }>(
        api('/lists?count=100&fields=lists.id,lists.name'),
        { method: 'GET', headers },
        { service },
      );
      return (body?.lists ?? []).map((list) => ({ id: String(list.id), name: String(list.name) }));
    },
    async prepare() {},
    async upsert(contacts) {
      const done: CrmUpserted[] = [];
      for (const contact of contacts) done.push(await upsertOne(contact));
      return done;
    },
    async withdraw(remoteId) {
      await crmRequest(
        member(remoteId),
        { method: 'PATCH', headers, body: { status: 'unsubscribed' } },
        { service, allowNotFound: true },
      );
    },
    async erase(remoteId) {
      await crmRequest(
        `${member(remoteId)}/actions/delete-permanent`,
        { method: 'POST', headers },
        { service, allowNotFound: true },
      );
    },
  };
}

/** Mailchimp's OAuth 2 (no refresh: its tokens do not expire); the token's data centre comes from metadata. */
export interface MailchimpOAuth {
  /** https://login.mailchimp.com, or MAILCHIMP_OAUTH_URL in tests. */
  oauthBase: string;
  clientId: string;
  clientSecret: string;
}

export function mailchimpAuthorizeUrl(oauth: MailchimpOAuth, redirectUri: string, state: string): string {
  const url = new URL(`${oauth.oauthBase.replace(/\/$/, '')}/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: oauth.clientId,
    redirect_uri: redirectUri,
    state,
  }).toString();
  return url.toString();
}

export async function mailchimpExchangeCode(
  oauth: MailchimpOAuth,
  redirectUri: string,
  code: string,
): Promise<{ accessToken: string; dc: string; accountName: string }> {
  const base = oauth.oauthBase.replace(/\/$/, '');
  const { body: token } = await crmRequest<{ access_token?: string }>(
    `${base}/oauth2/token`,
    {
      method: 'POST',
      headers: {},
      form: {
        grant_type: 'authorization_code',
        client_id: oauth.clientId,
        client_secret: oauth.clientSecret,
        redirect_uri: redirectUri,
        code,
      },
    },
    { service },
  );
  if (!token?.access_token) throw new Error('Mailchimp gave no access token');
  const { body: metadata } = await crmRequest<{ dc?: string; accountname?: string }>(
    `${base}/oauth2/metadata`,
    { method: 'GET', headers: { authorization: `OAuth ${token.access_token}` } },
    { service },
  );
  if (!metadata?.dc) throw new Error('Mailchimp gave no data centre');
  return { accessToken: token.access_token, dc: metadata.dc, accountName: metadata.accountname ?? 'Mailchimp' };
}
