// An order e-mail goes to the mail server once (decision 051): a second attempt skips a sent message, waits while
// another attempt is handing it over (however slowly), sends it again only when that attempt's claim ran out (its
// process died mid-send), and takes over at once after a refusal.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order, orderMail } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createCheckoutNotifier } from '../../modules/checkout/notifications.js';
import type { Mailer, OutgoingMail } from './mailer.js';
import { createOutboxMailer } from './outbox.js';
import { MailInFlightError, sendOnce } from './once.js';

const host = 'once.localhost:3000';
const mail = { subject: 'Your tickets for Once Night', text: 'Tickets', html: '<p>Tickets</p>' };

/** A mail server stand-in: records what it accepted; `hold` keeps the next hand-over open, `refuse` fails it. */
function recordingMailer() {
  const accepted: OutgoingMail[] = [];
  let hold: Promise<void> | null = null;
  let refuse = false;
  let holdBefore = false;
  const mailer: Mailer & {
    accepted: OutgoingMail[];
    holdNext(where?: 'before-hand-over' | 'after-hand-over'): () => void;
    refuseNext(): void;
  } = {
    kind: 'smtp',
    accepted,
    holdNext(where = 'after-hand-over') {
      holdBefore = where === 'before-hand-over';
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return release;
    },
    refuseNext() {
      refuse = true;
    },
    async send(message, handOver) {
      if (refuse) {
        refuse = false;
        throw Object.assign(new Error('Service not available'), { responseCode: 421 });
      }
      // Held: waiting for a free connection (before handOver) or for the server's reply (after it).
      const waiting = hold;
      hold = null;
      if (waiting && holdBefore) await waiting;
      await handOver?.();
      if (waiting && !holdBefore) await waiting;
      accepted.push(message);
    },
  };
  return mailer;
}

let t: TestApp;
let owner: SignedInUser;
let orderId: string;
let organizationId: string;

beforeAll(async () => {
  let outbox: Mailer | undefined;
  t = await createTestApp({
    mailer: {
      kind: 'outbox',
      send: (message) => (outbox ??= createOutboxMailer(t.database.db, 'x@y.test')).send(message),
    },
  });
  owner = await sellingOrganiser(t.app, 'once');
  const live = await createLiveEvent(t.app, owner, { name: 'Once Night', capacity: 10 });
  const started = await postCheckout(t.app, host, live.id, {
    ...buyer,
    email: 'once@example.com',
    [`qty_${live.ticket_types[0]!.id}`]: '1',
  });
  const token = tokenFrom(started.headers.location);
  expect((await payWithCard(t.app, host, token)).statusCode).toBe(303);
  const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
  orderId = row!.id;
  organizationId = row!.organizationId;
});

afterAll(async () => {
  await t?.close();
});

const record = (kind: string) =>
  t.database.db
    .select()
    .from(orderMail)
    .where(and(eq(orderMail.orderId, orderId), eq(orderMail.kind, kind)));

