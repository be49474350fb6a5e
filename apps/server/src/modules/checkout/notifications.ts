// After a checkout commits: the fan's confirmation, the organiser's sale e-mail (each sale, or the first after a
// quiet spell and then a digest, sale-digest.ts), the automatic refund of a
// payment that arrived after its tickets had sold out (idempotent at the provider, recorded once here), and
// the 'find my order' e-mail. The first three are durable jobs queued in the fulfilment's transaction and run
// by the job worker with retries and back-off; each mail is claimed per order, kind and recipient before it is
// handed to the mail server and marked once accepted (adapters/mail/once.ts), so a retried job does not send
// it twice. 'Find my order' is interactive (the fan waits for it) and stays direct.
import { queueResaleRefunds } from './listing-claims.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isSold, SALE_DIGEST_MINUTES } from '@marquee/shared';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { mailSent, RESENT_WARNING, sendOnce } from '../../adapters/mail/once.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  event,
  eventCancellation,
  member,
  order,
  orderChange,
  organizationSettings,
  ticket,
  ticketType,
  user,
} from '../../db/schema/index.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { activeDomain } from '../../lib/storefront-host.js';
import { orderLines } from './checkout.service.js';
import { orderAddOnLines } from '../add-ons/order-add-on-lines.js';
import type { CheckoutMailJob, CheckoutNotifier } from './notifier.js';
import type { TicketSigner } from './ticket-qr.js';
import { creditNoteAttachment, receiptAttachment } from '../receipts/receipt-mail.js';
import { vatRefundedAfter } from '../receipts/refund-vat.js';
import { providerFeeJobSchema, recordProviderFee, type ProviderFeeJob } from './provider-fee.js';
import type { MailLane } from '../../jobs/mail-lane.js';
import { buildMail, orderDocuments, type MailContext, type PaymentReviewFacts } from './notification-mails.js';
import {
  closeWindow,
  markWindowSent,
  placedSale,
  placeSale,
  SALE_DIGEST_MAIL_KIND,
  saleDigestJobSchema,
} from './sale-digest.js';

const orderTargetSchema = z.object({ orderId: z.string().uuid(), organizationId: z.string().min(1) });
export const checkoutMailJobSchema = z.union([
  orderTargetSchema.extend({
    kind: z.enum(['order-confirmation', 'organiser-sale', 'late-refund', 'event-cancelled', 'payment-review']),
  }),
  orderTargetSchema.extend({
    kind: z.literal('event-moved'),
    startsAt: z.string().datetime(),
    previousStartsAt: z.string().datetime(),
    previousEndsAt: z.string().datetime().nullable(),
  }),
]);
/** A refund job of a payment that did not match its order (decision 050); the others name only the order. */
const mismatchRefundSchema = orderTargetSchema.extend({
  review: z.literal(true),
  sessionId: z.string().min(1),
  paymentIntentId: z.string().min(1).nullable(),
});

export interface NotificationDeps {
  db: Database;
  mailer: Mailer;
  payments: PaymentsProvider;
  signer: TicketSigner;
  log: FastifyBaseLogger;
  appUrl: string;
  publicHost: string;
  jobs: JobQueue;
  /** Where a sale's follow-up jobs run after it answers (deliverSoon). */
  lane: MailLane;
}

// Every sale's two e-mails read their order, event and organiser, then the tickets: prepared (decision 038).
const mailOrder = preparedQuery('mail_order_event_settings', (db, name) =>
  db
    .select({ order, event, settings: organizationSettings })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, order.organizationId))
    .where(and(eq(order.id, sql.placeholder('orderId')), eq(order.organizationId, sql.placeholder('organizationId'))))
    .limit(1)
    .prepare(name),
);

