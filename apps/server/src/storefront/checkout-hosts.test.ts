// The checkout on each host an organiser sells from: the subdomain and the verified custom domain, by the event's
// address or id; an unverified domain and another organiser's host find nothing (decision 044 reads the event by
// the organisation the host stands for, beside the host's lookup).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buyer, createLiveEvent, postCheckout, sellingOrganiser } from '../../test/checkout-helpers.js';
import { order, organizationSettings } from '../db/schema/index.js';

let t: TestApp;
let live: EventDto;
let typeId: string;
const details = { ...buyer, age_confirmed: 'yes', terms_accepted: 'yes' };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await sellingOrganiser(t.app, 'acme');
  await sellingOrganiser(t.app, 'rival');
  live = await createLiveEvent(t.app, owner, { capacity: 100 });
  typeId = live.ticket_types[0]!.id;
});
afterAll(() => t.close());

describe('POST /events/:ref/checkout on each host', () => {
  it("holds on the organiser's verified custom domain (by slug and by id), and nowhere else", async () => {
    const domainHost = 'tickets.acme-events.com';
    const fields = { ...details, [`qty_${typeId}`]: '1' };
    const setDomain = (verified: boolean) =>
      t.database.db
        .update(organizationSettings)
        .set({ customDomain: domainHost, customDomainVerified: verified })
        .where(eq(organizationSettings.subdomain, 'acme'));
    await setDomain(false);
    const unverified = await postCheckout(t.app, domainHost, live.slug, { ...fields, email: 'domain0@example.com' });
    expect(unverified.statusCode).toBe(404);
    await setDomain(true);
    for (const [index, address] of [live.slug, live.id].entries()) {
      const held = await postCheckout(t.app, domainHost, address, {
        ...fields,
        email: `domain${index + 1}@example.com`,
      });
      expect(held.statusCode).toBe(303);
      expect(held.headers.location).toMatch(/^\/checkout\/[A-Za-z0-9_-]{43}$/);
    }
    // This organiser's event posted to the other organiser's hosts is not found there.
    for (const address of [live.slug, live.id]) {
      const elsewhere = await postCheckout(t.app, 'rival.localhost:3000', address, {
        ...fields,
        email: 'x@example.com',
      });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.body).toContain('Page not found');
    }
    const orders = await t.database.db.select().from(order).where(eq(order.customerEmail, 'domain1@example.com'));
    expect(orders).toHaveLength(1);
    expect(await t.database.db.select().from(order).where(eq(order.customerEmail, 'domain0@example.com'))).toEqual([]);
  });
});
