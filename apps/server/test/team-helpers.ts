// Helpers for team tests: an owner with an organisation, and members who join through the real invitation
// e-mail (the link read from the outbox), sign-up and accept.
import type { FastifyInstance } from 'fastify';
import { asBrowser, createOrganizationFor, signUpAndVerify, uniqueEmail, type SignedInUser } from './auth-helpers.js';

export type Role = 'owner' | 'admin' | 'door';

/** The token of the newest invitation e-mail sent to `email`. */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
  const mails = response.json() as Array<{ subject: string; text: string }>;
  const invitation = mails.find((mail) => mail.subject.includes('invited'));
  const match = invitation?.text.match(/\/invite\/([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no invitation mailed to ${email}`);
  return match[1];
}

export async function invite(app: FastifyInstance, owner: SignedInUser, email: string, role: Role) {
  return app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    headers: asBrowser(owner),
    payload: { email, role },
  });
}

export async function accept(app: FastifyInstance, user: SignedInUser, token: string) {
  return app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: asBrowser(user) });
}

export async function ownerWithOrganization(app: FastifyInstance, subdomain: string) {
  const owner = await signUpAndVerify(app);
  const organization = await createOrganizationFor(app, owner, subdomain);
  return { owner, organization };
}

/** Invites a new address with `role`, signs it up and accepts: a member of the owner's organisation. */
export async function joinAs(app: FastifyInstance, owner: SignedInUser, role: Role): Promise<SignedInUser> {
  const email = uniqueEmail(role);
  const invited = await invite(app, owner, email, role);
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = await invitationToken(app, email);
  const user = await signUpAndVerify(app, email);
  const accepted = await accept(app, user, token);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return user;
}

export async function teamOf(app: FastifyInstance, owner: SignedInUser) {
  const response = await app.inject({ method: 'GET', url: '/api/team', headers: asBrowser(owner) });
  if (response.statusCode !== 200) throw new Error(`team failed: ${response.statusCode} ${response.body}`);
  return response.json() as {
    members: Array<{ id: string; email: string; role: Role; is_you: boolean; name: string }>;
    invitations: Array<{ id: string; email: string; role: Role }>;
  };
}
