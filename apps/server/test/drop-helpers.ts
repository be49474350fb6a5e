// Helpers for tests of on-sale drops: the organiser's codes and sales settings through the API, and the
// storefront's event page and checkout as a fan's browser would use them.
import type { FastifyInstance } from 'fastify';
import type { CodeDto, CodeInput } from '@marquee/shared';
import type { SignedInUser } from './auth-helpers.js';
import { buyer, postCheckout } from './checkout-helpers.js';

const origin = 'http://localhost:3000';

export async function createCode(app: FastifyInstance, user: SignedInUser, eventId: string, input: CodeInput) {
  return app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/codes`,
    headers: { cookie: user.cookie, origin },
    payload: input,
  });
}

export async function makeCode(
  app: FastifyInstance,
  user: SignedInUser,
  eventId: string,
  input: CodeInput,
): Promise<CodeDto> {
  const response = await createCode(app, user, eventId, input);
  if (response.statusCode !== 201) throw new Error(`code create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function listCodes(app: FastifyInstance, user: SignedInUser, eventId: string): Promise<CodeDto[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/codes`,
    headers: { cookie: user.cookie },
  });
  return response.json().codes;
}

export async function putSales(
  app: FastifyInstance,
  user: SignedInUser,
  eventId: string,
  body: Record<string, unknown>,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}/sales`,
    headers: { cookie: user.cookie, origin },
    payload: { max_tickets_per_order: 20, max_tickets_per_email: 40, ...body },
  });
}

export async function addType(
  app: FastifyInstance,
  user: SignedInUser,
  eventId: string,
  input: Record<string, unknown>,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/ticket-types`,
    headers: { cookie: user.cookie, origin },
    payload: { description: '', capacity: null, max_per_order: 10, hidden: false, ...input },
  });
  if (response.statusCode !== 201) throw new Error(`type create failed: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** A checkout of `quantities` (type id -> n) with optional codes and e-mail. */
export function checkout(
  app: FastifyInstance,
  host: string,
  eventId: string,
  quantities: Record<string, number>,
  extra: { access_code?: string; promo_code?: string; email?: string } = {},
) {
  const fields: Record<string, string> = { ...buyer };
  for (const [id, quantity] of Object.entries(quantities)) fields[`qty_${id}`] = String(quantity);
  if (extra.access_code) fields.access_code = extra.access_code;
  if (extra.promo_code) fields.promo_code = extra.promo_code;
  if (extra.email) fields.email = extra.email;
  return postCheckout(app, host, eventId, fields);
}

/** 'YYYY-MM-DDTHH:mm' in Europe/London, `minutes` from now (the API takes local times in the event's zone). */
export function londonLocal(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