const mailTickets = preparedQuery('mail_order_tickets', (db, name) =>
  db
    .select({
      code: ticket.code,
      holderName: ticket.holderName,
      holderEmail: ticket.holderEmail,
      typeName: ticketType.name,
      status: ticket.status,
    })
    .from(ticket)
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .where(eq(ticket.orderId, sql.placeholder('orderId')))
    .orderBy(asc(ticket.createdAt), asc(ticket.code))
    .prepare(name),
);

async function loadContext(
  deps: NotificationDeps,
  orderId: string,
  organizationId: string,
): Promise<MailContext | null> {
  const [row] = await mailOrder(deps.db, { orderId, organizationId });
  if (!row) return null;
  const origin = `${new URL(deps.appUrl).protocol}//${activeDomain(row.settings, deps.publicHost)}`;
  const tickets = await mailTickets(deps.db, { orderId });
  return {
    order: row.order,
    event: row.event,
    settings: row.settings,
    lines: await orderLines(deps.db, row.order),
    addOns: await orderAddOnLines(deps.db, row.order),
    tickets: tickets.map((entry) => ({
      ...entry,
      qrPayload: deps.signer.payloadFor({ code: entry.code, eventId: row.event.id }),
    })),
    origin,
    appUrl: deps.appUrl,
  };
}

async function organiserAddresses(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), inArray(member.role, ['owner', 'admin'])));
  return rows.map((row) => row.email);
}

type Mail = Awaited<ReturnType<typeof buildMail.orderConfirmation>>;

/** Who a checkout e-mail goes to and how it is built, from the order as it is now; null: nothing to send. */
async function plannedMail(
  deps: NotificationDeps,
  job: CheckoutMailJob,
): Promise<{ recipients: string[]; build(recipient: string): Promise<Mail>; perRecipient?: true } | null> {
  const context = await loadContext(deps, job.orderId, job.organizationId);
  if (!context) return null;
  const status = context.order.status;
  switch (job.kind) {
    case 'order-confirmation':
      // An order refunded before its confirmation could go out gets no tickets by e-mail.
      if (status !== 'paid' && status !== 'partially_refunded') return null;
      return {
        recipients: [context.order.customerEmail],
        // The receipt goes with the tickets (decision 137).
        build: async () => {
          const mail = await buildMail.orderConfirmation(context);
          const receipt = await receiptAttachment(deps.db, context.order);
          return receipt ? { ...mail, attachments: [...(mail.attachments ?? []), receipt] } : mail;
        },
      };
    case 'organiser-sale': {
      // The organiser's choice as it is now (decision 147). A sale placed already keeps its place (a retry, or the
      // choice changed since), so it is never both e-mailed on its own and in a digest.
      const choice = context.settings.saleEmails;
      if (choice === 'off') return null;
      const placed =
        (await placedSale(deps.db, job.orderId)) ??
        (choice === 'digest' ? await placeSale(deps.db, deps.jobs, job) : null);
      // Gathered: its window's digest tells the organiser.
      if (placed && !placed.atOnce) return null;
      return {
        recipients: await organiserAddresses(deps.db, job.organizationId),
        // Under the digest it opened a window: the e-mail says the next sales come together.
        build: () => buildMail.organiserSale(context, placed && choice === 'digest' ? SALE_DIGEST_MINUTES : undefined),
      };
    }
    case 'late-refund':
      return { recipients: [context.order.customerEmail], build: () => buildMail.lateRefund(context) };
    case 'event-cancelled': {
      if (status !== 'refunded') return null;
      const [cancellation] = await deps.db
        .select({ reason: eventCancellation.reason })
        .from(eventCancellation)
        .where(
          and(
            eq(eventCancellation.eventId, context.event.id),
            eq(eventCancellation.organizationId, job.organizationId),
          ),
        )
        .limit(1);
      const reason = cancellation?.reason ?? 'The event was cancelled.';
      return {
        recipients: [context.order.customerEmail],
        // The cancellation refund's credit note goes with it (decision 140).
        build: async () => {
          const mail = await buildMail.eventCancelled(context, reason);
          const credit = await creditNoteAttachment(
            deps.db,
            { organizationId: job.organizationId, orderId: context.order.id },
            null,
          );
          return credit ? { ...mail, attachments: [...(mail.attachments ?? []), credit] } : mail;
        },
      };
    }
    case 'event-moved': {
      // Moved again since: the later job tells the latest time. Nothing to tell an order no longer holding tickets.
      if (status !== 'paid' && status !== 'partially_refunded') return null;
      if (context.event.startsAt?.toISOString() !== job.startsAt) return null;
      const holders = movedRecipients(context);
      if (holders.size === 0) return null;
      const previous = {
        startsAt: new Date(job.previousStartsAt),
        endsAt: job.previousEndsAt ? new Date(job.previousEndsAt) : null,
      };
      return {
        recipients: [...holders.keys()],
        perRecipient: true,
        build: (recipient) => buildMail.eventMoved(context, holders.get(recipient)!, previous),
      };
    }
    case 'payment-review': {
      // The first payment that did not match: what the e-mail describes (the order's trail has every one).
      const [review] = await deps.db
        .select({ detail: orderChange.detail })
        .from(orderChange)
        .where(and(eq(orderChange.orderId, context.order.id), eq(orderChange.action, 'payment_review')))
        .orderBy(asc(orderChange.at))
        .limit(1);
      if (!review) return null;
      return {
        recipients: await organiserAddresses(deps.db, job.organizationId),
        build: () =>
          buildMail.paymentReview(context, {
            ...reviewFacts(review.detail),
            orderHeld: status === 'payment_review',
          }),
      };
    }
  }
}

