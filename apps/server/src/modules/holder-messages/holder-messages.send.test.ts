// Sending messages to ticket holders (decision 154): the organisation's rate is respected (the rest waits for a
// later job), a run that dies mid-send resumes with every recipient sent once, a marketing recipient who
// unsubscribes before their turn is skipped, and over real SMTP the marketing e-mail carries List-Unsubscribe and
// List-Unsubscribe-Post while a logistics e-mail carries neither.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@marquee/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { createSmtpMailer } from '../../adapters/mail/smtp.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { organizationOf } from '../../../test/checkin-helpers.js';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp.js';
import { buy, history, outboxRecipients, runMessageJobs, sendMessage } from '../../../test/holder-message-helpers.js';
import { QUEUES } from '../../jobs/queue.js';
import { sendHolderMessage, type HolderSendDeps } from './send.js';
import { unsubscribe } from './unsubscribe.js';

let t: TestApp;
let smtp: FakeSmtp;
let owner: SignedInUser;
let organizationId: string;
let live: EventDto;
const host = 'pace.localhost:3000';
const fans = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => `${name}@example.com`);

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'pace');
  organizationId = await organizationOf(t.app, owner);
  live = await createLiveEvent(t.app, owner, { name: 'Pace Night' });
  for (const email of fans) await buy(t.app, host, live.id, live.ticket_types[0]!.id, email, { consent: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const queued = async (subject: string, audience = 'all') => {
  const response = await sendMessage(t.app, owner, live.id, { subject, audience });
  expect(response.statusCode).toBe(201);
  return { messageId: response.json().id as string, organizationId };
};

/** Lets time pass for the budget: every claim and lease so far is moved two minutes back, every job made due. */
const later = async () => {
  await t.app.db.execute(sql`update holder_message_recipient set claimed_at = claimed_at - interval '2 minutes',
    lease_expires_at = lease_expires_at - interval '2 minutes'`);
  await t.app.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'holder-message-send'`,
  );
};

/** Runs the due send jobs once, as the worker would, with these dependencies instead of the app's. */
const runWith = (changes: Partial<HolderSendDeps>) =>
  t.app.jobs.runDue(
    QUEUES.holderMessageSend,
    (data) => sendHolderMessage({ ...t.app.holderMessages.send, ...changes }, data),
    5,
  );

const latest = async (subject: string) => (await history(t.app, owner, live.id)).find((m) => m.subject === subject);

describe('rate and resumption', () => {
  it('sends no more than the per-minute budget and the rest after, each recipient once', async () => {
    const subject = 'Paced';
    await queued(subject);
    await runWith({ perMinute: 3 });
    expect(await outboxRecipients(t.app, subject)).toHaveLength(3);
    expect(await latest(subject)).toMatchObject({ status: 'sending', recipients: 5, sent: 3 });
    // The run queued its continuation for when the budget is back; nothing more goes out before that.
    await runMessageJobs(t.app);
    expect(await outboxRecipients(t.app, subject)).toHaveLength(3);
    await later();
    await runMessageJobs(t.app);
    expect(await outboxRecipients(t.app, subject)).toEqual(fans);
    expect(await latest(subject)).toMatchObject({ status: 'sent', recipients: 5, sent: 5, failed: 0 });
  });

  it('the daily cap holds a message back too', async () => {
    const subject = 'Capped';
    await queued(subject);
    // 5 claimed today by the message before: a cap of 7 leaves 2.
    await runWith({ perDay: 7 });
    expect(await outboxRecipients(t.app, subject)).toHaveLength(2);
    await runMessageJobs(t.app);
    expect(await outboxRecipients(t.app, subject)).toHaveLength(2);
    expect(await latest(subject)).toMatchObject({ status: 'sending', sent: 2 });
    // A day later the budget is back.
    await t.app.db.execute(sql`update holder_message_recipient set claimed_at = claimed_at - interval '1 day'`);
    await t.app.db.execute(
      sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'holder-message-send'`,
    );
    await runWith({ perDay: 7 });
    expect(await outboxRecipients(t.app, subject)).toEqual(fans);
  });

  it('a run that dies mid-send resumes: the one in flight is sent after its lease, nobody twice', async () => {
    const subject = 'Crash';
    const job = await queued(subject);
    let calls = 0;
    const dying: Mailer = {
      kind: 'outbox',
      async send(mail, handOver) {
        calls += 1;
        // The second hand-over dies with the outcome unknown (the connection lost mid-conversation).
        if (calls === 2) throw Object.assign(new Error('connection lost'), { code: 'ECONNRESET' });
        return t.app.mailer.send(mail, handOver);
      },
    };
    // The worker's run fails (its job is retried with back-off).
    await runWith({ mailer: dying });
    expect(await outboxRecipients(t.app, subject)).toEqual([fans[0]]);
    // The job's retry: the others go now; the one in flight waits for its lease to run out.
    await sendHolderMessage(t.app.holderMessages.send, job);
    expect(await outboxRecipients(t.app, subject)).toEqual(fans.filter((fan) => fan !== fans[1]));
    await later();
    await runMessageJobs(t.app);
    expect(await outboxRecipients(t.app, subject)).toEqual(fans);
    expect(await latest(subject)).toMatchObject({ status: 'sent', sent: 5 });
  });

  it('a refusal for good is counted as failed and the rest still go', async () => {
    const subject = 'Refused';
    await queued(subject);
    const refusing: Mailer = {
      kind: 'outbox',
      async send(mail, handOver) {
        if (mail.to === fans[2]) throw Object.assign(new Error('550 no such user'), { responseCode: 550 });
        return t.app.mailer.send(mail, handOver);
      },
    };
    await runWith({ mailer: refusing });
    expect(await outboxRecipients(t.app, subject)).toHaveLength(4);
    expect(await latest(subject)).toMatchObject({ status: 'sent', sent: 4, failed: 1 });
  });

  it('a marketing recipient who unsubscribes before their turn is skipped and counted as suppressed', async () => {
    const subject = 'Offers';
    await queued(subject, 'marketing');
    const unsubscribing: Mailer = {
      kind: 'outbox',
      async send(mail, handOver) {
        // While the first is sent, the last one unsubscribes from another e-mail.
        if (mail.to === fans[0]) await unsubscribe(t.app.db, { organizationId, email: fans[4]! });
        return t.app.mailer.send(mail, handOver);
      },
    };
    await runWith({ mailer: unsubscribing, batchSize: 1 });
    expect(await outboxRecipients(t.app, subject)).toEqual(fans.slice(0, 4));
    expect(await latest(subject)).toMatchObject({ status: 'sent', recipients: 5, sent: 4, suppressed: 1 });
  });
});