describe('an order e-mail is handed to the mail server once', () => {
  it('a second attempt after the server accepted it sends nothing', async () => {
    const mailer = recordingMailer();
    const key = { orderId, kind: 'test-twice', recipient: 'Fan@Example.com' };
    expect(await sendOnce(t.database.db, mailer, key, mail)).toBe('sent');
    expect(await sendOnce(t.database.db, mailer, key, mail)).toBe('already-sent');
    expect(mailer.accepted.map((message) => message.to)).toEqual(['Fan@Example.com']);
    const [row] = await record('test-twice');
    expect(row).toMatchObject({ state: 'sent', recipient: 'fan@example.com', attempts: 1, leaseExpiresAt: null });
  });

  it('while one attempt is handing it over, another does not send it, and finds it sent afterwards', async () => {
    const mailer = recordingMailer();
    const key = { orderId, kind: 'test-overlap', recipient: 'fan@example.com' };
    const release = mailer.holdNext();
    const first = sendOnce(t.database.db, mailer, key, mail);
    // The first attempt has claimed the message and is waiting for the server's reply.
    await expect.poll(async () => (await record('test-overlap'))[0]?.state).toBe('sending');
    await expect(sendOnce(t.database.db, mailer, key, mail)).rejects.toBeInstanceOf(MailInFlightError);
    release();
    expect(await first).toBe('sent');
    expect(await sendOnce(t.database.db, mailer, key, mail)).toBe('already-sent');
    expect(mailer.accepted).toHaveLength(1);
  });

  it('a hand-over slower than the lease keeps its claim: the live attempt renews it, no one else sends', async () => {
    const slow = recordingMailer();
    const release = slow.holdNext('after-hand-over');
    const key = { orderId, kind: 'test-slow', recipient: 'fan@example.com' };
    const first = sendOnce(t.database.db, slow, key, mail, 1);
    await expect.poll(async () => (await record('test-slow'))[0]?.state).toBe('sending');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const other = recordingMailer();
    await expect(sendOnce(t.database.db, other, key, mail, 1)).rejects.toBeInstanceOf(MailInFlightError);
    release();
    expect(await first).toBe('sent');
    expect([...slow.accepted, ...other.accepted]).toHaveLength(1);
  });

  it("a dead attempt's claim blocks others until its lease runs out; then it goes again, same identity", async () => {
    const key = { orderId, kind: 'test-dead', recipient: 'fan@example.com' };
    // Left by a process killed inside the SMTP conversation: its lease is no longer renewed.
    await t.database.db.insert(orderMail).values({
      orderId,
      kind: 'test-dead',
      recipient: 'fan@example.com',
      state: 'sending',
      leaseExpiresAt: new Date(Date.now() + 60_000),
    });
    const next = recordingMailer();
    await expect(sendOnce(t.database.db, next, key, mail)).rejects.toBeInstanceOf(MailInFlightError);
    expect(next.accepted).toHaveLength(0);
    await t.database.db
      .update(orderMail)
      .set({ leaseExpiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(orderMail.orderId, orderId), eq(orderMail.kind, 'test-dead')));
    expect(await sendOnce(t.database.db, next, key, mail)).toBe('resent');
    expect(next.accepted).toHaveLength(1);
    // The same identity (so the same Message-ID) as the dead attempt's copy, so a receiver can drop one of them.
    expect(next.accepted[0]!.key).toBe(`order-mail:${orderId}:test-dead:fan@example.com`);
    expect((await record('test-dead'))[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('an attempt whose claim was taken over while it waited for a connection sends nothing', async () => {
    const queued = recordingMailer();
    const release = queued.holdNext('before-hand-over');
    const key = { orderId, kind: 'test-queued', recipient: 'fan@example.com' };
    const first = sendOnce(t.database.db, queued, key, mail);
    await expect.poll(async () => (await record('test-queued'))[0]?.state).toBe('sending');
    // Another attempt took the claim over (this one's renewals had stopped reaching the database) and sent it.
    await t.database.db
      .update(orderMail)
      .set({ state: 'sent', attempts: 2 })
      .where(and(eq(orderMail.orderId, orderId), eq(orderMail.kind, 'test-queued')));
    release();
    await expect(first).rejects.toBeInstanceOf(MailInFlightError);
    expect(queued.accepted).toHaveLength(0);
  });

  it('a refusal by the server gives the claim back at once, and the retry is an ordinary send', async () => {
    const mailer = recordingMailer();
    const key = { orderId, kind: 'test-refused', recipient: 'fan@example.com' };
    mailer.refuseNext();
    await expect(sendOnce(t.database.db, mailer, key, mail)).rejects.toMatchObject({ responseCode: 421 });
    expect(await record('test-refused')).toEqual([]);
    expect(await sendOnce(t.database.db, mailer, key, mail)).toBe('sent');
    expect(mailer.accepted).toHaveLength(1);
  });

  it('two runs of one confirmation job at once send the fan one e-mail', async () => {
    const mailer = recordingMailer();
    const notifier = createCheckoutNotifier({
      db: t.database.db,
      mailer,
      payments: t.app.payments,
      signer: t.app.checkout.signer,
      log: t.app.log,
      appUrl: t.config.appUrl,
      publicHost: t.config.publicHost,
      lane: t.app.mailLane,
      jobs: t.app.jobs,
    });
    // The after-commit run already sent this order's confirmation to the outbox: start from a fresh record.
    await t.database.db.delete(orderMail).where(eq(orderMail.orderId, orderId));
    const job = { kind: 'order-confirmation' as const, orderId, organizationId };
    const release = mailer.holdNext();
    const first = notifier.deliverMail(job);
    await expect.poll(async () => (await record('order-confirmation'))[0]?.state).toBe('sending');
    // A retry of the same job (its first run outlived the job's expiry) while the first is still sending.
    await expect(notifier.deliverMail(job)).rejects.toBeInstanceOf(MailInFlightError);
    release();
    await first;
    await notifier.deliverMail(job);
    expect(mailer.accepted.map((message) => message.to)).toEqual(['once@example.com']);
  });
});
