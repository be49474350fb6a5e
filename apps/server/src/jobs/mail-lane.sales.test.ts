// A sale's e-mails in the mail lane (decision 146): the sale answers with the tickets on the order page before
// its e-mails are made, and a burst of sales gets every fan's e-mails and the organiser's afterwards, each once,
// with the job worker polling the same queue at the same time (the organiser's as a digest, decision 147).
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, order, saleDigestOrder, ticket } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  form,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../test/checkout-helpers.js';
import { orderPage } from '../../test/after-sale-helpers.js';
import type { SignedInUser } from '../../test/auth-helpers.js';
import { startJobs } from './runner.js';
import { jobHandlers } from '../jobs-wiring.js';

const host = 'burst.localhost:3000';
const BURST = 16;

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'burst');
});

afterAll(async () => {
  await t?.close();
});

/** Holds one ticket for `email`; returns the order's token. */
async function hold(eventId: string, typeId: string, email: string) {
  const started = await postCheckout(t.app, host, eventId, { ...buyer, email, [`qty_${typeId}`]: '1' });
  expect(started.statusCode).toBe(303);
  return tokenFrom(started.headers.location);
}

/** The fan's payment in the sandbox, as a browser makes it; the e-mails are not waited for. */
async function pay(token: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: `/checkout/${token}/pay`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(started.statusCode).toBe(303);
  const provider = new URL(String(started.headers.location));
  return t.app.inject({
    method: 'POST',
    url: provider.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    payload: form({ card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fan' }),
  });
}

const outboxTo = (to: string) =>
  t.database.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, to));

async function ticketsOf(token: string) {
  const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
  const tickets = await t.database.db.select().from(ticket).where(eq(ticket.orderId, row!.id));
  return { row: row!, tickets };
}

describe('the mail lane after a sale', () => {
  it('answers the payment with the tickets on the order page before the e-mail is made, which follows once', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'First Light', capacity: 5 });
    const token = await hold(live.id, live.ticket_types[0]!.id, 'early@example.com');
    const paid = await pay(token);
    expect(paid.statusCode).toBe(303);
    expect(String(paid.headers.location)).toContain('/return');
    // The sale is made and shown: paid, its ticket valid and on the order page; its e-mail waits in the lane.
    const { row, tickets } = await ticketsOf(token);
    expect(row.status).toBe('paid');
    expect(tickets.map((entry) => entry.status)).toEqual(['valid']);
    expect(await outboxTo('early@example.com')).toEqual([]);
    const page = await orderPage(t.app, host, token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(tickets[0]!.code);

    await t.app.mailLane.idle();
    expect(await outboxTo('early@example.com')).toEqual([{ subject: `Your tickets for First Light (${row.code})` }]);
  });

  it("a burst's e-mails all go out after the sales, each once, with the worker polling the same queue", async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Burst Night', capacity: BURST });
    const typeId = live.ticket_types[0]!.id;
    const emails = Array.from({ length: BURST }, (_, index) => `burst${index}@example.com`);
    const tokens: string[] = [];
    for (const email of emails) tokens.push(await hold(live.id, typeId, email));
    const worker = await startJobs(
      t.app.jobs,
      jobHandlers({
        db: t.database.db,
        log: t.app.log,
        notifier: t.app.checkout.notifier,
        payments: t.app.payments,
        jobs: t.app.jobs,
        afterSale: t.app.afterSale,
        waitlist: t.app.waitlist,
        mailer: t.app.mailer,
        appUrl: t.config.appUrl,
        proPrice: { amount: 2900, currency: 'GBP' },
        holderMessages: t.app.holderMessages,
        crmSync: t.app.crmSync,
      }),
      t.app.log,
      undefined,
      t.app.mailLane,
    );
    try {
      const paid = await Promise.all(tokens.map((token) => pay(token)));
      expect(paid.map((reply) => reply.statusCode)).toEqual(tokens.map(() => 303));
      for (const token of tokens) {
        const { row, tickets } = await ticketsOf(token);
        expect(row.status).toBe('paid');
        expect(tickets).toHaveLength(1);
      }

      await t.app.mailLane.idle();
      // The worker may hold the last jobs: wait until every fan has a confirmation.
      const deadline = Date.now() + 20_000;
      const fanMails = async () =>
        t.database.db
          .select({ to: mailOutbox.to })
          .from(mailOutbox)
          .where(
            and(like(mailOutbox.to, 'burst%@example.com'), like(mailOutbox.subject, 'Your tickets for Burst Night%')),
          );
      while ((await fanMails()).length < BURST && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      // Give the worker's polls (every second) time to send anything a second time, then count.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await t.app.mailLane.idle();
      expect((await fanMails()).map((mail) => mail.to).sort()).toEqual([...emails].sort());
      // The organiser has the digest (the default, decision 147), and the first test's sale opened its window
      // moments ago: the whole burst is gathered into that window's one e-mail, none e-mailed on its own.
      const notices = (await outboxTo(owner.email)).filter((mail) => mail.subject.includes('for Burst Night'));
      expect(notices).toEqual([]);
      const gathered = await t.database.db
        .select({ atOnce: saleDigestOrder.atOnce })
        .from(saleDigestOrder)
        .innerJoin(order, eq(order.id, saleDigestOrder.orderId))
        .where(eq(order.eventId, live.id));
      expect(gathered).toEqual(tokens.map(() => ({ atOnce: false })));
      // The window ends (its job was delayed until then): the worker sends one digest listing every order once.
      await t.database.executeSql(
        `update pgboss.job set start_after = now() - interval '1 second' where name = 'sale-digest' and state = 'created'`,
      );
      const summaries = async () =>
        (await outboxTo(owner.email)).filter((mail) => mail.subject.startsWith('Sales summary'));
      const until = Date.now() + 20_000;
      while ((await summaries()).length === 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 200));
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const [summary, ...more] = await summaries();
      expect(more).toEqual([]);
      const [text] = await t.database.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.subject, summary!.subject)));
      const codes = [...text!.text.matchAll(/\bMQ-[A-Z0-9]{6}\b/g)].map((match) => match[0]);
      const paidCodes = await Promise.all(tokens.map(async (token) => (await ticketsOf(token)).row.code));
      expect(codes.sort()).toEqual([...paidCodes].sort());
    } finally {
      await worker.stop();
    }
  });
});