/**
 * Who holds the order's tickets now, by address: the buyer for the tickets still theirs, each transfer's holder for
 * theirs; only tickets that still admit (isSold) count.
 */
function movedRecipients(context: MailContext): Map<string, { email: string; name: string; isBuyer: boolean }> {
  const holders = new Map<string, { email: string; name: string; isBuyer: boolean }>();
  for (const entry of context.tickets) {
    if (!isSold(entry.status)) continue;
    const email = (entry.holderEmail ?? context.order.customerEmail).trim();
    if (!email || holders.has(email.toLowerCase())) continue;
    const isBuyer = entry.holderEmail === null;
    const name = isBuyer ? context.order.firstName : entry.holderName;
    holders.set(email.toLowerCase(), { email, name, isBuyer });
  }
  return holders;
}

/** The facts fulfilment recorded about a payment that did not match (fulfilment.ts, holdForReview). */
function reviewFacts(detail: unknown): Omit<PaymentReviewFacts, 'orderHeld'> {
  const facts = (detail && typeof detail === 'object' ? detail : {}) as Record<string, unknown>;
  const reasons = Array.isArray(facts.reasons) ? facts.reasons.map(String) : [];
  return {
    amountDiffers: reasons.includes('amount'),
    currencyDiffers: reasons.includes('currency'),
    accountDiffers: reasons.includes('account'),
    duplicate: reasons.includes('duplicate'),
    paidAmountMinor: typeof facts.paid_amount_minor === 'number' ? facts.paid_amount_minor : null,
    paidCurrency: typeof facts.paid_currency === 'string' ? facts.paid_currency : null,
  };
}

