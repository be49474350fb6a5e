// The organiser's sale e-mails (decision 147), through real sales on a real database: 'each' sends one per sale,
// 'off' none, and 'digest' the first sale after a quiet spell at once and the sales after it in one e-mail when the
// window ends (its job is delayed until then), every sale in exactly one e-mail.
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_DIGEST_MINUTES, type SaleEmails } from '@marquee/shared';
import { mailOutbox, order, saleDigest, saleDigestOrder, ticket } from '../../db/schema/index.js';
import { QUEUES } from '../../jobs/queue.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { refundRequest } from '../../../test/after-sale-helpers.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { checkoutJobHandlers } from './notifications.js';
import { closeWindow } from './sale-digest.js';

const MINUTE = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface Shop {
  owner: SignedInUser;
  organizationId: string;
  host: string;
  eventId: string;
  typeId: string;
}

/** An organiser on `subdomain` with one live event at £20 a ticket, their sale e-mails set to `choice`. */
async function shop(subdomain: string, choice: SaleEmails): Promise<Shop> {
  const owner = await sellingOrganiser(t.app, subdomain);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/org/settings',
    headers: asBrowser(owner),
    payload: { company_name: `${subdomain} Events`, sale_emails: choice },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const live = await createLiveEvent(t.app, owner, { name: `${subdomain} Night`, capacity: 50 });
  const info = await t.app.inject({ method: 'GET', url: '/api/org/info', headers: asBrowser(owner) });
  return {
    owner,
    organizationId: info.json().organization.id as string,
    host: `${subdomain}.localhost:3000`,
    eventId: live.id,
    typeId: live.ticket_types[0]!.id,
  };
}

/** A fan buys `quantity` tickets and pays; the sale's e-mails are made when it returns. */
async function sale(where: Shop, firstName: string, quantity = 1) {
  const started = await postCheckout(t.app, where.host, where.eventId, {
    ...buyer,
    first_name: firstName,
    email: `${firstName.toLowerCase()}-${where.host.split('.')[0]}@example.com`,
    [`qty_${where.typeId}`]: String(quantity),
  });
  expect(started.statusCode, started.body.slice(0, 300)).toBe(303);
  const token = tokenFrom(started.headers.location);
  expect((await payWithCard(t.app, where.host, token)).statusCode).toBe(303);
  // The sale's e-mails (and its place in a digest window) are made in the mail lane, which waits while the
  // process is busy: on a loaded machine that is after the payment's answer.
  await t.app.mailLane.idle();
  const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
  expect(row!.status).toBe('paid');
  return row!;
}

const organiserMails = (where: Shop) =>
  t.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, where.owner.email))
    .orderBy(asc(mailOutbox.createdAt));
const saleMails = async (where: Shop) =>
  (await organiserMails(where)).filter((mail) => mail.subject.startsWith('New order'));
const digestMails = async (where: Shop) =>
  (await organiserMails(where)).filter((mail) => mail.subject.startsWith('Sales summary'));

const digestJobs = async (where: Shop) =>
  (
    await t.database.executeSql(
      `select state::text as state, start_after, data from pgboss.job
       where name = $1 and data->>'organizationId' = $2 order by start_after`,
      [QUEUES.saleDigest, where.organizationId],
    )
  ).rows as Array<{ state: string; start_after: Date; data: { organizationId: string; windowStart: string } }>;

const windows = (where: Shop) =>
  t.database.db
    .select()
    .from(saleDigest)
    .where(eq(saleDigest.organizationId, where.organizationId))
    .orderBy(asc(saleDigest.windowStart));

const runDigests = () =>
  t.app.jobs.runDue(QUEUES.saleDigest, checkoutJobHandlers(t.app.checkout.notifier)[QUEUES.saleDigest], 20);

/**
 * The shop's windows end now (as if the interval had passed): their digest jobs are due, and run as the worker
 * would. Answers how many of the shop's jobs ran to completion (the worker's fetch may also take other shops'
 * due jobs, such as a retry, which are not counted).
 */
