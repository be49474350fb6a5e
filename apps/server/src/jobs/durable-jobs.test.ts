// Durable checkout e-mail: a paid order's confirmation is queued with the payment, waits out an SMTP outage,
// survives a restart of the queue, and is delivered exactly once, also with two workers on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import { createSmtpMailer } from '../adapters/mail/smtp.js';
import type { Mailer } from '../adapters/mail/mailer.js';
import { openDatabase } from '../db/client.js';
import { order } from '../db/schema/index.js';
import { createCheckoutNotifier } from '../modules/checkout/notifications.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startFakeSmtp, type FakeSmtp } from '../../test/fake-smtp.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../test/checkout-helpers.js';
import { asBrowser, type SignedInUser } from '../../test/auth-helpers.js';
import { createJobQueue, QUEUES, type JobQueue } from './queue.js';
import { startJobs, type JobRunner } from './runner.js';
import { jobHandlers } from '../jobs-wiring.js';

const host = 'relay.localhost:3000';
const retry = { retryLimit: 10, retryDelaySeconds: 1 };
const confirmation = 'Your tickets for';

let t: TestApp;
let smtp: FakeSmtp;
let owner: SignedInUser;
/** Sign-up codes go to the outbox (the helpers read them there); checkout mail goes over SMTP once set. */
const route = { smtp: false };

beforeAll(async () => {
  smtp = await startFakeSmtp();
  let outbox: Mailer | undefined;
  const viaSmtp = createSmtpMailer(smtp.url, 'Marquee <hello@marquee.test>');
  const mailer: Mailer = {
    kind: 'smtp',
    send: (mail, handOver) =>
      route.smtp
        ? viaSmtp.send(mail, handOver)
        : (outbox ??= createOutboxMailer(t.database.db, 'hello@marquee.test')).send(mail),
    close: () => viaSmtp.close!(),
  };
  t = await createTestApp({ mailer, jobRetry: retry });
  owner = await sellingOrganiser(t.app, 'relay');
  // The organiser's e-mail for every sale (not the digest, decision 147): these tests follow each order's e-mails.
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/org/settings',
    headers: asBrowser(owner),
    payload: { company_name: 'relay Events', sale_emails: 'each' },
  });
  if (saved.statusCode !== 200) throw new Error(`settings: ${saved.statusCode} ${saved.body}`);
  route.smtp = true;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const startWorker = (queue: JobQueue) =>
  startJobs(
    queue,
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
  );

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Holds one ticket for `email` and pays it in the sandbox; returns the order's id. */
async function paidOrder(eventId: string, typeId: string, email: string) {
  const started = await postCheckout(t.app, host, eventId, { ...buyer, email, [`qty_${typeId}`]: '1' });
  const token = tokenFrom(started.headers.location);
  const paid = await payWithCard(t.app, host, token);
  expect(paid.statusCode).toBe(303);
  const [row] = await t.database.db.select().from(order).where(eq(order.accessToken, token));
  expect(row!.status).toBe('paid');
  return row!;
}

describe('checkout e-mail as a durable job', () => {
  it('a confirmation refused by SMTP is delivered once SMTP recovers, exactly once', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Outage Night', capacity: 10 });
    smtp.refusing = true;
    const paid = await paidOrder(live.id, live.ticket_types[0]!.id, 'outage@example.com');
    // The sale stands and the mail is waiting for a retry, not lost.
    expect(smtp.count('outage@example.com')).toBe(0);
    const stats = await t.app.jobs.queueStats();
    expect(stats.retrying[QUEUES.checkoutMail]).toBeGreaterThanOrEqual(1);

    const worker = await startWorker(t.app.jobs);
    try {
      // Still down: the worker's retries fail too.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(smtp.count('outage@example.com')).toBe(0);
      smtp.refusing = false;
      await until(() => smtp.count('outage@example.com', confirmation) === 1);
      await until(async () => (await t.app.jobs.queueStats()).waiting[QUEUES.checkoutMail] === 0);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await worker.stop();
    }
    expect(smtp.count('outage@example.com', confirmation)).toBe(1);
    // The organiser's sale e-mail came through the same way.
    expect(smtp.count(owner.email)).toBeGreaterThanOrEqual(1);

    // A job that runs again after sending (a crash before it was marked complete) sends nothing new.
    const job = { kind: 'order-confirmation' as const, orderId: paid.id, organizationId: paid.organizationId };
    await t.app.checkout.notifier.deliverMail(job);
    expect(smtp.count('outage@example.com', confirmation)).toBe(1);
  });

  it('a queued confirmation survives a restart of the queue and is delivered by the next one', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Restart Night', capacity: 10 });
    smtp.refusing = true;
    await paidOrder(live.id, live.ticket_types[0]!.id, 'restart@example.com');

    const first = await startWorker(t.app.jobs);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await first.stop();
    expect(smtp.count('restart@example.com')).toBe(0);

    // A new queue on the same database, as after a process restart.
    smtp.refusing = false;
    const second = await startWorker(createJobQueue({ executeSql: t.database.executeSql, retry }));
    try {
      await until(() => smtp.count('restart@example.com', confirmation) === 1);
    } finally {
      await second.stop();
    }
    expect(smtp.count('restart@example.com', confirmation)).toBe(1);
  });
});