export function createCheckoutNotifier(deps: NotificationDeps): CheckoutNotifier {
  async function refund(orderId: string, organizationId: string) {
    const [current] = await deps.db
      .select()
      .from(order)
      .where(and(eq(order.id, orderId), eq(order.organizationId, organizationId)))
      .limit(1);
    if (!current || current.status !== 'cancelled' || !current.paymentIntentId || current.refundedMinor > 0)
      return false;
    const total = current.amountMinor + current.feeMinor;
    await deps.payments.createRefund({
      paymentIntentId: current.paymentIntentId,
      idempotencyKey: `marquee-unfulfilled-${current.id}`,
    });
    return deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(order)
        .set({
          status: 'refunded',
          refundedMinor: total,
          vatRefundedMinor: await vatRefundedAfter(tx, current, current.amountMinor),
          updatedAt: new Date(),
        })
        .where(and(eq(order.id, current.id), eq(order.status, 'cancelled'), sql`${order.refundedMinor} = 0`))
        .returning({ id: order.id });
      if (rows.length === 0) return false;
      await tx.insert(orderChange).values({
        organizationId,
        orderId: current.id,
        action: 'refunded',
        fromStatus: 'cancelled',
        toStatus: 'refunded',
        actorType: 'system',
        detail: { amount_minor: total, reason: 'Paid after the tickets sold out' },
      });
      // A payment that arrived after its event was cancelled gets the cancellation e-mail, not 'sold out'.
      const [eventRow] = await tx.select({ status: event.status }).from(event).where(eq(event.id, current.eventId));
      const kind = eventRow?.status === 'cancelled' ? 'event-cancelled' : 'late-refund';
      const mail: CheckoutMailJob = { kind, orderId: current.id, organizationId };
      await deps.jobs.send(QUEUES.checkoutMail, mail, tx);
      // The order now counts as sold and refunded in the settlement: the provider kept its fee on the payment.
      await deps.jobs.send(QUEUES.providerFee, { orderId: current.id, organizationId } satisfies ProviderFeeJob, tx);
      return true;
    });
  }

  const notifier: CheckoutNotifier = {
    hasDocuments: true,

    async documents({ orderId, organizationId }) {
      const context = await loadContext(deps, orderId, organizationId);
      if (!context || (context.order.status !== 'paid' && context.order.status !== 'partially_refunded')) return null;
      return {
        pdf: () => orderDocuments.pdf(context),
        ics: () => (context.event.startsAt ? orderDocuments.ics(context) : null),
        code: context.order.code,
        eventName: context.event.name,
      };
    },

    async queueFollowUp(tx, followUp) {
      const target = { orderId: followUp.orderId, organizationId: followUp.organizationId };
      if (followUp.kind === 'payment_review') {
        const job: z.infer<typeof mismatchRefundSchema> = {
          ...target,
          review: true,
          sessionId: followUp.sessionId,
          paymentIntentId: followUp.paymentIntentId,
        };
        await deps.jobs.send(QUEUES.checkoutRefund, job, tx);
        return;
      }
      if (followUp.kind === 'refund_unfulfilled') {
        await deps.jobs.send(QUEUES.checkoutRefund, target, tx);
        return;
      }
      for (const kind of ['order-confirmation', 'organiser-sale'] as const)
        await deps.jobs.send(QUEUES.checkoutMail, { kind, ...target } satisfies CheckoutMailJob, tx);
      // The provider's fee on the payment is read after the sale commits (decision 141).
      if (followUp.paymentIntentId) await deps.jobs.send(QUEUES.providerFee, target satisfies ProviderFeeJob, tx);
      // The sellers of resale listings this order bought are refunded (decision 035).
      await queueResaleRefunds(tx, deps.jobs, followUp.orderId);
    },

    async deliverQueued() {
      const handlers = checkoutJobHandlers(notifier);
      return (
        (await deps.jobs.runDue(QUEUES.checkoutRefund, handlers[QUEUES.checkoutRefund], 1)) +
        (await deps.jobs.runDue(QUEUES.checkoutMail, handlers[QUEUES.checkoutMail], 3)) +
        (await deps.jobs.runDue(QUEUES.providerFee, handlers[QUEUES.providerFee], 1))
      );
    },

    deliverSoon() {
      deps.lane.soon(drain);
    },

    async deliverMail(job) {
      const planned = await plannedMail(deps, job);
      if (!planned) return;
      // A moved event's e-mail is once per new time: moving it twice tells holders twice.
      const kind = job.kind === 'event-moved' ? `event-moved:${job.startsAt}` : job.kind;
      const keys = planned.recipients.map((recipient) => ({ orderId: job.orderId, kind, recipient }));
      const due = [];
      for (const key of keys) if (!(await mailSent(deps.db, key))) due.push(key);
      if (due.length === 0) return;
      const shared = planned.perRecipient ? null : await planned.build(due[0]!.recipient);
      // Each recipient is claimed just before its hand-over and marked once the server accepted it (decision 051).
      for (const key of due) {
        const mail = shared ?? (await planned.build(key.recipient));
        const outcome = await sendOnce(deps.db, deps.mailer, key, mail);
        if (outcome === 'resent') deps.log.warn({ orderId: job.orderId, kind: job.kind }, RESENT_WARNING);
      }
    },

    async deliverSaleDigest(job) {
      const window = await closeWindow(deps.db, job);
      if (!window) return;
      const [settings] = await deps.db
        .select()
        .from(organizationSettings)
        .where(eq(organizationSettings.organizationId, job.organizationId))
        .limit(1);
      // Turned 'off' since the window opened: the organiser asked for no sale e-mails.
      if (settings && settings.saleEmails !== 'off' && window.gathered.length > 0) {
        const mail = buildMail.saleDigest(
          settings,
          { ...window, after: window.openedBySale ? 'sale' : 'summary', orders: window.gathered },
          deps.appUrl,
        );
        // Claimed per recipient like an order e-mail (decision 051), under the window's first gathered order: its
        // sales are fixed once the window is closed, so that order names this digest and no other.
        const orderId = window.gathered[0]!.order.id;
        for (const recipient of await organiserAddresses(deps.db, job.organizationId)) {
          const key = { orderId, kind: SALE_DIGEST_MAIL_KIND, recipient };
          if (await mailSent(deps.db, key)) continue;
          const outcome = await sendOnce(deps.db, deps.mailer, key, mail);
          if (outcome === 'resent') deps.log.warn({ orderId, kind: SALE_DIGEST_MAIL_KIND }, RESENT_WARNING);
        }
      }
      await markWindowSent(deps.db, job);
    },

    async recordProviderFee(job) {
      await recordProviderFee(deps, job);
    },

    async refundUnfulfilled({ orderId, organizationId }) {
      await refund(orderId, organizationId);
    },

    async refundMismatched({ orderId, organizationId, sessionId, paymentIntentId }) {
      const alreadyRefunded = async (db: Pick<Database, 'select'>) =>
        (
          await db
            .select({ id: orderChange.id })
            .from(orderChange)
            .where(
              and(
                eq(orderChange.orderId, orderId),
                eq(orderChange.organizationId, organizationId),
                eq(orderChange.action, 'payment_review_refunded'),
                sql`${orderChange.detail}->>'session_id' = ${sessionId}`,
              ),
            )
            .limit(1)
        ).length > 0;
      if (await alreadyRefunded(deps.db)) return;
      // The whole payment back, whatever it was (it is not the order's amount), with our fee. The key makes a retry
      // (a crash after the provider's answer) find the first refund instead of refunding again.
      const refunded = paymentIntentId
        ? await deps.payments.createRefund({ paymentIntentId, idempotencyKey: `marquee-review-${paymentIntentId}` })
        : null;
      await deps.db.transaction(async (tx) => {
        // Serialised on the order row, so two runs of the job record the refund and queue the e-mail once.
        await tx.select({ id: order.id }).from(order).where(eq(order.id, orderId)).for('update');
        if (await alreadyRefunded(tx)) return;
        await tx.insert(orderChange).values({
          organizationId,
          orderId,
          action: 'payment_review_refunded',
          actorType: 'system',
          detail: {
            session_id: sessionId,
            payment_intent_id: paymentIntentId,
            refund_id: refunded?.id ?? null,
            refunded_amount_minor: refunded?.amount ?? 0,
            reason: 'The payment did not match the order',
          },
        });
        const mail: CheckoutMailJob = { kind: 'payment-review', orderId, organizationId };
        await deps.jobs.send(QUEUES.checkoutMail, mail, tx);
      });
    },

    async sendOrderLinks({ organizationId, email, origin }) {
      const rows = await deps.db
        .select({ order, event })
        .from(order)
        .innerJoin(event, eq(event.id, order.eventId))
        .where(
          and(
            eq(order.organizationId, organizationId),
            eq(order.customerEmail, email),
            inArray(order.status, ['paid', 'partially_refunded']),
          ),
        )
        .orderBy(asc(event.startsAt))
        .limit(50);
      if (rows.length === 0) return;
      const [settings] = await deps.db
        .select()
        .from(organizationSettings)
        .where(eq(organizationSettings.organizationId, organizationId))
        .limit(1);
      if (!settings) return;
      await deps.mailer.send({ ...(await buildMail.orderLinks(settings, rows, origin, deps.appUrl)), to: email });
      await deps.db.insert(orderChange).values(
        rows.map((row) => ({
          organizationId,
          orderId: row.order.id,
          action: 'links_sent',
          actorType: 'fan' as const,
        })),
      );
    },
  };
  const drain = () => notifier.deliverQueued();
  return notifier;
}

