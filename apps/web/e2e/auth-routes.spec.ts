// The production build (apps/server/dist/server.js, which this lane runs) keeps better-auth's organisation routes
// closed however the request line spells the path: raw request lines over a plain TCP socket, so nothing between
// the test and the server resolves `./`, `%2e`, `x/../` or backslashes, and absolute-form targets too. After the
// attempts the team and the organisation are as the owner left them; sign-in and the session still work.
import type { APIRequestContext } from '@playwright/test';
import { E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, createVerifiedUser, uniqueSubdomain, type Organiser } from './support/api';
import { rawRequest } from './support/raw-http';

const ORIGIN = `http://localhost:${E2E_PORT}`;

function spellings(rest: string): string[] {
  return [
    `/api/auth/${rest}`,
    `/api/auth/./${rest}`,
    `/api/auth/%2e/${rest}`,
    `/api/auth/x/../${rest}`,
    `/api/auth/x/%2e%2e/${rest}`,
    `/api/auth/x\\..\\${rest.replace(/\//g, '\\')}`,
    `/api/auth//${rest}`,
    `/api/auth/%6f${rest.slice(1)}`,
    `/api/auth/../auth/${rest}`,
    `http://evil.example/api/auth/${rest}`,
    `${ORIGIN}/api/auth/${rest}`,
  ];
}

async function team(request: APIRequestContext, owner: Organiser) {
  const response = await request.get('/api/team', { headers: { cookie: owner.cookieHeader } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { members: Array<{ id: string; email: string; role: string }> };
}

test('the organisation routes stay closed on the production build, however the request line is written', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createOrganiser(request, { subdomain: uniqueSubdomain('closed') });
  const doorEmail = `door-${Date.now().toString(36)}@example.com`;
  const invited = await request.post('/api/team/invitations', {
    headers: { cookie: owner.cookieHeader, origin: ORIGIN },
    data: { email: doorEmail, role: 'door' },
  });
  expect(invited.status()).toBe(201);
  const mails = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(doorEmail)}`)).json()) as Array<{
    text: string;
  }>;
  const token = mails.map((mail) => mail.text.match(/\/invite\/([\w-]+)/)?.[1]).find(Boolean);
  const door = await createVerifiedUser(request, { email: doorEmail });
  const accepted = await request.post(`/api/invitations/${token}/accept`, {
    headers: { cookie: door.cookieHeader, origin: ORIGIN },
  });
  expect(accepted.status()).toBe(200);
  const doorMember = (await team(request, owner)).members.find((member) => member.email === doorEmail)!;

  const attempts = [
    {
      rest: 'organization/update-member-role',
      cookie: owner.cookieHeader,
      body: { memberId: doorMember.id, role: 'admin' },
    },
    { rest: 'organization/invite-member', cookie: owner.cookieHeader, body: { email: 'x@example.com', role: 'admin' } },
    { rest: 'organization/remove-member', cookie: owner.cookieHeader, body: { memberIdOrEmail: doorEmail } },
    { rest: `organization/list-members?organizationId=${owner.organizationId}`, cookie: door.cookieHeader },
    { rest: 'organization/delete', cookie: owner.cookieHeader, body: {} },
  ];
  for (const attempt of attempts) {
    for (const target of spellings(attempt.rest)) {
      const body = attempt.body ? JSON.stringify({ ...attempt.body, organizationId: owner.organizationId }) : undefined;
      const response = await rawRequest(E2E_PORT, {
        method: body ? 'POST' : 'GET',
        target,
        headers: { cookie: attempt.cookie, origin: ORIGIN },
        ...(body ? { body } : {}),
      });
      const absolute = !target.startsWith('/');
      expect(response.status, target).toBe(absolute ? 400 : 404);
      expect(JSON.parse(response.body).error.code, target).toBe(absolute ? 'BAD_REQUEST' : 'NOT_FOUND');
      expect(response.body, target).not.toContain(owner.email);
    }
  }

  const after = await team(request, owner);
  expect(after.members.map((member) => [member.email, member.role]).sort()).toEqual(
    [
      [owner.email, 'owner'],
      [doorEmail, 'door'],
    ].sort(),
  );
  const info = await request.get('/api/org/info', { headers: { cookie: owner.cookieHeader } });
  expect(((await info.json()) as { organization: { id: string } }).organization.id).toBe(owner.organizationId);
  const invitations = await request.get(`/api/dev/mail?to=${encodeURIComponent('x@example.com')}`);
  expect(await invitations.json()).toEqual([]);

  // What the product uses still answers on the same socket: sign-in sets the cookie; the session carries no token.
  const signIn = await rawRequest(E2E_PORT, {
    method: 'POST',
    target: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    body: JSON.stringify({ email: door.email, password: door.password }),
  });
  expect(signIn.status).toBe(200);
  expect(signIn.headers['set-auth-token']).toBeUndefined();
  expect(signIn.body).not.toContain('"token"');
  const cookie = (signIn.headers['set-cookie'] ?? '')
    .split('\n')
    .map((line) => line.split(';')[0])
    .join('; ');
  const session = await rawRequest(E2E_PORT, { method: 'GET', target: '/api/auth/get-session', headers: { cookie } });
  expect(session.status).toBe(200);
  expect(JSON.parse(session.body).user.email).toBe(door.email);
  expect(session.body).not.toContain('"token"');
});
