// Team rules through the real API: invitations e-mailed with a single-use, expiring link that signs the invitee up
// and joins them with their role; only the owner manages the team; roles change and members leave, never the
// last owner; an invitation is only for its own address; one organisation's team is out of another's reach.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@marquee/shared';
import { member, teamInvitation } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, signUpAndVerify, uniqueEmail, type SignedInUser } from '../../../test/auth-helpers.js';
import { accept, invitationToken, invite, joinAs, ownerWithOrganization, teamOf } from '../../../test/team-helpers.js';
import { ROLE_FORBIDDEN_MESSAGE } from '../auth/auth.guard.js';
import { hashToken } from './team.service.js';

let t: TestApp;
let owner: SignedInUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  const world = await ownerWithOrganization(t.app, `team-${Date.now()}`);
  owner = world.owner;
  organizationId = world.organization.id;
});
afterAll(async () => t?.close());

const info = async (user: SignedInUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/org/info', headers: asBrowser(user) })).json() as {
    organization: { id: string; role: string; name: string } | null;
  };

describe('invitations', () => {
  it('e-mails a link that signs the invitee up and joins them with the role, without onboarding', async () => {
    const email = uniqueEmail('door');
    const invited = await invite(t.app, owner, email.toUpperCase(), 'door');
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, role: 'door' });
    const token = await invitationToken(t.app, email);

    const mails = (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${email}` })).json();
    expect(mails[0].subject).toBe('You are invited to join Acme Events on Marquee');
    expect(mails[0].text).toContain(`http://localhost:3000/invite/${token}`);
    expect(mails[0].text).toContain('as Door staff');

    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ organization_name: 'Acme Events', email, role: 'door' });

    const user = await signUpAndVerify(t.app, email);
    expect((await info(user)).organization).toBeNull(); // not a member until accepted
    const accepted = await accept(t.app, user, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organization_name: 'Acme Events', role: 'door' });
    expect((await info(user)).organization).toMatchObject({ id: organizationId, role: 'door' });
    const team = await teamOf(t.app, owner);
    expect(team.members.find((entry) => entry.email === email)?.role).toBe('door');
    expect(team.invitations.find((entry) => entry.email === email)).toBeUndefined();
  });

  it('works once: a second use of the link is refused with a clear message', async () => {
    const email = uniqueEmail('once');
    await invite(t.app, owner, email, 'admin');
    const token = await invitationToken(t.app, email);
    const user = await signUpAndVerify(t.app, email);
    expect((await accept(t.app, user, token)).statusCode).toBe(200);
    const again = await accept(t.app, user, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(TEAM_MESSAGES.invitationUsed);
    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.json().error.message).toBe(TEAM_MESSAGES.invitationUsed);
  });

  it('two accepts of one link at once join once', async () => {
    const email = uniqueEmail('race');
    await invite(t.app, owner, email, 'door');
    const token = await invitationToken(t.app, email);
    const user = await signUpAndVerify(t.app, email);
    const answers = await Promise.all([accept(t.app, user, token), accept(t.app, user, token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('expires: an old link is refused and joins no one', async () => {
    const email = uniqueEmail('late');
    await invite(t.app, owner, email, 'door');
    const token = await invitationToken(t.app, email);
    await t.database.db
      .update(teamInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitation.tokenHash, hashToken(token)));
    const user = await signUpAndVerify(t.app, email);
    const answer = await accept(t.app, user, token);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(TEAM_MESSAGES.invitationExpired);
    expect((await info(user)).organization).toBeNull();
  });

  it('is only for its own address: another signed-in account is refused and the link stays usable', async () => {
    const email = uniqueEmail('right');
    await invite(t.app, owner, email, 'door');
    const token = await invitationToken(t.app, email);
    const stranger = await signUpAndVerify(t.app);
    const refused = await accept(t.app, stranger, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(TEAM_MESSAGES.wrongAccount(email));
    expect((await info(stranger)).organization).toBeNull();
    const rightful = await signUpAndVerify(t.app, email);
    expect((await accept(t.app, rightful, token)).statusCode).toBe(200);
  });

  it('needs a signed-in invitee, and an unknown link is not valid', async () => {
    const email = uniqueEmail('anon');
    await invite(t.app, owner, email, 'door');
    const token = await invitationToken(t.app, email);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/invitations/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(TEAM_MESSAGES.invitationNotFound);
  });

  it('inviting again replaces the old link; a withdrawn invitation is refused', async () => {
    const email = uniqueEmail('again');
    await invite(t.app, owner, email, 'door');
    const first = await invitationToken(t.app, email);
    await invite(t.app, owner, email, 'admin');
    const second = await invitationToken(t.app, email);
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: `/api/invitations/${first}` });
    expect(old.json().error.message).toBe(TEAM_MESSAGES.invitationRevoked);
    const open = (await teamOf(t.app, owner)).invitations.filter((entry) => entry.email === email);
    expect(open).toEqual([expect.objectContaining({ role: 'admin' })]);

    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/team/invitations/${open[0]!.id}`,
      headers: asBrowser(owner),
    });
    expect(withdrawn.statusCode).toBe(200);
    const user = await signUpAndVerify(t.app, email);
    const answer = await accept(t.app, user, second);
    expect(answer.json().error.message).toBe(TEAM_MESSAGES.invitationRevoked);
  });

  it('refuses a member already in the team, a malformed address and an unknown role', async () => {
    const existing = await invite(t.app, owner, owner.email, 'admin');
    expect(existing.statusCode).toBe(409);
    expect(existing.json().error.message).toBe(TEAM_MESSAGES.alreadyMember);
    const badEmail = await invite(t.app, owner, 'not-an-address', 'door');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields[0]).toMatchObject({ path: 'email', message: 'Enter a valid email address' });
    const badRole = await invite(t.app, owner, uniqueEmail(), 'superuser' as 'door');
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error.message).toContain('Choose a role');
  });
});

describe('roles and removal', () => {
  it('the owner changes a role; it takes effect on the next request', async () => {
    const door = await joinAs(t.app, owner, 'door');
    const events = () => t.app.inject({ method: 'GET', url: '/api/events', headers: asBrowser(door) });
    expect((await events()).statusCode).toBe(403);
    const id = (await teamOf(t.app, owner)).members.find((entry) => entry.email === door.email)!.id;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/members/${id}`,
      headers: asBrowser(owner),
      payload: { role: 'admin' },
    });
    expect(changed.json()).toEqual({ id, role: 'admin' });
    expect((await events()).statusCode).toBe(200);
    expect((await info(door)).organization?.role).toBe('admin');
  });

  it('the owner removes a member, who then has no organisation and no access', async () => {
    const admin = await joinAs(t.app, owner, 'admin');
    const id = (await teamOf(t.app, owner)).members.find((entry) => entry.email === admin.email)!.id;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/team/members/${id}`, headers: asBrowser(owner) });
    expect(removed.statusCode).toBe(200);
    expect((await info(admin)).organization).toBeNull();
    const events = await t.app.inject({ method: 'GET', url: '/api/events', headers: asBrowser(admin) });
    expect(events.statusCode).toBe(403);
    expect(events.json().error.code).toBe('NO_ORGANIZATION');
  });

  it('the last owner can neither step down nor leave; with a second owner they can', async () => {
    const { owner: solo } = await ownerWithOrganization(t.app, `solo-${Date.now()}`);
    const me = (await teamOf(t.app, solo)).members.find((entry) => entry.is_you)!;
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/members/${me.id}`,
      headers: asBrowser(solo),
      payload: { role: 'admin' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(TEAM_MESSAGES.lastOwner);
    const leave = await t.app.inject({ method: 'DELETE', url: `/api/team/members/${me.id}`, headers: asBrowser(solo) });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().error.message).toBe(TEAM_MESSAGES.lastOwner);

    const second = await joinAs(t.app, solo, 'owner');
    expect((await teamOf(t.app, second)).members.filter((entry) => entry.role === 'owner')).toHaveLength(2);
    const stepDown = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/members/${me.id}`,
      headers: asBrowser(solo),
      payload: { role: 'admin' },
    });
    expect(stepDown.statusCode).toBe(200);
    // Now an admin: the team is no longer theirs to manage.
    const team = await t.app.inject({ method: 'GET', url: '/api/team', headers: asBrowser(solo) });
    expect(team.statusCode).toBe(403);
  });

  it('only the owner manages the team: admins and door staff are refused with a clear message', async () => {
    const admin = await joinAs(t.app, owner, 'admin');
    const door = await joinAs(t.app, owner, 'door');
    const ownMember = (await teamOf(t.app, owner)).members.find((entry) => entry.email === admin.email)!.id;
    for (const user of [admin, door]) {
      const requests = [
        t.app.inject({ method: 'GET', url: '/api/team', headers: asBrowser(user) }),
        invite(t.app, user, uniqueEmail(), 'owner'),
        t.app.inject({
          method: 'PATCH',
          url: `/api/team/members/${ownMember}`,
          headers: asBrowser(user),
          payload: { role: 'owner' },
        }),
        t.app.inject({ method: 'DELETE', url: `/api/team/members/${ownMember}`, headers: asBrowser(user) }),
      ];
      for (const answer of await Promise.all(requests)) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error).toEqual({ code: 'FORBIDDEN', message: ROLE_FORBIDDEN_MESSAGE });
      }
    }
    const [row] = await t.database.db.select().from(member).where(eq(member.id, ownMember));
    expect(row?.role).toBe('admin');
  });

  it("one organisation's owner cannot reach another's members or invitations", async () => {
    const { owner: other } = await ownerWithOrganization(t.app, `other-${Date.now()}`);
    const email = uniqueEmail('theirs');
    await invite(t.app, owner, email, 'door');
    const mine = await teamOf(t.app, owner);
    const memberId = mine.members.find((entry) => entry.is_you)!.id;
    const invitationId = mine.invitations.find((entry) => entry.email === email)!.id;
    const answers = await Promise.all([
      t.app.inject({
        method: 'PATCH',
        url: `/api/team/members/${memberId}`,
        headers: asBrowser(other),
        payload: { role: 'door' },
      }),
      t.app.inject({ method: 'DELETE', url: `/api/team/members/${memberId}`, headers: asBrowser(other) }),
      t.app.inject({ method: 'DELETE', url: `/api/team/invitations/${invitationId}`, headers: asBrowser(other) }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    expect((await teamOf(t.app, owner)).invitations.some((entry) => entry.id === invitationId)).toBe(true);
    expect((await teamOf(t.app, other)).members.map((entry) => entry.email)).toEqual([other.email]);
  });
});
