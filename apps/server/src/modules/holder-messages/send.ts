// Sending one message to ticket holders (decision 154), as the durable job 'holder-message-send'. Its first run
// lists the recipients (the audience as it is then, one row per address: the primary key (message, e-mail)
// makes the listing idempotent). Each run then claims recipients in batches within the organisation's budget
// (HOLDER_MAIL_PER_MINUTE and HOLDER_MAIL_PER_DAY, counted from the claims of all its messages, under a lock per
// organisation) and sends them; when the budget is spent it queues itself for later and ends. A claim is a lease
// like the order e-mails' (adapters/mail/once.ts): a recipient is 'sending' while claimed, 'sent' once the mail
// server accepted it, so a retry or a second job never sends it again; a claim whose process died runs out and is
// sent again, with the same Message-ID. A refusal (5xx) marks the recipient failed; a server that could not be
// reached gives the claim back and the job is retried with back-off. A marketing recipient who unsubscribed
// before their turn is skipped ('suppressed').
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import { holderMessage, holderMessageRecipient } from '../../db/schema/index.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { audienceSql, mayMarket } from './audiences.js';
import { messageContext } from './context.js';
import { renderHolderMessage } from './render.js';
import { unsubscribePath, type UnsubscribeTokens } from './unsubscribe-tokens.js';

export interface HolderSendDeps {
  db: Database;
  mailer: Mailer;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  appUrl: string;
  tokens: UnsubscribeTokens;
  perMinute: number;
  perDay: number;
  /** Recipients claimed at once (and the most one run sends before it looks at the budget again). */
  batchSize?: number;
  leaseSeconds?: number;
}

export const holderJobSchema = z.object({ messageId: z.string().uuid(), organizationId: z.string().min(1) });

/** The longest one run sends for before it queues the rest as a new job. */
const RUN_MS = 60_000;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Lists the recipients of a queued message once; a message already listed is left as it is. */
async function listRecipients(deps: HolderSendDeps, message: typeof holderMessage.$inferSelect) {
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: holderMessage.status })
      .from(holderMessage)
      .where(eq(holderMessage.id, message.id))
      .for('update');
    if (locked?.status !== 'queued') return;
    const audience = audienceSql({
      organizationId: message.organizationId,
      eventId: message.eventId,
      audience: message.audience,
      ticketTypeId: message.ticketTypeId,
    });
    await tx.execute(sql`insert into holder_message_recipient (message_id, organization_id, email)
      select ${message.id}, ${message.organizationId}, a.email from (${audience}) a
      on conflict do nothing`);
    await tx
      .update(holderMessage)
      .set({
        status: 'sending',
        recipients: sql`(select count(*)::int from holder_message_recipient r where r.message_id = ${message.id})`,
      })
      .where(eq(holderMessage.id, message.id));
  });
}

/** Claims up to the budget's worth of this message's recipients; `wait` says how long until budget is back. */
async function claim(deps: HolderSendDeps, message: typeof holderMessage.$inferSelect, lease: number) {
  return deps.db.transaction(async (tx) => {
    // One claimer per organisation at a time, so two messages (or two runs) cannot both spend the same budget.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holder-mail:${message.organizationId}`}))`);
    const [used] = rows<{ minute: number; day: number; oldest_minute: string | null }>(
      await tx.execute(sql`select
        count(*) filter (where claimed_at > now() - interval '1 minute')::int as minute,
        count(*)::int as day,
        min(claimed_at) filter (where claimed_at > now() - interval '1 minute') as oldest_minute
        from holder_message_recipient
        where organization_id = ${message.organizationId} and claimed_at > now() - interval '1 day'`),
    );
    const budget = Math.min(deps.batchSize ?? 20, deps.perMinute - (used?.minute ?? 0), deps.perDay - (used?.day ?? 0));
    if (budget <= 0) {
      const dayFull = deps.perDay - (used?.day ?? 0) <= 0;
      return { claimed: [] as Array<{ email: string; attempts: number }>, waitSeconds: dayFull ? 15 * 60 : 60 };
    }
    const claimed = rows<{ email: string; attempts: number }>(
      await tx.execute(sql`update holder_message_recipient r
        set state = 'sending', attempts = r.attempts + 1, claimed_at = now(),
          lease_expires_at = now() + make_interval(secs => ${lease})
        from (select email from holder_message_recipient
          where message_id = ${message.id}
            and (state = 'pending' or (state = 'sending' and lease_expires_at < now()))
          order by email limit ${budget} for update skip locked) due
        where r.message_id = ${message.id} and r.email = due.email
        returning r.email, r.attempts`),
    );
    return { claimed, waitSeconds: 0 };
  });
}

/** The server refused it for good (a 5xx reply). */
const refusedForGood = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500;
};
/** The server answered with a temporary refusal or was never reached: nothing was delivered. */
const notDelivered = (error: unknown) => {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' || command === 'CONN';
};

async function giveBack(db: Database, messageId: string, claims: Array<{ email: string; attempts: number }>) {
  for (const claim of claims)
    await db
      .update(holderMessageRecipient)
      .set({ state: 'pending', leaseExpiresAt: null })
      .where(
        and(
          eq(holderMessageRecipient.messageId, messageId),
          eq(holderMessageRecipient.email, claim.email),
          eq(holderMessageRecipient.state, 'sending'),
          eq(holderMessageRecipient.attempts, claim.attempts),
        ),
      );
}

