// Helpers for tests of the fan's checkout: an organiser with payouts enabled through the sandbox's real
// onboarding form, live events made through the API, and the storefront's forms posted as a browser would.
import type { FastifyInstance } from 'fastify';
import type { EventDto, EventInput } from '@marquee/shared';
import { createOrganizationFor, signUpAndVerify, type SignedInUser } from './auth-helpers.js';

const billing = 'http://localhost:3000/dashboard/billing';
export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export async function enablePayouts(app: FastifyInstance, user: SignedInUser) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/stripe/create-connect-account',
    headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    payload: { refresh_url: billing, return_url: billing },
  });
  const url = new URL(created.json().account_link_url as string);
  const onboard = await app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: form({
      business_name: 'Acme Events Ltd',
      business_type: 'company',
      country: 'GB',
      address_line1: '1 High Street',
      address_city: 'London',
      address_postal_code: 'N1 9GU',
      representative_name: 'Ada Lovelace',
      representative_dob: '1985-12-10',
      bank_account_holder: 'Acme Events Ltd',
      bank_routing: '108800',
      bank_account_number: '00012345',
      registration_number: '12345678',
    }),
  });
  if (onboard.statusCode !== 303) throw new Error(`onboarding failed: ${onboard.statusCode}`);
}

export const liveEventInput: EventInput = {
  artwork_url: '/uploads/images/poster.webp',
  name: 'Warehouse Night',
  description: 'All night long.',
  location: 'The Warehouse, London',
  start_local: '2031-06-14T19:00',
  end_local: '2031-06-15T03:00',
  time_zone: 'Europe/London',
  lineup: ['DJ One'],
  currency: 'GBP',
  price: '20.00',
  capacity: 100,
  minimum_age: 0,
  terms_of_service: '',
};

export async function createLiveEvent(
  app: FastifyInstance,
  user: SignedInUser,
  input: EventInput = {},
): Promise<EventDto> {
  const headers = { cookie: user.cookie, origin: 'http://localhost:3000' };
  const created = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers,
    payload: { ...liveEventInput, ...input },
  });
  if (created.statusCode !== 201) throw new Error(`event create failed: ${created.statusCode} ${created.body}`);
  const id = created.json().id as string;
  const published = await app.inject({ method: 'POST', url: `/api/events/${id}/publish`, headers });
  if (published.statusCode !== 200) throw new Error(`publish failed: ${published.statusCode} ${published.body}`);
  return published.json();
}

/** A verified organiser with an organisation on `subdomain` and payouts enabled. */
export async function sellingOrganiser(app: FastifyInstance, subdomain: string): Promise<SignedInUser> {
  const user = await signUpAndVerify(app);
  await createOrganizationFor(app, user, subdomain, `${subdomain} Events`);
  await enablePayouts(app, user);
  return user;
}

export const buyer = {
  first_name: 'Fran',
  last_name: 'Fan',
  email: 'fran@example.com',
  phone: '',
  country: 'GB',
};

let ipCounter = 0;
/** A distinct client address per call, so the per-IP checkout limit does not couple tests. */
export const fanIp = () => `192.0.2.${(ipCounter++ % 250) + 1}`;

export async function postCheckout(
  app: FastifyInstance,
  host: string,
  eventId: string,
  fields: Record<string, string>,
  options: { ip?: string; userAgent?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/events/${eventId}/checkout`,
    headers: {
      host,
      origin: `http://${host}`,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': options.userAgent ?? 'test-browser',
    },
    remoteAddress: options.ip ?? fanIp(),
    payload: form(fields),
  });
}

/** The order token from a checkout's redirect to /checkout/:token. */
export function tokenFrom(location: unknown): string {
  const match = /^\/checkout\/([A-Za-z0-9_-]{43})$/.exec(String(location));
  if (!match) throw new Error(`not a checkout redirect: ${String(location)}`);
  return match[1]!;
}

/** A waiting-list offer's details as its Pay form posts them. */
export const offerDetails = { first_name: 'Wanda', last_name: 'Waits', phone: '', country: 'GB' };

/** Pays a held order in the sandbox's hosted checkout with `card`; returns the sandbox's redirect. */
export async function payWithCard(
  app: FastifyInstance,
  host: string,
  token: string,
  card = '4242424242424242',
  /** The Pay form's fields (a waiting-list offer asks the buyer's details there). */
  fields: Record<string, string> = {},
) {
  const pay = await app.inject({
    method: 'POST',
    url: `/checkout/${token}/pay`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
  if (pay.statusCode !== 303) throw new Error(`pay failed: ${pay.statusCode} ${pay.body.slice(0, 300)}`);
  const provider = new URL(String(pay.headers.location));
  const paid = await app.inject({
    method: 'POST',
    url: provider.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: form({ card_number: card, card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fran Fan' }),
  });
  // The sale's e-mails and provider fee follow in the mail lane (decision 146): the moment the fan's inbox has them.
  await app.mailLane.idle();
  return paid;
}
