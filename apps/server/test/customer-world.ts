// Test world for the customers API: an organiser and a rival organisation, each with events, and paid orders
// written through fulfilment's own roll-up (recordSale), as a real checkout would leave them.
import { expect } from 'vitest';
import type { CustomersPage, EventDto, EventInput } from '@marquee/shared';
import { createTestApp, type TestApp } from './test-app.js';
import { asBrowser, createOrganizationFor, signUpAndVerify, type SignedInUser } from './auth-helpers.js';
import { insertOrder } from './order-fixtures.js';

export const DAY = 24 * 60 * 60 * 1000;

export interface World {
  t: TestApp;
  owner: SignedInUser;
  rival: SignedInUser;
  ownerOrg: string;
  rivalOrg: string;
}

export async function createWorld(): Promise<World> {
  const t = await createTestApp({ assertCanSell: async () => {} });
  const owner = await signUpAndVerify(t.app);
  const rival = await signUpAndVerify(t.app);
  const ownerOrg = (await createOrganizationFor(t.app, owner, 'acme', 'Acme Events')).id;
  const rivalOrg = (await createOrganizationFor(t.app, rival, 'rival', 'Rival Events')).id;
  return { t, owner, rival, ownerOrg, rivalOrg };
}

const complete: EventInput = {
  artwork_url: '/uploads/images/poster.webp',
  name: 'Night Owls Live',
  description: 'An all-night party.',
  location: 'Brixton Academy, London',
  start_local: '2030-06-14T19:00',
  end_local: '2030-06-15T03:00',
  time_zone: 'Europe/London',
  currency: 'GBP',
  price: '20.00',
};

export async function newEvent(world: World, who: SignedInUser, input: EventInput = {}): Promise<EventDto> {
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: asBrowser(who),
    payload: { ...complete, ...input },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export interface Purchase {
  first: string;
  last: string;
  email: string;
  daysAgo: number;
  amountMinor?: number;
  quantity?: number;
  currency?: string;
  phone?: string | null;
  country?: string | null;
  consent?: boolean;
}

/** A paid order, rolled up exactly as fulfilment does. */
export async function buy(world: World, organizationId: string, live: EventDto, purchase: Purchase) {
  const at = new Date(Date.now() - purchase.daysAgo * DAY);
  return insertOrder(world.t.database.db, {
    organizationId,
    eventId: live.id,
    ticketTypeId: live.ticket_types[0]!.id,
    email: purchase.email,
    quantity: purchase.quantity ?? 1,
    amountMinor: purchase.amountMinor ?? 2000,
    feeMinor: Math.round((purchase.amountMinor ?? 2000) * 0.08),
    currency: purchase.currency ?? 'GBP',
    status: 'paid',
    paidAt: at,
    createdAt: at,
    firstName: purchase.first,
    lastName: purchase.last,
    phone: purchase.phone ?? null,
    country: purchase.country ?? null,
    marketingConsent: purchase.consent ?? false,
  });
}

export function get(world: World, who: SignedInUser | null, url: string) {
  return world.t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
}

/** A page of the customers list as the organiser's browser gets it (the answer must be 200). */
export async function listCustomers(world: World, who: SignedInUser, query = ''): Promise<CustomersPage> {
  const response = await get(world, who, `/api/customers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export function del(world: World, who: SignedInUser, id: string, payload?: unknown) {
  return world.t.app.inject({
    method: 'DELETE',
    url: `/api/customers/${id}`,
    headers: asBrowser(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
