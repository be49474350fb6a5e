// A stand-in for HubSpot on 127.0.0.1 (decision 155): the CRM v3 endpoints Customer Sync uses (account details,
// contact properties, batch upsert by e-mail, contact update, GDPR delete) answering like the real API, and its
// OAuth 2 (authorize redirects straight back as if the user approved; tokens with refresh tokens).
import { startFakeCrmServer, type FakeCrmServer } from './fake-crm-server.js';

export interface FakeContact {
  id: string;
  properties: Record<string, string>;
}

export interface FakeHubSpot extends FakeCrmServer {
  /** Accepted access tokens (private app tokens and issued OAuth ones). */
  tokens: Set<string>;
  contacts: Map<string, FakeContact>;
  /** Contact properties that exist (the default ones are not listed). */
  properties: Set<string>;
  /** Contact ids deleted by GDPR delete. */
  gdprDeleted: string[];
  clientId: string;
  clientSecret: string;
  /** expires_in of the tokens it issues (seconds). */
  settings: { tokenLifetime: number };
}

export const FAKE_HUBSPOT_TOKEN = 'pat-eu1-11111111-2222-3333-4444-555555555555';

export async function startFakeHubSpot(port = 0): Promise<FakeHubSpot> {
  const tokens = new Set([FAKE_HUBSPOT_TOKEN]);
  const refreshTokens = new Set<string>();
  const codes = new Set<string>();
  const contacts = new Map<string, FakeContact>();
  const properties = new Set<string>();
  const gdprDeleted: string[] = [];
  let issued = 0;
  let nextId = 1000;
  const settings = { tokenLifetime: 1800 };
  const clientId = 'hs-client';
  const clientSecret = 'hs-secret';
  const error = (status: number, category: string, message: string) => ({
    status,
    body: { status: 'error', category, message, correlationId: 'fake' },
  });
  const issue = () => {
    const access = `hs-access-${(issued += 1)}`;
    const refresh = `hs-refresh-${issued}`;
    tokens.add(access);
    refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: settings.tokenLifetime, token_type: 'bearer' };
  };
  const byEmail = (email: string) => [...contacts.values()].find((contact) => contact.properties.email === email);

  const server = await startFakeCrmServer((request, url) => {
    const path = url.pathname;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (path === '/oauth/authorize') {
      const code = `hs-code-${(issued += 1)}`;
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return { status: 302, headers: { location: back.toString() } };
    }
    if (path === '/oauth/v1/token' && request.method === 'POST') {
      const form = body as Record<string, string>;
      if (form.client_id !== clientId || form.client_secret !== clientSecret)
        return { status: 400, body: { status: 'BAD_CLIENT_ID', message: 'bad client' } };
      if (form.grant_type === 'authorization_code' && codes.delete(form.code ?? ''))
        return { status: 200, body: issue() };
      if (form.grant_type === 'refresh_token' && refreshTokens.delete(form.refresh_token ?? ''))
        return { status: 200, body: issue() };
      return { status: 400, body: { status: 'BAD_AUTH_CODE', message: 'invalid grant' } };
    }
    const token = request.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(token)) return error(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
    if (path === '/account-info/v3/details')
      return { status: 200, body: { portalId: 4242, uiDomain: 'app.hubspot.com' } };
    if (path === '/crm/v3/properties/contacts' && request.method === 'POST') {
      const name = String(body.name);
      if (properties.has(name))
        return error(409, 'OBJECT_ALREADY_EXISTS', `A property named '${name}' already exists.`);
      properties.add(name);
      return { status: 201, body: { ...body } };
    }
    if (path === '/crm/v3/objects/contacts/batch/upsert' && request.method === 'POST') {
      const inputs = (body.inputs ?? []) as Array<{
        id: string;
        idProperty: string;
        properties: Record<string, string>;
      }>;
      const unknown = inputs.flatMap((input) =>
        Object.keys(input.properties).filter((name) => name.startsWith('marquee_') && !properties.has(name)),
      );
      if (unknown.length > 0) return error(400, 'VALIDATION_ERROR', `Property "${unknown[0]}" does not exist`);
      if (inputs.some((input) => input.idProperty !== 'email' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.id)))
        return error(400, 'VALIDATION_ERROR', 'Property values were not valid: INVALID_EMAIL');
      const results = inputs.map((input) => {
        const existing = byEmail(input.id);
        const contact = existing ?? { id: String((nextId += 1)), properties: {} };
        contact.properties = { ...contact.properties, ...input.properties, email: input.id };
        contacts.set(contact.id, contact);
        return { id: contact.id, properties: contact.properties, new: !existing };
      });
      return { status: 200, body: { status: 'COMPLETE', results } };
    }
    if (path === '/crm/v3/objects/contacts/gdpr-delete' && request.method === 'POST') {
      const id = String(body.objectId);
      if (!contacts.delete(id)) return error(404, 'OBJECT_NOT_FOUND', 'resource not found');
      gdprDeleted.push(id);
      return { status: 204 };
    }
    const single = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
    if (single && request.method === 'PATCH') {
      const contact = contacts.get(single[1]!);
      if (!contact) return error(404, 'OBJECT_NOT_FOUND', 'resource not found');
      contact.properties = { ...contact.properties, ...(body.properties as Record<string, string>) };
      return { status: 200, body: contact };
    }
    return error(404, 'OBJECT_NOT_FOUND', 'resource not found');
  }, port);
  return Object.assign(server, {
    tokens,
    contacts,
    properties,
    gdprDeleted,
    clientId,
    clientSecret,
    settings,
  });
}