async function refreshCounts(db: Database, messageId: string) {
  await db.execute(sql`update holder_message m set
      sent = c.sent, failed = c.failed, suppressed = c.suppressed,
      status = case when c.open = 0 then 'sent' else m.status end,
      sent_at = case when c.open = 0 then coalesce(m.sent_at, now()) else m.sent_at end
    from (select
      count(*) filter (where state = 'sent')::int as sent,
      count(*) filter (where state = 'failed')::int as failed,
      count(*) filter (where state = 'suppressed')::int as suppressed,
      count(*) filter (where state in ('pending', 'sending'))::int as open
      from holder_message_recipient where message_id = ${messageId}) c
    where m.id = ${messageId} and m.status <> 'queued'`);
}

/** Runs the job: sends what the budget allows and queues the rest for later. Throws to be retried. */
export async function sendHolderMessage(deps: HolderSendDeps, data: unknown): Promise<void> {
  const job = holderJobSchema.parse(data);
  const { db } = deps;
  const lease = deps.leaseSeconds ?? 15;
  const [message] = await db
    .select()
    .from(holderMessage)
    .where(and(eq(holderMessage.id, job.messageId), eq(holderMessage.organizationId, job.organizationId)))
    .limit(1);
  if (!message || message.status === 'sent') return;
  if (message.status === 'queued') await listRecipients(deps, message);
  const context = await messageContext(db, deps.appUrl, message.organizationId, message.eventId);
  const later = (seconds: number) =>
    deps.jobs.send(QUEUES.holderMessageSend, job, undefined, { startAfterSeconds: seconds });
  const started = Date.now();
  try {
    for (;;) {
      // A long run hands over to a fresh job, well within the job's expiry.
      if (Date.now() - started > RUN_MS) {
        await later(1);
        return;
      }
      const { claimed, waitSeconds } = await claim(deps, message, lease);
      if (waitSeconds > 0) {
        await later(waitSeconds);
        return;
      }
      if (claimed.length === 0) {
        // Recipients another run holds a live claim on: look again once their leases could have run out.
        const [open] = rows<{ count: number }>(
          await db.execute(sql`select count(*)::int as count from holder_message_recipient
            where message_id = ${message.id} and state = 'sending'`),
        );
        if ((open?.count ?? 0) > 0) await later(lease + 1);
        return;
      }
      for (const [index, recipient] of claimed.entries()) {
        try {
          await sendOne(deps, message, context, recipient, lease);
        } catch (error) {
          // The batch's recipients not yet tried go back at once; only the one in flight waits for its lease.
          await giveBack(db, message.id, claimed.slice(index + 1));
          throw error;
        }
      }
      await refreshCounts(db, message.id);
    }
  } finally {
    await refreshCounts(db, message.id);
  }
}

async function sendOne(
  deps: HolderSendDeps,
  message: typeof holderMessage.$inferSelect,
  context: Awaited<ReturnType<typeof messageContext>>,
  recipient: { email: string; attempts: number },
  lease: number,
) {
  const { db } = deps;
  const mine = and(
    eq(holderMessageRecipient.messageId, message.id),
    eq(holderMessageRecipient.email, recipient.email),
    eq(holderMessageRecipient.state, 'sending'),
    eq(holderMessageRecipient.attempts, recipient.attempts),
  );
  const mark = (state: 'pending' | 'sent' | 'failed' | 'suppressed') =>
    db
      .update(holderMessageRecipient)
      .set({ state, leaseExpiresAt: null, ...(state === 'sent' ? { sentAt: new Date() } : {}) })
      .where(mine);
  if (message.audience === 'marketing' && !(await mayMarket(db, message.organizationId, recipient.email))) {
    await mark('suppressed');
    return;
  }
  const target = { organizationId: message.organizationId, email: recipient.email };
  const mail = renderHolderMessage({
    audience: message.audience,
    subject: message.subject,
    body: message.body,
    eventName: context.eventName,
    brand: context.brand,
    unsubscribeUrl: `${deps.appUrl}${unsubscribePath(deps.tokens, target)}`,
  });
  // Right before the hand-over: the claim must still be this run's (not taken over after its lease ran out).
  const handOver = async () => {
    const renewed = await db
      .update(holderMessageRecipient)
      .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${lease})` })
      .where(mine)
      .returning({ email: holderMessageRecipient.email });
    if (renewed.length === 0) throw new Error('holder message: the claim was taken over');
  };
  try {
    await deps.mailer.send(
      {
        ...mail,
        to: recipient.email,
        fromName: context.brand.companyName,
        key: `holder-message:${message.id}:${recipient.email}`,
      },
      handOver,
    );
  } catch (error) {
    if (refusedForGood(error)) return void (await mark('failed'));
    // Not delivered: the claim goes back and the job's retry sends it. Anything else is an unknown outcome: the
    // claim runs out instead, and the recipient is sent again with the same Message-ID.
    if (notDelivered(error)) await mark('pending');
    throw error;
  }
  await mark('sent');
}
