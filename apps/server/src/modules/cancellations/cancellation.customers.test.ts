// Cancelling an event and the Customers page: a refunded order leaves the buyer's totals, a buyer with nothing
// left paid leaves the page, and the page's total keeps agreeing with the dashboard's Total Customers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, cancelRequest, runRefundJobs } from '../../../test/cancellation-helpers.js';

let t: TestApp;
let owner: SignedInUser;
const host = 'regulars.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'regulars');
});
afterAll(() => t.close());

const get = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json();

describe('POST /api/events/:id/cancel and the Customers page', () => {
  it('takes refunded orders out of each buyer; one with nothing left leaves the page; the totals still agree', async () => {
    const cancelled = await createLiveEvent(t.app, owner, { name: 'Rained Off', capacity: 50 });
    const kept = await createLiveEvent(t.app, owner, { name: 'Indoors', capacity: 50 });
    const both = await buyPaidOrder(t.app, host, cancelled.id, cancelled.ticket_types[0]!.id, 2, 'both@example.com');
    const keptOrder = await buyPaidOrder(t.app, host, kept.id, kept.ticket_types[0]!.id, 1, 'both@example.com');
    await buyPaidOrder(t.app, host, cancelled.id, cancelled.ticket_types[0]!.id, 1, 'only@example.com');
    const beforePage = await get('/api/customers');
    expect(beforePage.total).toBe(2);

    const response = await cancelRequest(t.app, owner, cancelled.id, { reason: 'Storms.', confirm: 'Rained Off' });
    expect(response.statusCode).toBe(200);
    await runRefundJobs(t.app);

    const page = await get('/api/customers');
    expect(page.customers.map((row: Customer) => row.email)).toEqual(['both@example.com']);
    expect(page.total).toBe(1);
    expect((await get('/api/dashboard/overview')).metrics.total_customers.value).toBe(1);
    const [regular] = page.customers as Customer[];
    expect(regular).toMatchObject({
      events_attended: 1,
      total_spent: [{ currency: keptOrder.currency, amount_minor: keptOrder.amountMinor }],
    });
    const detail = await get(`/api/customers/${regular!.id}`);
    expect(detail.events.map((bought: { name: string }) => bought.name)).toEqual(['Indoors']);
    expect(both.amountMinor).toBeGreaterThan(0);
  });
});
