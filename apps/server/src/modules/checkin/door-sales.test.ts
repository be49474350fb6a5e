// Door sales through the check-in app: refused when the event's 'Sold On Entry' switch is off, counted against
// capacity together with online sales (never oversold), paid by cash or card with no booking fee, checked in at
// once, e-mailed when the buyer gives an address, and shown apart in the organiser's figures.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder, deliverCheckoutMail, mailTo } from '../../../test/cancellation-helpers.js';
import { addMember, checkinGet, doorSale, organizationOf, scan } from '../../../test/checkin-helpers.js';
import { event, order } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let door: SignedInUser;
const host = 'venue.localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'venue');
  door = await addMember(t.app, await organizationOf(t.app, owner), 'door');
});
afterAll(() => t.close());

const typeOf = async (eventId: string) =>
  (await checkinGet(t.app, owner, `/api/checkin/events/${eventId}`)).json().ticket_types[0] as {
    id: string;
    remaining: number | null;
  };

describe('POST /api/checkin/events/:eventId/door-sales', () => {
  it('is refused when the event does not sell on entry, and nothing is sold', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'No Door', sold_on_entry: false });
    const type = await typeOf(live.id);
    const response = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 1 }],
      payment_method: 'cash',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This event does not sell tickets on entry');
    const [row] = await t.database.db.select().from(event).where(eq(event.id, live.id));
    expect(row!.sold).toBe(0);
    expect((await checkinGet(t.app, door, `/api/checkin/events/${live.id}`)).json().sold_on_entry).toBe(false);
  });

  it('sells by cash with no booking fee, checks the tickets in at once and shows them as door sales', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Cash Door', capacity: 50 });
    const type = await typeOf(live.id);
    const response = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 2 }],
      payment_method: 'cash',
    });
    expect(response.statusCode).toBe(201);
    const sale = response.json();
    expect(sale).toMatchObject({ amount_minor: 4000, currency: 'GBP', payment_method: 'cash', emailed: false });
    expect(sale.tickets).toHaveLength(2);
    expect(sale.counts).toEqual({ checked_in: 2, sold: 2 });
    const [row] = await t.database.db.select().from(order).where(eq(order.code, sale.order_code));
    expect(row).toMatchObject({ channel: 'door', status: 'paid', feeMinor: 0, paymentProvider: 'door_cash' });
    const again = (await scan(t.app, door, live.id, { code: sale.tickets[0].code })).json();
    expect(again.result).toBe('already_checked_in');
    const log = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}/log`)).json();
    expect(log.door).toEqual({ orders: 1, tickets: 2, amount_minor: 4000, cash_minor: 4000, card_minor: 0 });
    expect(log.checked_in).toBe(2);
  });

  it('counts against capacity with online sales: never sells more than what is left', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Small Room', capacity: 3 });
    const type = await typeOf(live.id);
    await buyPaidOrder(t.app, host, live.id, type.id, 2, 'online@example.com');
    const tooMany = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 2 }],
      payment_method: 'card',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toMatch(/^Not enough tickets left/);
    const last = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 1 }],
      payment_method: 'card',
    });
    expect(last.statusCode).toBe(201);
    expect(last.json().counts.sold).toBe(3);
    const soldOut = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 1 }],
      payment_method: 'cash',
    });
    expect(soldOut.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(event).where(eq(event.id, live.id));
    expect(row!.sold).toBe(3);
  });

  it('makes one order of a sale sent twice, one after the other or both at once', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Double Tap', capacity: 20 });
    const type = await typeOf(live.id);
    const body = { sale_id: randomUUID(), lines: [{ ticket_type_id: type.id, quantity: 2 }], payment_method: 'card' };
    const first = await doorSale(t.app, door, live.id, body);
    const retry = await doorSale(t.app, door, live.id, body);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order_code).toBe(first.json().order_code);
    expect(
      retry
        .json()
        .tickets.map((sold: { code: string }) => sold.code)
        .sort(),
    ).toEqual(
      first
        .json()
        .tickets.map((sold: { code: string }) => sold.code)
        .sort(),
    );
    const together = { ...body, sale_id: randomUUID() };
    const both = await Promise.all([
      doorSale(t.app, door, live.id, together),
      doorSale(t.app, door, live.id, together),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(both[0]!.json().order_code).toBe(both[1]!.json().order_code);
    const orders = await t.database.db
      .select()
      .from(order)
      .where(and(eq(order.eventId, live.id), eq(order.channel, 'door')));
    expect(orders).toHaveLength(2);
    const [row] = await t.database.db.select().from(event).where(eq(event.id, live.id));
    expect(row!.sold).toBe(4);
  });

  it("e-mails the tickets to the buyer's address and makes them a customer", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Mail Door' });
    const type = await typeOf(live.id);
    const sale = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 1 }],
      payment_method: 'card',
      email: 'Walk.In@Example.com',
    });
    expect(sale.statusCode).toBe(201);
    expect(sale.json().emailed).toBe(true);
    await deliverCheckoutMail(t.app);
    const mails = await mailTo(t.app, 'walk.in@example.com');
    expect(mails.some((mail) => mail.text.includes(sale.json().tickets[0].code))).toBe(true);
    const customers = (await checkinGet(t.app, owner, '/api/customers?search=walk.in')).json();
    expect(customers.customers).toHaveLength(1);
  });

  it('refuses bad input, a type of another event, strangers, and a ticket type over its per-order limit', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Strict Door' });
    const elsewhere = await createLiveEvent(t.app, owner, { name: 'Elsewhere' });
    const foreign = await typeOf(elsewhere.id);
    const wrongType = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: foreign.id, quantity: 1 }],
      payment_method: 'cash',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe('That ticket type is not on sale');
    const type = await typeOf(live.id);
    const badEmail = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 1 }],
      payment_method: 'cash',
      email: 'not-an-email',
    });
    expect(badEmail.statusCode).toBe(400);
    const badMethod = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 1 }],
      payment_method: 'cheque',
    });
    expect(badMethod.statusCode).toBe(400);
    const stranger = await signUpAndVerify(t.app);
    const refused = await doorSale(t.app, stranger, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 1 }],
      payment_method: 'cash',
    });
    expect(refused.statusCode).toBe(403);
    const over = await doorSale(t.app, door, live.id, {
      lines: [{ ticket_type_id: type.id, quantity: 100 }],
      payment_method: 'cash',
    });
    expect(over.statusCode).toBe(400);
    const doorOrders = await t.database.db
      .select()
      .from(order)
      .where(and(eq(order.eventId, live.id), eq(order.channel, 'door')));
    expect(doorOrders).toHaveLength(0);
  });
});