async function windowsEnd(where: Shop) {
  // A second in the past: pg-boss fetches jobs whose start_after < now(), and PGlite's now() often reads the same
  // millisecond in two statements in a row, so 'now()' here would leave the job not yet due for the fetch after it.
  const due = await t.database.executeSql(
    `update pgboss.job set start_after = now() - interval '1 second'
     where name = $1 and state = 'created' and data->>'organizationId' = $2 returning id`,
    [QUEUES.saleDigest, where.organizationId],
  );
  const ids = (due.rows as Array<{ id: string }>).map((row) => row.id);
  while ((await runDigests()) > 0);
  if (ids.length === 0) return 0;
  const done = await t.database.executeSql(
    `select count(*)::int as n from pgboss.job where name = $1 and state = 'completed' and id = any($2::uuid[])`,
    [QUEUES.saleDigest, ids],
  );
  return (done.rows as Array<{ n: number }>)[0]!.n;
}

/** The order codes a digest lists, in its text part's order. */
const codesIn = (text: string) => [...text.matchAll(/\bMQ-[A-Z0-9]{6}\b/g)].map((match) => match[0]);

describe("'each': an e-mail per sale", () => {
  it('sends one e-mail for every sale, at once, and queues no digest', async () => {
    const where = await shop('each-sale', 'each');
    const sold = [await sale(where, 'Ann'), await sale(where, 'Ben'), await sale(where, 'Cat')];
    const mails = await saleMails(where);
    expect(mails.map((mail) => codesIn(mail.subject))).toEqual(sold.map((row) => [row.code]));
    expect(mails[0]!.text).toContain('To get fewer e-mails about sales, or none, change Sale e-mails');
    expect(await digestJobs(where)).toEqual([]);
    expect(await windows(where)).toEqual([]);
    await windowsEnd(where);
    expect(await digestMails(where)).toEqual([]);
  });
});

describe("'off': no sale e-mails", () => {
  it('sends the organiser nothing; the fans still get their tickets', async () => {
    const where = await shop('no-sale-mail', 'off');
    const sold = [await sale(where, 'Dee'), await sale(where, 'Eve')];
    await windowsEnd(where);
    expect([...(await saleMails(where)), ...(await digestMails(where))]).toEqual([]);
    expect(await digestJobs(where)).toEqual([]);
    for (const row of sold) {
      const fan = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, row.customerEmail));
      expect(fan.map((mail) => mail.subject)).toEqual([`Your tickets for no-sale-mail Night (${row.code})`]);
    }
  });
});

