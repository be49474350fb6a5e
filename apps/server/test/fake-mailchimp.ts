// A stand-in for Mailchimp on 127.0.0.1 (decision 155): the Marketing API v3 endpoints Customer Sync uses
// (account root, lists, member upsert by subscriber hash, tags, unsubscribe, permanent delete) answering like
// the real API, and its OAuth 2 (authorize redirects straight back as if the user approved, token, metadata).
import { createHash } from 'node:crypto';
import { startFakeCrmServer, type FakeCrmServer } from './fake-crm-server.js';

export interface FakeMember {
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  tags: string[];
}

export interface FakeMailchimp extends FakeCrmServer {
  /** Accepted API keys (Basic auth's password). */
  keys: Set<string>;
  /** Accepted OAuth access tokens. */
  tokens: Set<string>;
  lists: Array<{ id: string; name: string }>;
  /** Members per list id, by subscriber hash. */
  members: Map<string, Map<string, FakeMember>>;
  /** Subscriber hashes deleted permanently (cannot be added again, like Mailchimp). */
  deleted: Set<string>;
  clientId: string;
  clientSecret: string;
}

export const FAKE_MAILCHIMP_KEY = '0123456789abcdef0123456789abcdef-us21';
const md5 = (text: string) => createHash('md5').update(text.toLowerCase()).digest('hex');

export async function startFakeMailchimp(port = 0): Promise<FakeMailchimp> {
  const keys = new Set([FAKE_MAILCHIMP_KEY]);
  const tokens = new Set<string>();
  const codes = new Set<string>();
  const lists = [
    { id: 'aud1', name: 'Festival fans' },
    { id: 'aud2', name: 'Newsletter' },
  ];
  const members = new Map<string, Map<string, FakeMember>>();
  const deleted = new Set<string>();
  const clientId = 'mc-client';
  const clientSecret = 'mc-secret';
  let issued = 0;

  const authorised = (authorization: string | undefined) => {
    if (!authorization) return false;
    if (authorization.startsWith('Bearer ')) return tokens.has(authorization.slice(7));
    if (authorization.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      return keys.has(decoded.slice(decoded.indexOf(':') + 1));
    }
    return false;
  };
  const problem = (status: number, title: string, detail: string) => ({ status, body: { status, title, detail } });

  const server = await startFakeCrmServer((request, url) => {
    const path = url.pathname;
    if (path === '/oauth2/authorize') {
      const code = `code-${(issued += 1)}`;
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return { status: 302, headers: { location: back.toString() } };
    }
    if (path === '/oauth2/token' && request.method === 'POST') {
      const form = request.body as Record<string, string>;
      if (form.client_id !== clientId || form.client_secret !== clientSecret || !codes.delete(form.code ?? ''))
        return { status: 400, body: { error: 'invalid_grant' } };
      const token = `mc-token-${(issued += 1)}`;
      tokens.add(token);
      return { status: 200, body: { access_token: token, expires_in: 0, scope: null } };
    }
    if (path === '/oauth2/metadata') {
      const token = request.authorization?.replace(/^OAuth /, '') ?? '';
      if (!tokens.has(token)) return { status: 401, body: { error: 'invalid_token' } };
      return { status: 200, body: { dc: 'us21', accountname: 'Fake Festival Co', api_endpoint: 'https://us21.api' } };
    }
    if (!authorised(request.authorization))
      return problem(
        401,
        'API Key Invalid',
        'Your API key may be invalid, or you have attempted to access the wrong datacenter.',
      );
    if (path === '/3.0/' || path === '/3.0') return { status: 200, body: { account_name: 'Fake Festival Co' } };
    if (path === '/3.0/lists' && request.method === 'GET')
      return { status: 200, body: { lists, total_items: lists.length } };
    const match = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})(\/tags|\/actions\/delete-permanent)?$/.exec(path);
    if (!match) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const [, listId, hash, tail] = match as unknown as [string, string, string, string | undefined];
    if (!lists.some((list) => list.id === listId)) return problem(404, 'Resource Not Found', 'No such list.');
    const list = members.get(listId) ?? new Map<string, FakeMember>();
    members.set(listId, list);
    const existing = list.get(hash);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!tail && request.method === 'PUT') {
      const email = String(body.email_address ?? '');
      if (md5(email) !== hash) return problem(400, 'Invalid Resource', 'The subscriber hash does not match.');
      if (deleted.has(hash))
        return problem(
          400,
          'Forgotten Email Not Subscribed',
          `${email} was permanently deleted and cannot be re-imported.`,
        );
      const member: FakeMember = existing ?? { email_address: email, status: '', merge_fields: {}, tags: [] };
      member.status =
        typeof body.status === 'string' ? body.status : existing ? existing.status : String(body.status_if_new);
      member.merge_fields = { ...member.merge_fields, ...(body.merge_fields as Record<string, string>) };
      list.set(hash, member);
      return { status: 200, body: { id: hash, ...member, tags: member.tags.map((name) => ({ name })) } };
    }
    if (!existing) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    if (!tail && request.method === 'PATCH') {
      if (typeof body.status === 'string') existing.status = body.status;
      return { status: 200, body: { id: hash, ...existing } };
    }
    if (tail === '/tags' && request.method === 'POST') {
      for (const tag of (body.tags ?? []) as Array<{ name: string; status: string }>) {
        if (tag.status === 'active' && !existing.tags.includes(tag.name)) existing.tags.push(tag.name);
        if (tag.status === 'inactive') existing.tags = existing.tags.filter((name) => name !== tag.name);
      }
      return { status: 204 };
    }
    if (tail === '/actions/delete-permanent' && request.method === 'POST') {
      list.delete(hash);
      deleted.add(hash);
      return { status: 204 };
    }
    return problem(405, 'Method Not Allowed', 'Not supported here.');
  }, port);
  return Object.assign(server, { keys, tokens, lists, members, deleted, clientId, clientSecret });
}
