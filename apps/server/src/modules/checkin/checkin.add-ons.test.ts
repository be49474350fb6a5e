// Add-ons at the door (decision 134) on the embedded database and PostgreSQL: the scan and the offline list carry
// the scanned ticket's order's add-on lines while the order stands; the door marks some of a line handed over,
// never more than was bought, not for another organisation's line nor a refunded order, and of two devices
// handing over the last unit at once one wins.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_ON_MESSAGES, type EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { refundRequest } from '../../../test/after-sale-helpers.js';
import {
  DEVICE,
  OTHER_DEVICE,
  addMember,
  checkinGet,
  checkinPost,
  organizationOf,
  scan,
} from '../../../test/checkin-helpers.js';
import { addOn, order, orderAddOn, orderChange, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let door: SignedInUser;
let rival: SignedInUser;
let live: EventDto;
let typeId: string;
let organizationId: string;
const host = 'addon-door.localhost:3000';

const db = () => t.database.db;
const payloadOf = (code: string) => t.app.checkout.signer.payloadFor({ code, eventId: live.id });
const handOver = (user: SignedInUser, lineId: string, quantity: number, device = DEVICE) =>
  checkinPost(t.app, user, `/api/checkin/add-ons/${lineId}/hand-over`, { device_id: device, quantity });

/** A paid order of one ticket with add-on lines written in as the checkout writes them (sold counted too). */
async function paidOrderWith(email: string, lines: Array<{ name: string; quantity: number; sort?: number }>) {
  const paid = await buyPaidOrder(t.app, host, live.id, typeId, 1, email);
  const made = [];
  for (const line of lines) {
    const [product] = await db()
      .insert(addOn)
      .values({
        organizationId,
        eventId: live.id,
        name: line.name,
        priceMinor: 1500,
        sold: line.quantity,
        sort: line.sort ?? 0,
      })
      .returning();
    const [row] = await db()
      .insert(orderAddOn)
      .values({
        organizationId,
        orderId: paid.id,
        addOnId: product!.id,
        name: line.name,
        quantity: line.quantity,
        unitPriceMinor: 1500,
        unitFeeMinor: 0,
      })
      .returning();
    made.push(row!);
  }
  const [one] = await db().select().from(ticket).where(eq(ticket.orderId, paid.id));
  return { order: paid, ticket: one!, lines: made };
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'addon-door');
  rival = await sellingOrganiser(t.app, 'addon-rival');
  organizationId = await organizationOf(t.app, owner);
  door = await addMember(t.app, organizationId, 'door');
  live = await createLiveEvent(t.app, owner, { name: 'Merch Night' });
  typeId = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}`)).json().ticket_types[0].id;
});
afterAll(() => t.close());

describe('add-ons at the door', () => {
  it('the scan and the offline list show the order’s add-ons; an order without any shows none', async () => {
    const bought = await paidOrderWith('merch@example.com', [
      { name: 'T-shirt', quantity: 2, sort: 0 },
      { name: 'Parking', quantity: 1, sort: 1 },
    ]);
    const scanned = (await scan(t.app, door, live.id, { payload: payloadOf(bought.ticket.code) })).json();
    expect(scanned.result).toBe('admitted');
    expect(scanned.ticket.add_ons).toEqual([
      { id: bought.lines[0]!.id, name: 'T-shirt', quantity: 2, handed_over: 0 },
      { id: bought.lines[1]!.id, name: 'Parking', quantity: 1, handed_over: 0 },
    ]);
    // Scanned again (already in): still shown, so a holder who came back for the shirt gets it.
    const again = (await scan(t.app, door, live.id, { code: bought.ticket.code })).json();
    expect(again.result).toBe('already_checked_in');
    expect(again.ticket.add_ons).toHaveLength(2);

    const plain = await paidOrderWith('plain@example.com', []);
    const none = (await scan(t.app, door, live.id, { code: plain.ticket.code })).json();
    expect(none.ticket.add_ons).toEqual([]);

    const list = (await checkinGet(t.app, door, `/api/checkin/events/${live.id}/offline`)).json();
    expect(list.add_ons[bought.order.code]).toEqual([
      [bought.lines[0]!.id, 'T-shirt', 2, 0],
      [bought.lines[1]!.id, 'Parking', 1, 0],
    ]);
    expect(list.add_ons[plain.order.code]).toBeUndefined();
  });

  it('hands over part of a line, then the rest; one more is refused with what is left; audited', async () => {
    const bought = await paidOrderWith('shirts@example.com', [{ name: 'T-shirt', quantity: 3 }]);
    const line = bought.lines[0]!;
    const first = await handOver(door, line.id, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ add_on: { id: line.id, name: 'T-shirt', quantity: 3, handed_over: 1 } });

    const tooMany = await handOver(door, line.id, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(ADD_ON_MESSAGES.handOverTooMany(2));

    expect((await handOver(owner, line.id, 2)).json().add_on.handed_over).toBe(3);
    const done = await handOver(door, line.id, 1);
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toBe(ADD_ON_MESSAGES.handOverTooMany(0));

    const [stored] = await db().select().from(orderAddOn).where(eq(orderAddOn.id, line.id));
    expect(stored!.handedOver).toBe(3);
    expect(stored!.handedOverAt).toBeInstanceOf(Date);
    const scanned = (await scan(t.app, door, live.id, { code: bought.ticket.code })).json();
    expect(scanned.ticket.add_ons[0].handed_over).toBe(3);
    const audit = await db().select().from(orderChange).where(eq(orderChange.orderId, bought.order.id));
    const handed = audit.filter((row) => row.action === 'add_on_handed_over');
    expect(handed.map((row) => (row.detail as { quantity: number }).quantity).sort()).toEqual([1, 2]);
    expect(handed.every((row) => row.device === DEVICE)).toBe(true);
  });

  it('refuses bad quantities, another organisation’s line (404), a stranger and a missing line', async () => {
    const bought = await paidOrderWith('rules@example.com', [{ name: 'Drink token', quantity: 2 }]);
    const line = bought.lines[0]!;
    for (const quantity of [0, -1, 1.5, 51]) expect((await handOver(door, line.id, quantity)).statusCode).toBe(400);
    const rivalTry = await handOver(rival, line.id, 1);
    expect(rivalTry.statusCode).toBe(404);
    expect(rivalTry.json().error.message).toBe(ADD_ON_MESSAGES.notFound);
    expect((await handOver(door, '00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
    expect((await handOver(door, 'not-a-line', 1)).statusCode).toBe(404);
    const stranger = await signUpAndVerify(t.app);
    expect((await handOver(stranger, line.id, 1)).statusCode).toBe(403);
    expect(
      (await checkinPost(t.app, null, `/api/checkin/add-ons/${line.id}/hand-over`, { device_id: DEVICE, quantity: 1 }))
        .statusCode,
    ).toBe(401);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/add-ons/${line.id}/hand-over`,
      headers: { cookie: door.cookie, origin: 'https://evil.example' },
      payload: { device_id: DEVICE, quantity: 1 },
    });
    expect(crossSite.statusCode).toBe(403);
    const [stored] = await db().select().from(orderAddOn).where(eq(orderAddOn.id, line.id));
    expect(stored!.handedOver).toBe(0);
  });

  it('a refunded order’s add-ons are not shown and cannot be handed over', async () => {
    const bought = await paidOrderWith('refund-merch@example.com', [{ name: 'Poster', quantity: 1 }]);
    const refund = await refundRequest(t.app, owner, bought.order.id, {
      ticket_ids: [bought.ticket.id],
      reason: 'Cannot come',
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const [after] = await db().select().from(order).where(eq(order.id, bought.order.id));
    expect(after!.status).toBe('refunded');
    const refused = await handOver(door, bought.lines[0]!.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADD_ON_MESSAGES.handOverNotSold);
    const scanned = (await scan(t.app, door, live.id, { code: bought.ticket.code })).json();
    expect(scanned.result).toBe('refunded');
    expect(scanned.ticket.add_ons).toEqual([]);
    const list = (await checkinGet(t.app, door, `/api/checkin/events/${live.id}/offline`)).json();
    expect(list.add_ons[bought.order.code]).toBeUndefined();
  });

  it('two devices handing over the last unit at once: one wins, the other is told nothing is left', async () => {
    const bought = await paidOrderWith('race-merch@example.com', [{ name: 'Cap', quantity: 2 }]);
    const line = bought.lines[0]!;
    await handOver(door, line.id, 1);
    const answers = await Promise.all([handOver(door, line.id, 1, DEVICE), handOver(owner, line.id, 1, OTHER_DEVICE)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error.message).toBe(ADD_ON_MESSAGES.handOverTooMany(0));
    const [stored] = await db().select().from(orderAddOn).where(eq(orderAddOn.id, line.id));
    expect(stored!.handedOver).toBe(2);
  });

  it('hand-overs queued offline sync by the same rule, each answered on its own; a retried sync applies once', async () => {
    const bought = await paidOrderWith('offline-merch@example.com', [
      { name: 'Scarf', quantity: 2 },
      { name: 'Badge', quantity: 1 },
    ]);
    const [scarf, badge] = bought.lines;
    // Another door handed the badge over online meanwhile.
    await handOver(owner, badge!.id, 1, OTHER_DEVICE);
    const earlier = new Date(Date.now() - 60_000).toISOString();
    const body = {
      device_id: DEVICE,
      hand_overs: [
        { client_id: 'hand-over-badge', line_id: badge!.id, quantity: 1, handed_at: earlier },
        { client_id: 'hand-over-scarf', line_id: scarf!.id, quantity: 2, handed_at: earlier },
        {
          client_id: 'hand-over-nowhere',
          line_id: '00000000-0000-4000-8000-000000000000',
          quantity: 1,
          handed_at: earlier,
        },
      ],
    };
    const url = `/api/checkin/events/${live.id}/hand-overs`;
    const synced = await checkinPost(t.app, door, url, body);
    expect(synced.statusCode).toBe(200);
    expect(synced.json().results).toEqual([
      { client_id: 'hand-over-badge', add_on: null, refused: ADD_ON_MESSAGES.handOverTooMany(0) },
      {
        client_id: 'hand-over-scarf',
        add_on: { id: scarf!.id, name: 'Scarf', quantity: 2, handed_over: 2 },
        refused: null,
      },
      { client_id: 'hand-over-nowhere', add_on: null, refused: ADD_ON_MESSAGES.notFound },
    ]);
    // The answer was lost and the device sends the same queue again: nothing is handed over twice.
    const again = (await checkinPost(t.app, door, url, body)).json();
    expect(again.results[1]).toEqual(synced.json().results[1]);
    const [stored] = await db().select().from(orderAddOn).where(eq(orderAddOn.id, scarf!.id));
    expect(stored!.handedOver).toBe(2);
    expect(stored!.handedOverAt?.toISOString()).toBe(earlier);
    // Another organisation cannot sync into this event, nor hand over this line through its own event.
    expect((await checkinPost(t.app, rival, url, body)).statusCode).toBe(404);
  });
});