/** The worker's handlers for the checkout queues; a payload that does not parse fails its job. */
export function checkoutJobHandlers(notifier: CheckoutNotifier) {
  return {
    [QUEUES.providerFee]: (data: unknown) => notifier.recordProviderFee(providerFeeJobSchema.parse(data)),
    [QUEUES.checkoutMail]: (data: unknown) => notifier.deliverMail(checkoutMailJobSchema.parse(data)),
    [QUEUES.saleDigest]: (data: unknown) => notifier.deliverSaleDigest(saleDigestJobSchema.parse(data)),
    [QUEUES.checkoutRefund]: (data: unknown) => {
      const mismatched = mismatchRefundSchema.safeParse(data);
      if (mismatched.success) {
        const { review: _review, ...input } = mismatched.data;
        return notifier.refundMismatched(input);
      }
      return notifier.refundUnfulfilled(orderTargetSchema.parse(data));
    },
  };
}

/** The periodic job that retries automatic refunds whose provider call failed (cancelled, paid, not refunded). */
export async function retryPendingRefunds(db: Database, notifier: CheckoutNotifier): Promise<number> {
  const due = await db
    .select({ id: order.id, organizationId: order.organizationId })
    .from(order)
    .where(
      and(eq(order.status, 'cancelled'), sql`${order.paymentIntentId} is not null`, sql`${order.refundedMinor} = 0`),
    )
    .limit(50);
  for (const entry of due)
    await notifier.refundUnfulfilled({ orderId: entry.id, organizationId: entry.organizationId });
  // Orders held for review whose payment has no recorded refund yet (the job's retries ran out): refund them too.
  const held = await db.execute(sql`
    select c.order_id, c.organization_id, c.detail->>'session_id' as session_id,
      c.detail->>'payment_intent_id' as payment_intent_id
    from ${orderChange} c
    where c.action = 'payment_review' and c.detail->>'payment_intent_id' is not null
      and not exists (select 1 from ${orderChange} r where r.order_id = c.order_id
        and r.action = 'payment_review_refunded' and r.detail->>'session_id' = c.detail->>'session_id')
    limit 50`);
  const rows = (
    held as unknown as {
      rows: Array<{ order_id: string; organization_id: string; session_id: string; payment_intent_id: string }>;
    }
  ).rows;
  for (const row of rows)
    await notifier.refundMismatched({
      orderId: row.order_id,
      organizationId: row.organization_id,
      sessionId: row.session_id,
      paymentIntentId: row.payment_intent_id,
    });
  return due.length + rows.length;
}