describe('over SMTP', () => {
  it('marketing carries List-Unsubscribe and List-Unsubscribe-Post; logistics neither', async () => {
    const mailer = createSmtpMailer(smtp.url, 'Marquee <hello@marquee.test>');
    try {
      await queued('SMTP marketing', 'marketing');
      await queued('SMTP logistics');
      await runWith({ mailer });
    } finally {
      await mailer.close?.();
    }
    const unfold = (raw: string) => raw.replace(/\r\n[ \t]+/g, ' ');
    const marketing = smtp.received.find((m) => m.subject === 'SMTP marketing' && m.to.includes(fans[0]!));
    const logistics = smtp.received.find((m) => m.subject === 'SMTP logistics' && m.to.includes(fans[0]!));
    const head = (raw: string) => unfold(raw.split('\r\n\r\n')[0]!);
    expect(head(marketing!.raw)).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?t=[^>\s]+>$/m);
    expect(head(marketing!.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head(logistics!.raw)).not.toMatch(/^List-Unsubscribe/im);
    // The link in the header unsubscribes with one POST and nothing else.
    const link = /^List-Unsubscribe: <http:\/\/localhost:3000(\/unsubscribe\?t=[^>\s]+)>$/m.exec(
      head(marketing!.raw),
    )![1]!;
    const response = await t.app.inject({
      method: 'POST',
      url: link,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.app.db.execute(
      sql`select email from marketing_suppression where organization_id = ${organizationId} order by email`,
    );
    expect((rows as unknown as { rows: Array<{ email: string }> }).rows.map((row) => row.email)).toEqual([
      fans[0],
      fans[4],
    ]);
  });
});
