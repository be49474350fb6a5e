// Helpers for the check-in tests: a door-staff member added to an organisation, and the check-in app's
// requests as the phone sends them (cookie and Origin, a device id).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { member } from '../src/db/schema/index.js';
import { asBrowser, signUpAndVerify, type SignedInUser } from './auth-helpers.js';

export const DEVICE = 'device-aaaaaaaa';
export const OTHER_DEVICE = 'device-bbbbbbbb';

/** A new user who is a member of the organisation with `role` (as an accepted invitation leaves it). */
export async function addMember(app: FastifyInstance, organizationId: string, role: 'door' | 'admin' | 'member') {
  const user = await signUpAndVerify(app);
  const me = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
  const userId = (me.json() as { user: { id: string } }).user.id;
  await app.db.insert(member).values({ id: `m-${userId}`, organizationId, userId, role, createdAt: new Date() });
  return user;
}

/** The organisation of an organiser (their first membership). */
export async function organizationOf(app: FastifyInstance, user: SignedInUser): Promise<string> {
  const me = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
  const userId = (me.json() as { user: { id: string } }).user.id;
  const [row] = await app.db.select().from(member).where(eq(member.userId, userId));
  return row!.organizationId;
}

export const checkinGet = (app: FastifyInstance, user: SignedInUser | null, url: string) =>
  app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

export const checkinPost = (app: FastifyInstance, user: SignedInUser | null, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: user ? asBrowser(user) : { origin: 'http://localhost:3000' }, payload });

export const scan = (app: FastifyInstance, user: SignedInUser, eventId: string, body: object) =>
  checkinPost(app, user, `/api/checkin/events/${eventId}/scan`, { device_id: DEVICE, ...body });

export const doorSale = (app: FastifyInstance, user: SignedInUser, eventId: string, body: object) =>
  checkinPost(app, user, `/api/checkin/events/${eventId}/door-sales`, {
    device_id: DEVICE,
    sale_id: randomUUID(),
    ...body,
  });