describe('a mail job of a worker that was killed', () => {
  it('comes back after the mail expiry, not 5 minutes, and each e-mail goes out once', async () => {
    const fan = 'killed-worker@example.com';
    const live = await createLiveEvent(t.app, owner, { name: 'Killed Worker Night', capacity: 10 });
    smtp.refusing = true;
    const paid = await paidOrder(live.id, live.ticket_types[0]!.id, fan);
    smtp.refusing = false;
    const sql = t.database.executeSql;
    const organiserCopies = () =>
      smtp.received.filter(
        (message) => message.to.includes(owner.email.toLowerCase()) && message.subject.includes(paid.code),
      ).length;
    const ours = `name = '${QUEUES.checkoutMail}' and data->>'orderId' = '${paid.id}'`;
    await sql(`update pgboss.job set start_after = now() - interval '1 second' where ${ours} and state = 'retry'`);
    // Other tests' jobs wait, so the worker that dies takes only this order's.
    await sql(
      `update pgboss.job set start_after = now() + interval '1 hour' where name = $1 and not (${ours})
      and state in ('created', 'retry')`,
      [QUEUES.checkoutMail],
    );

    // A worker takes both e-mails, claims the fan's, and is killed (kill -9): they stay 'active'.
    const taken = await t.app.jobs.boss.fetch(QUEUES.checkoutMail, { batchSize: 10 });
    expect(taken.map((job) => (job.data as { orderId: string }).orderId)).toEqual([paid.id, paid.id]);
    const { rows } = await sql(
      `select extract(epoch from expire_in)::int as expire, retry_delay from pgboss.job where id = any($1::uuid[])`,
      [taken.map((job) => job.id)],
    );
    expect(rows).toEqual(taken.map(() => ({ expire: 25, retry_delay: retry.retryDelaySeconds })));
    await sql(
      `insert into order_mail (order_id, kind, recipient, state, lease_expires_at)
       values ($1, 'order-confirmation', $2, 'sending', now() - interval '1 second')`,
      [paid.id, fan],
    );
    // The mail expiry passes (the clock moved on for these jobs only).
    await sql(
      `update pgboss.job set started_on = started_on - expire_in - interval '1 second' where id = any($1::uuid[])`,
      [taken.map((job) => job.id)],
    );

    const next = await startWorker(
      createJobQueue({ executeSql: t.database.executeSql, retry, maintenanceIntervalSeconds: 1 }),
    );
    try {
      await until(() => smtp.count(fan, confirmation) === 1 && organiserCopies() === 1);
      await until(async () => (await t.app.jobs.queueStats()).active[QUEUES.checkoutMail] === 0);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await next.stop();
    }
    expect(smtp.count(fan, confirmation)).toBe(1);
    expect(organiserCopies()).toBe(1);
    const copies = smtp.received.filter((message) => message.to.includes(fan));
    expect(copies[0]!.raw).toMatch(/^Message-ID: <[0-9a-f]{32}@marquee\.test>$/im);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two workers on PostgreSQL', () => {
  it('deliver each queued confirmation once', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Two Workers', capacity: 50 });
    smtp.refusing = true;
    const fans = Array.from({ length: 8 }, (_, index) => `pair${index}@example.com`);
    for (const fan of fans) await paidOrder(live.id, live.ticket_types[0]!.id, fan);
    expect(fans.map((fan) => smtp.count(fan))).toEqual(fans.map(() => 0));
    smtp.refusing = false;

    // Two workers with their own connections, as two server processes would have.
    const workers: JobRunner[] = [];
    const handles = await Promise.all(
      [0, 1].map(() => openDatabase({ kind: 'postgres', url: t.databaseUrl!, poolSize: 3 }, { migrate: false })),
    );
    try {
      for (const handle of handles) {
        const queue = createJobQueue({ executeSql: handle.executeSql, retry });
        const notifier = createCheckoutNotifier({
          db: handle.db,
          mailer: t.app.mailer,
          payments: t.app.payments,
          signer: t.app.checkout.signer,
          log: t.app.log,
          appUrl: t.config.appUrl,
          publicHost: t.config.publicHost,
          lane: t.app.mailLane,
          jobs: queue,
        });
        workers.push(
          await startJobs(
            queue,
            jobHandlers({
              db: handle.db,
              log: t.app.log,
              notifier,
              payments: t.app.payments,
              jobs: queue,
              afterSale: t.app.afterSale,
              waitlist: t.app.waitlist,
              mailer: t.app.mailer,
              appUrl: t.config.appUrl,
              proPrice: { amount: 2900, currency: 'GBP' },
              holderMessages: t.app.holderMessages,
              crmSync: t.app.crmSync,
            }),
            t.app.log,
          ),
        );
      }
      // Each failed attempt while SMTP refused doubled that job's back-off (from 1 s): on a busy machine the
      // first fans' jobs have failed five or six times by now, so their next try can be half a minute away.
      await until(() => fans.every((fan) => smtp.count(fan, confirmation) >= 1), 80_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      for (const worker of workers) await worker.stop();
      for (const handle of handles) await handle.close();
    }
    expect(fans.map((fan) => smtp.count(fan, confirmation))).toEqual(fans.map(() => 1));
  }, 120_000);
});