describe("'digest': the first sale at once, then one e-mail per window", () => {
  it('e-mails the first sale at once and the next ones together when the window ends, none twice', async () => {
    const where = await shop('digest-sale', 'digest');
    const first = await sale(where, 'Fay');
    // The first sale after a quiet spell: on its own, at once, saying what follows.
    const atOnce = await saleMails(where);
    expect(atOnce.map((mail) => codesIn(mail.subject))).toEqual([[first.code]]);
    expect(atOnce[0]!.text).toContain(
      `Sales in the next ${SALE_DIGEST_MINUTES} minutes will come together in one e-mail when those ${SALE_DIGEST_MINUTES} minutes are up.`,
    );
    // Its window is open for the interval, and its digest job starts when it ends.
    const [window] = await windows(where);
    expect(window!.state).toBe('open');
    expect(window!.windowEnd.getTime() - window!.windowStart.getTime()).toBe(SALE_DIGEST_MINUTES * MINUTE);
    const [job] = await digestJobs(where);
    expect(job!.state).toBe('created');
    expect(new Date(job!.start_after).getTime()).toBe(window!.windowEnd.getTime());
    expect(job!.data).toEqual({ organizationId: where.organizationId, windowStart: window!.windowStart.toISOString() });

    // The sales after it are gathered: no e-mail of their own, and the digest is not due before the window ends.
    const gathered = [
      await sale(where, 'Gus', 2),
      await sale(where, 'Hal'),
      await sale(where, 'Ivy'),
      await sale(where, 'Jo', 3),
    ];
    expect(await saleMails(where)).toHaveLength(1);
    expect(await runDigests()).toBe(0);
    expect(await digestMails(where)).toEqual([]);

    // Hal's order is refunded before the digest goes out: the digest lists it and says so.
    const [halTicket] = await t.database.db.select().from(ticket).where(eq(ticket.orderId, gathered[1]!.id));
    const refunded = await refundRequest(t.app, where.owner, gathered[1]!.id, {
      ticket_ids: [halTicket!.id],
      reason: 'Cannot come',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    expect(await windowsEnd(where)).toBe(1);
    const digests = await digestMails(where);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(codesIn(digest.text)).toEqual(gathered.map((row) => row.code));
    const paid = gathered.reduce((sum, row) => sum + row.amountMinor + row.feeMinor, 0);
    const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;
    expect(digest.subject).toBe(`Sales summary: 4 orders, 7 tickets for digest-sale Night (${money(paid)})`);
    for (const part of [digest.text, digest.html]) {
      expect(part).toContain('4 new orders for digest-sale Night');
      expect(part).toContain(`${gathered[0]!.code} · Gus Fan · 2 tickets`);
      expect(part).toContain(money(gathered[0]!.amountMinor + gathered[0]!.feeMinor));
      expect(part).toContain('after the sale we e-mailed you about on its own');
    }
    const [halNow] = await t.database.db.select().from(order).where(eq(order.id, gathered[1]!.id));
    expect(halNow!.refundedMinor).toBeGreaterThan(0);
    expect(digest.text).toContain(
      `${gathered[1]!.code} · Hal Fan · 1 ticket: ${money(halNow!.amountMinor + halNow!.feeMinor)}, ${
        halNow!.refundedMinor >= halNow!.amountMinor + halNow!.feeMinor
          ? 'refunded'
          : `${money(halNow!.refundedMinor)} refunded`
      }`,
    );
    expect(digest.text).toContain(`Orders: 4\n  Tickets: 7\nPaid: ${money(paid)}`);
    expect(digest.text).toContain(`Refunded since: ${money(halNow!.refundedMinor)}`);
    expect(digest.html).toContain(`href="http://localhost:3000/dashboard/events/view/${where.eventId}"`);
    expect(digest.text).not.toContain(first.code);

    // Its job ran once; running the window's job again (a retry) sends nothing more.
    expect((await windows(where))[0]!.state).toBe('sent');
    await t.app.checkout.notifier.deliverSaleDigest(job!.data);
    expect(await digestMails(where)).toHaveLength(1);

    // Sales keep coming (the last one was moments ago): the next sale is gathered into the next window on the
    // same grid, not e-mailed on its own, and its digest follows the previous one.
    const next = await sale(where, 'Kim');
    expect(await saleMails(where)).toHaveLength(1);
    const [, second] = await windows(where);
    expect(second!.windowStart.getTime()).toBe(window!.windowStart.getTime() + SALE_DIGEST_MINUTES * MINUTE);
    expect(await windowsEnd(where)).toBe(1);
    const after = await digestMails(where);
    expect(after).toHaveLength(2);
    expect(codesIn(after[1]!.text)).toEqual([next.code]);
    expect(after[1]!.text).toContain('after our last summary');

    // After a quiet spell (no sale for the interval) the next sale is e-mailed at once again.
    await t.database.db
      .update(saleDigest)
      .set({ lastSaleAt: new Date(Date.now() - (SALE_DIGEST_MINUTES + 1) * MINUTE) })
      .where(eq(saleDigest.windowStart, second!.windowStart));
    const quiet = await sale(where, 'Lou');
    expect((await saleMails(where)).map((mail) => codesIn(mail.subject))).toEqual([[first.code], [quiet.code]]);

    // Every sale once: each in exactly one e-mail.
    await windowsEnd(where);
    const everyCode = [
      ...(await saleMails(where)).flatMap((mail) => codesIn(mail.subject)),
      ...(await digestMails(where)).flatMap((mail) => codesIn(mail.text)),
    ];
    expect(everyCode.sort()).toEqual([first, ...gathered, next, quiet].map((row) => row.code).sort());
  });

  it('a sale placed after its window closed goes to the next window, and a retried digest sends once', async () => {
    const where = await shop('digest-crash', 'digest');
    const first = await sale(where, 'Max');
    const early = await sale(where, 'Ned');
    const [job] = await digestJobs(where);
    // The digest job's first step, then its process dies before it sends anything.
    const closed = await closeWindow(t.database.db, job!.data);
    expect(closed!.gathered.map((entry) => entry.order.id)).toEqual([early.id]);
    // A sale after the close is not added to the closed window: it waits for the next one.
    const late = await sale(where, 'Oli');
    const placed = await t.database.db
      .select()
      .from(saleDigestOrder)
      .where(eq(saleDigestOrder.organizationId, where.organizationId))
      .orderBy(asc(saleDigestOrder.placedAt));
    expect(placed.map((row) => [row.orderId, row.atOnce, row.windowStart.getTime()])).toEqual([
      [first.id, true, closed!.windowStart.getTime()],
      [early.id, false, closed!.windowStart.getTime()],
      [late.id, false, closed!.windowEnd.getTime()],
    ]);
    // The retry (both windows' jobs, each run twice, as after an expiry) e-mails each sale once.
    await windowsEnd(where);
    for (const entry of await digestJobs(where)) await t.app.checkout.notifier.deliverSaleDigest(entry.data);
    const digests = await digestMails(where);
    expect(digests.map((mail) => codesIn(mail.text)).sort()).toEqual([[early.code], [late.code]].sort());
    expect((await saleMails(where)).map((mail) => codesIn(mail.subject))).toEqual([[first.code]]);
  });

  it('two runs of the sale and digest jobs at once place each sale once and send each digest once', async () => {
    const where = await shop('digest-race', 'digest');
    const sold = [];
    for (const name of ['Pam', 'Quin', 'Rae', 'Sam', 'Tess', 'Uma']) sold.push(await sale(where, name));
    // The organiser-sale jobs again, all at once and twice each (a retry overlapping the first run).
    await Promise.all(
      sold.flatMap((row) =>
        [1, 2].map(() =>
          t.app.checkout.notifier.deliverMail({
            kind: 'organiser-sale',
            orderId: row.id,
            organizationId: where.organizationId,
          }),
        ),
      ),
    );
    const [job] = await digestJobs(where);
    // Overlapping runs of the digest: one sends; another finds the e-mail claimed and fails, to be retried.
    const runs = await Promise.allSettled([1, 2, 3].map(() => t.app.checkout.notifier.deliverSaleDigest(job!.data)));
    for (const run of runs) if (run.status === 'rejected') expect((run.reason as Error).name).toBe('MailInFlightError');
    await t.app.checkout.notifier.deliverSaleDigest(job!.data);
    expect((await saleMails(where)).map((mail) => codesIn(mail.subject))).toEqual([[sold[0]!.code]]);
    const digests = await digestMails(where);
    expect(digests.map((mail) => codesIn(mail.text))).toEqual([sold.slice(1).map((row) => row.code)]);
    expect(await digestJobs(where)).toHaveLength(1);
  });

  it("a choice changed to 'off' before the window ends sends no digest", async () => {
    const where = await shop('digest-off', 'digest');
    await sale(where, 'Vic');
    await sale(where, 'Wes');
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/org/settings',
      headers: asBrowser(where.owner),
      payload: { company_name: 'digest-off Events', sale_emails: 'off' },
    });
    expect(off.statusCode).toBe(200);
    expect(await windowsEnd(where)).toBe(1);
    expect(await digestMails(where)).toEqual([]);
    expect((await windows(where)).map((row) => row.state)).toEqual(['sent']);
    const [latest] = await t.database.db
      .select()
      .from(saleDigest)
      .where(eq(saleDigest.organizationId, where.organizationId))
      .orderBy(desc(saleDigest.windowStart))
      .limit(1);
    expect(latest!.sentAt).not.toBeNull();
  });
});
