// The check-in API on the embedded database and PostgreSQL: what the door sees for each kind of ticket (admitted,
// already in, refunded, cancelled, other event, unknown), forged, altered and guessed QR payloads, another
// organisation's tickets, who may check in, undo, the offline list, search, and the sync of scans made offline
// where the earlier scan wins and the later one is logged as a duplicate.
import { createPublicKey, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { signUpAndVerify, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import {
  DEVICE,
  OTHER_DEVICE,
  addMember,
  checkinGet,
  checkinPost,
  organizationOf,
  scan,
} from '../../../test/checkin-helpers.js';
import { order, orderChange, ticket } from '../../db/schema/index.js';
import { createTicketSigner } from '../checkout/ticket-qr.js';

let t: TestApp;
let owner: SignedInUser;
let door: SignedInUser;
let rival: SignedInUser;
let live: EventDto;
let other: EventDto;
let typeId: string;
const host = 'doors.localhost:3000';

const db = () => t.database.db;
const payloadOf = (code: string, eventId = live.id) => t.app.checkout.signer.payloadFor({ code, eventId });
async function boughtTickets(quantity: number, email: string, eventId = live.id, type = typeId) {
  const paid = await buyPaidOrder(t.app, host, eventId, type, quantity, email);
  return db().select().from(ticket).where(eq(ticket.orderId, paid.id));
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'doors');
  rival = await sellingOrganiser(t.app, 'rivals');
  door = await addMember(t.app, await organizationOf(t.app, owner), 'door');
  live = await createLiveEvent(t.app, owner, { name: 'Door Night' });
  other = await createLiveEvent(t.app, owner, { name: 'Other Night' });
  typeId = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}`)).json().ticket_types[0].id;
});
afterAll(() => t.close());

describe('scanning a ticket', () => {
  it('admits a bought ticket by its QR code once; the second scan says when and by whom it was checked in', async () => {
    const [one] = await boughtTickets(1, 'ada@example.com');
    const first = await scan(t.app, door, live.id, { payload: payloadOf(one!.code) });
    expect(first.statusCode).toBe(200);
    const admitted = first.json();
    expect(admitted).toMatchObject({
      result: 'admitted',
      headline: 'Admitted',
      ticket: { code: one!.code, type: 'General Admission', holder: 'Fran Fan' },
    });
    expect(admitted.counts.checked_in).toBeGreaterThanOrEqual(1);
    const second = (await scan(t.app, owner, live.id, { payload: payloadOf(one!.code) })).json();
    expect(second.result).toBe('already_checked_in');
    expect(second.headline).toBe('Already checked in');
    expect(second.checked_in_at).toBe(admitted.checked_in_at);
    expect(second.checked_in_by).toBe(door.email.split('@')[0]);
    expect(second.counts.checked_in).toBe(admitted.counts.checked_in);
    // Recorded: the admission and the second scan's duplicate entry in the log, the ticket's time, the order's
    // audit line with the device.
    const log = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}/log`)).json();
    const entries = log.entries.filter((entry: { ticket_code: string }) => entry.ticket_code === one!.code);
    expect(entries.map((entry: { status: string; device: string }) => [entry.status, entry.device])).toEqual([
      ['duplicate', DEVICE],
      ['admitted', DEVICE],
    ]);
    const [stamped] = await db().select().from(ticket).where(eq(ticket.id, one!.id));
    expect(stamped!.checkedInAt?.toISOString()).toBe(admitted.checked_in_at);
    const audit = await db().select().from(orderChange).where(eq(orderChange.ticketId, one!.id));
    expect(audit.map((line) => [line.action, line.detail])).toEqual([
      ['checked_in', { device: DEVICE, method: 'scan' }],
    ]);
  });

  it('a typed ticket code (any case) is judged like its QR code', async () => {
    const [one] = await boughtTickets(1, 'typed@example.com');
    const answer = (await scan(t.app, door, live.id, { code: ` ${one!.code.toLowerCase()} ` })).json();
    expect(answer.result).toBe('admitted');
  });

  it('refuses forged, altered and guessed payloads and codes as unknown, admitting nothing', async () => {
    const [one] = await boughtTickets(1, 'forge@example.com');
    const genuine = payloadOf(one!.code);
    const [prefix, code, eventId, signature] = genuine.split('.');
    const altered = `${prefix}.${code!.slice(0, -1)}${code!.endsWith('A') ? 'B' : 'A'}.${eventId}.${signature}`;
    const forged = createTicketSigner('some-other-secret-of-at-least-32-characters').payloadFor({
      code: one!.code,
      eventId: live.id,
    });
    const guessed = `${prefix}.${code}.${eventId}.${'A'.repeat(86)}`;
    for (const payload of [altered, forged, guessed, 'T-2345678923', 'https://example.com/ticket']) {
      const answer = (await scan(t.app, door, live.id, { payload })).json();
      expect(answer.result, payload).toBe('unknown');
      expect(answer.headline).toBe('Unknown ticket');
    }
    expect((await scan(t.app, door, live.id, { code: 'T-2345678923' })).json().result).toBe('unknown');
    expect((await scan(t.app, door, live.id, { code: 'not a code' })).json().result).toBe('unknown');
    // The genuine ticket is still unused.
    expect((await scan(t.app, door, live.id, { payload: genuine })).json().result).toBe('admitted');
  });

  it('a ticket of another event says which event; refunded and cancelled tickets are refused', async () => {
    const otherType = (await checkinGet(t.app, owner, `/api/checkin/events/${other.id}`)).json().ticket_types[0].id;
    const [elsewhere] = await boughtTickets(1, 'elsewhere@example.com', other.id, otherType);
    const wrong = (await scan(t.app, door, live.id, { payload: payloadOf(elsewhere!.code, other.id) })).json();
    expect(wrong).toMatchObject({ result: 'other_event', other_event_name: 'Other Night' });

    const [refunded] = await boughtTickets(1, 'refunded@example.com');
    await db().update(order).set({ status: 'refunded', refundedMinor: 2160 }).where(eq(order.id, refunded!.orderId));
    await db().update(ticket).set({ status: 'refunded', voidedAt: new Date() }).where(eq(ticket.id, refunded!.id));
    const refusedRefund = (await scan(t.app, door, live.id, { payload: payloadOf(refunded!.code) })).json();
    expect(refusedRefund).toMatchObject({ result: 'refunded', headline: 'Refunded: do not admit' });

    const [cancelled] = await boughtTickets(1, 'cancelled@example.com');
    await db().update(ticket).set({ status: 'cancelled', voidedAt: new Date() }).where(eq(ticket.id, cancelled!.id));
    const refusedCancel = (await scan(t.app, door, live.id, { payload: payloadOf(cancelled!.code) })).json();
    expect(refusedCancel.result).toBe('cancelled');
  });

  it("another organisation's ticket is unknown to it, and its event is not found", async () => {
    const [mine] = await boughtTickets(1, 'mine@example.com');
    const theirs = await createLiveEvent(t.app, rival, { name: 'Rival Night' });
    const answer = (await scan(t.app, rival, theirs.id, { payload: payloadOf(mine!.code) })).json();
    expect(answer.result).toBe('unknown');
    expect(answer.ticket).toBeNull();
    const response = await scan(t.app, rival, live.id, { payload: payloadOf(mine!.code) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Event not found');
    // Nor with a payload that names no ticket (judged without a read), a typed code, or an address that is no id.
    expect((await scan(t.app, rival, live.id, { payload: `${payloadOf(mine!.code)}x` })).statusCode).toBe(404);
    expect((await scan(t.app, rival, live.id, { code: mine!.code })).statusCode).toBe(404);
    expect((await scan(t.app, rival, 'not-an-event', { payload: payloadOf(mine!.code) })).statusCode).toBe(404);
    expect((await scan(t.app, door, live.id, { payload: payloadOf(mine!.code) })).json().result).toBe('admitted');
  });

  it('refuses a stranger and the signed-out; door staff cannot read the organiser log', async () => {
    const [one] = await boughtTickets(1, 'who@example.com');
    const stranger = await signUpAndVerify(t.app);
    const refused = await scan(t.app, stranger, live.id, { payload: payloadOf(one!.code) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NO_ORGANIZATION');
    const signedOut = await checkinPost(t.app, null, `/api/checkin/events/${live.id}/scan`, {
      device_id: DEVICE,
      payload: payloadOf(one!.code),
    });
    expect(signedOut.statusCode).toBe(401);
    const log = await checkinGet(t.app, door, `/api/checkin/events/${live.id}/log`);
    expect(log.statusCode).toBe(403);
    expect(log.json().error.code).toBe('FORBIDDEN');
    expect((await checkinGet(t.app, owner, `/api/checkin/events/${live.id}/log`)).statusCode).toBe(200);
  });

  it('needs exactly one of payload and code', async () => {
    const both = await scan(t.app, door, live.id, { payload: 'x', code: 'T-2345678923' });
    expect(both.statusCode).toBe(400);
    expect((await scan(t.app, door, live.id, {})).statusCode).toBe(400);
  });
});

describe('undo', () => {
  it('undoes the last check-in so the ticket admits again; a second undo is refused', async () => {
    const [one] = await boughtTickets(1, 'undo@example.com');
    const admitted = (await scan(t.app, door, live.id, { payload: payloadOf(one!.code) })).json();
    const undo = () =>
      checkinPost(t.app, door, `/api/checkin/check-ins/${admitted.check_in_id}/undo`, { device_id: DEVICE });
    const undone = await undo();
    expect(undone.statusCode).toBe(200);
    expect(undone.json().counts.checked_in).toBe(admitted.counts.checked_in - 1);
    const again = await undo();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This check-in was already undone or superseded');
    expect((await scan(t.app, door, live.id, { payload: payloadOf(one!.code) })).json().result).toBe('admitted');
    const rivalUndo = await checkinPost(t.app, rival, `/api/checkin/check-ins/${admitted.check_in_id}/undo`, {
      device_id: DEVICE,
    });
    expect(rivalUndo.statusCode).toBe(404);
  });
});

describe('offline', () => {
  it('the offline list holds every ticket of the event with its state and the key that checks QR signatures', async () => {
    const [one] = await boughtTickets(1, 'list@example.com');
    const list = (await checkinGet(t.app, door, `/api/checkin/events/${live.id}/offline`)).json();
    expect(list.event).toEqual({ id: live.id, name: 'Door Night' });
    const row = list.tickets.find((entry: unknown[]) => entry[0] === one!.code);
    expect(row).toEqual([one!.code, 0, 'Fran Fan', expect.stringMatching(/^MQ-/), 'list@example.com', 0, 0]);
    expect(list.tickets.some((entry: unknown[]) => entry[5] === 1)).toBe(true); // the refunded one
    const key = createPublicKey({ key: Buffer.from(list.public_key, 'base64url'), format: 'der', type: 'spki' });
    const [prefix, code, eventId, signature] = payloadOf(one!.code).split('.');
    expect(verify(null, Buffer.from(`${prefix}.${code}.${eventId}`), key, Buffer.from(signature!, 'base64url'))).toBe(
      true,
    );
  });

  it('two devices admitted one ticket offline: the earlier scan wins, the later is logged as a duplicate', async () => {
    const [one] = await boughtTickets(1, 'offline@example.com');
    const sync = (device: string, clientId: string, at: string) =>
      checkinPost(t.app, door, `/api/checkin/events/${live.id}/sync`, {
        device_id: device,
        scans: [{ client_id: clientId, payload: payloadOf(one!.code), scanned_at: at }],
      });
    const early = new Date(Date.now() - 10 * 60_000).toISOString();
    const late = new Date(Date.now() - 5 * 60_000).toISOString();
    // The later scan syncs first and admits; then the earlier one arrives and takes its place.
    expect((await sync(OTHER_DEVICE, 'scan-late-0001', late)).json().results[0].result).toBe('admitted');
    const earlier = (await sync(DEVICE, 'scan-early-0001', early)).json().results[0];
    expect(earlier.result).toBe('admitted');
    expect(earlier.checked_in_at).toBe(early);
    // The same queue sent again (its answer was lost) changes nothing.
    const repeat = (await sync(OTHER_DEVICE, 'scan-late-0001', late)).json().results[0];
    expect(repeat).toMatchObject({ result: 'already_checked_in', checked_in_at: early });
    const log = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}/log`)).json();
    const entries = log.entries.filter((entry: { ticket_code: string }) => entry.ticket_code === one!.code);
    expect(entries.map((entry: { status: string; device: string }) => [entry.status, entry.device]).sort()).toEqual([
      ['admitted', DEVICE],
      ['duplicate', OTHER_DEVICE],
    ]);
    // Online scans now see the earliest admission.
    const now = (await scan(t.app, owner, live.id, { payload: payloadOf(one!.code) })).json();
    expect(now.checked_in_at).toBe(early);
  });

  it('a sync judges unknown and refunded tickets too, and refuses a bad scan time', async () => {
    const response = await checkinPost(t.app, door, `/api/checkin/events/${live.id}/sync`, {
      device_id: DEVICE,
      scans: [{ client_id: 'scan-unknown-01', code: 'T-2345678923', scanned_at: new Date().toISOString() }],
    });
    expect(response.json().results[0].result).toBe('unknown');
    const bad = await checkinPost(t.app, door, `/api/checkin/events/${live.id}/sync`, {
      device_id: DEVICE,
      scans: [{ client_id: 'scan-bad-time-1', code: 'T-2345678923', scanned_at: 'yesterday' }],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('search and the organiser log', () => {
  it('finds tickets by name, e-mail, order code and ticket code', async () => {
    const [one] = await boughtTickets(1, 'searchable.person@example.com');
    const [row] = await db().select().from(order).where(eq(order.id, one!.orderId));
    const find = async (q: string) =>
      (await checkinGet(t.app, door, `/api/checkin/events/${live.id}/search?q=${encodeURIComponent(q)}`)).json()
        .tickets as Array<{ code: string }>;
    for (const q of ['searchable.person', row!.code, one!.code.toLowerCase()])
      expect(
        (await find(q)).map((found) => found.code),
        q,
      ).toContain(one!.code);
    expect((await find('Fran')).length).toBeGreaterThan(0);
    const short = await checkinGet(t.app, door, `/api/checkin/events/${live.id}/search?q=a`);
    expect(short.statusCode).toBe(400);
  });

  it('the log shows admissions per 15 minutes and the latest entries', async () => {
    const log = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}/log`)).json();
    expect(log.checked_in).toBeGreaterThan(0);
    expect(log.arrivals.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(log.checked_in);
    expect(log.entries[0]).toMatchObject({ ticket_code: expect.stringMatching(/^T-/), type: 'General Admission' });
  });
});
