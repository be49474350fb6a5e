// Order e-mails sent at most once per order, kind and recipient, across crashes and retries (decision 051).
// The order_mail row is claimed as 'sending' with a short lease right before the message is handed to the mail
// server, and marked 'sent' as soon as the server accepted it. While the attempt that claimed it is alive, it
// renews the lease every few seconds (however slow the server), so the lease runs out only when that process died:
//   - 'sent': a retry skips it;
//   - 'sending' with a live lease: another attempt is sending it now; this one fails (its job is retried later);
//   - 'sending' with a lease that ran out: the attempt that claimed it died between the claim and the mark. Its
//     outcome is unknown; it is sent again, with the same Message-ID. Rendering happens before the claim and the
//     mark follows the server's reply at once, so the copy can be a second one only when the process died inside
//     the SMTP conversation, after the server had the whole message and before its answer was recorded.
// A refusal (the server answered with an error, or could not be reached) gives the claim back at once, so
// `attempts` above 1 always means an earlier attempt's outcome was unknown. Right before the hand-over (after any
// wait for a free connection) the claim is checked once more (Mailer.send's handOver): lost, nothing is sent.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderMail } from '../../db/schema/index.js';
import type { Mailer, OutgoingMail } from './mailer.js';

/**
 * How long a claim lasts without renewal: a dead process's claim is over this long after its last renewal,
 * shorter than a mail job's expiry (jobs/queue.ts), so the retry of a dead worker's job finds it over.
 */
export const MAIL_LEASE_SECONDS = 15;

export interface MailKey {
  orderId: string;
  kind: string;
  /** The address; compared and stored lower-cased. */
  recipient: string;
}

/** Logged (with the order, never the address) when a message went out again after an unknown outcome. */
export const RESENT_WARNING = 'e-mail sent again: an earlier attempt died during its hand-over to the mail server';

/** Another attempt holds a live claim on this message; the job is retried and finds it sent or given back. */
export class MailInFlightError extends Error {
  override name = 'MailInFlightError';
  constructor() {
    super('this e-mail is being sent by another attempt');
  }
}

/** The message's stable identity; the SMTP mailer's Message-ID is a hash of it. */
export function mailIdentity(key: MailKey): string {
  return `order-mail:${key.orderId}:${key.kind}:${key.recipient.toLowerCase()}`;
}

/** Whether this message was already accepted by the mail server. */
export async function mailSent(db: Database, key: MailKey): Promise<boolean> {
  const [row] = await db.select({ state: orderMail.state }).from(orderMail).where(where(key)).limit(1);
  return row?.state === 'sent';
}

const where = (key: MailKey) =>
  and(
    eq(orderMail.orderId, key.orderId),
    eq(orderMail.kind, key.kind),
    eq(orderMail.recipient, key.recipient.toLowerCase()),
  );

/** The server answered with a refusal, or was never reached (nodemailer's CONN stage): nothing was delivered. */
function definitelyNotSent(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' || command === 'CONN';
}

/**
 * Sends `mail` to `key.recipient` unless it was sent already. Resolves 'sent' (handed over now), 'already-sent',
 * or 'resent' (sent again after an earlier attempt's outcome was unknown); throws MailInFlightError while another
 * attempt holds the claim, and the mailer's error when the server refused it.
 */
export async function sendOnce(
  db: Database,
  mailer: Mailer,
  key: MailKey,
  mail: Omit<OutgoingMail, 'to' | 'key'>,
  leaseSeconds = MAIL_LEASE_SECONDS,
): Promise<'sent' | 'already-sent' | 'resent'> {
  const recipient = key.recipient.toLowerCase();
  // One statement: a new row is claimed; an existing one only when it is 'sending' and its lease ran out.
  const [claim] = await db
    .insert(orderMail)
    .values({
      orderId: key.orderId,
      kind: key.kind,
      recipient,
      state: 'sending',
      leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: 1,
    })
    .onConflictDoUpdate({
      target: [orderMail.orderId, orderMail.kind, orderMail.recipient],
      set: {
        leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        attempts: sql`${orderMail.attempts} + 1`,
        sentAt: sql`now()`,
      },
      setWhere: sql`${orderMail.state} = 'sending' and ${orderMail.leaseExpiresAt} < now()`,
    })
    .returning({ attempts: orderMail.attempts });
  if (!claim) {
    if (await mailSent(db, key)) return 'already-sent';
    throw new MailInFlightError();
  }
  const renew = async () =>
    db
      .update(orderMail)
      .set({ leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(where(key), eq(orderMail.state, 'sending'), eq(orderMail.attempts, claim.attempts)))
      .returning({ attempts: orderMail.attempts });
  // The claim stays live while this process works on the message; a failed renewal is left to the next one.
  const heartbeat = setInterval(() => void renew().catch(() => undefined), (leaseSeconds * 1000) / 3);
  // Right before the hand-over: if another attempt took the claim over meanwhile, this one sends nothing.
  const handOver = async () => {
    if ((await renew()).length === 0) throw new MailInFlightError();
  };
  try {
    await mailer.send({ ...mail, to: key.recipient, key: mailIdentity(key) }, handOver);
  } catch (error) {
    clearInterval(heartbeat);
    // The server refused it or could not be reached: give the claim back, so the job's retry sends it at once.
    // Anything else (the connection lost mid-conversation) is an unknown outcome: the claim runs out instead.
    if (definitelyNotSent(error))
      await db
        .delete(orderMail)
        .where(and(where(key), eq(orderMail.state, 'sending'), eq(orderMail.attempts, claim.attempts)))
        .catch(() => undefined);
    throw error;
  }
  clearInterval(heartbeat);
  await db
    .update(orderMail)
    .set({ state: 'sent', leaseExpiresAt: null, sentAt: sql`now()` })
    .where(where(key));
  return claim.attempts > 1 ? 'resent' : 'sent';
}
