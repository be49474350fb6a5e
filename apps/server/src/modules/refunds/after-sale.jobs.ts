// The durable jobs after the sale (decision 032). 'order-refund': moves one refund's money at the provider with
// the refund's own idempotency key (a retry, or two runs at once, get the provider's first refund back, so the
// money moves once), records the provider's refund id and queues the fan's e-mail; a provider failure is
// recorded on the refund ('failed', attempts, the error's class and code) and thrown, so pg-boss retries it with
// back-off, and the periodic sweep queues it again after pg-boss gave up. 'after-sale-mail': the refund, decline
// and transfer e-mails, each sent once per recipient (order_mail, adapters/mail/once.ts).
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isSold } from '@marquee/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { mailSent, RESENT_WARNING, sendOnce } from '../../adapters/mail/once.js';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Database } from '../../db/client.js';
import {
  event,
  order,
  orderRefund,
  organizationSettings,
  resaleListing,
  ticket,
  ticketType,
} from '../../db/schema/index.js';
import { failureReason, QUEUES, type JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../audit/audit.js';
import { orderLines } from '../checkout/checkout.service.js';
import { documentBranding, documentEvent, documentOrder } from '../checkout/notification-mails.js';
import type { TicketSigner } from '../checkout/ticket-qr.js';
import { activeDomain } from '../../lib/storefront-host.js';
import { refundDeclinedEmail, refundIssuedEmail, ticketTransferredEmail } from '../ticket-documents/index.js';
import { creditNoteAttachment } from '../receipts/receipt-mail.js';

export interface AfterSaleDeps {
  db: Database;
  mailer: Mailer;
  payments: PaymentsProvider;
  signer: TicketSigner;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  appUrl: string;
  publicHost: string;
}

const refundJobSchema = z.object({ refundId: z.string().uuid(), organizationId: z.string().min(1) });
export const afterSaleMailSchema = z.object({
  kind: z.enum(['refund-issued', 'refund-declined', 'ticket-transferred']),
  /** The refund's id, or the new ticket's id for a transfer. */
  id: z.string().uuid(),
  organizationId: z.string().min(1),
});
export type AfterSaleMailJob = z.infer<typeof afterSaleMailSchema>;

export const refundIdempotencyKey = (refundId: string) => `marquee-refund-${refundId}`;

export interface AfterSale {
  /** The 'order-refund' job. */
  sendRefund(data: unknown): Promise<'sent' | 'skipped'>;
  /** The 'after-sale-mail' job. */
  deliverMail(data: unknown): Promise<void>;
  /** Right after a commit: runs the due refund and mail jobs here (the worker retries what fails). */
  deliverQueued(): Promise<void>;
  /** Periodic: queues again the refunds still unsent an hour after their last attempt (pg-boss gave up). */
  requeueStale(): Promise<number>;
}

export function createAfterSale(deps: AfterSaleDeps): AfterSale {
  const { db } = deps;

  async function sendRefund(data: unknown): Promise<'sent' | 'skipped'> {
    const job = refundJobSchema.parse(data);
    const [row] = await db
      .select({ refund: orderRefund, paymentIntentId: order.paymentIntentId })
      .from(orderRefund)
      .innerJoin(order, eq(order.id, orderRefund.orderId))
      .where(and(eq(orderRefund.id, job.refundId), eq(orderRefund.organizationId, job.organizationId)))
      .limit(1);
    if (!row || (row.refund.status !== 'pending' && row.refund.status !== 'failed')) return 'skipped';
    const { refund } = row;
    let providerRefundId: string | null = null;
    if (row.paymentIntentId && refund.amountMinor > 0) {
      try {
        const sent = await deps.payments.createRefund({
          paymentIntentId: row.paymentIntentId,
          amount: refund.amountMinor,
          idempotencyKey: refundIdempotencyKey(refund.id),
          refundApplicationFee: false,
        });
        providerRefundId = sent.id;
      } catch (error) {
        const reason = failureReason(error);
        deps.log.warn({ refundId: refund.id, reason }, 'order refund failed at the provider; it is retried');
        await db
          .update(orderRefund)
          .set({
            status: 'failed',
            attempts: sql`${orderRefund.attempts} + 1`,
            lastFailure: reason,
            updatedAt: new Date(),
          })
          .where(and(eq(orderRefund.id, refund.id), inArray(orderRefund.status, ['pending', 'failed'])));
        throw error;
      }
    }
    return db.transaction(async (tx) => {
      const now = new Date();
      const updated = await tx
        .update(orderRefund)
        .set({
          status: 'succeeded',
          providerRefundId,
          attempts: sql`${orderRefund.attempts} + 1`,
          lastFailure: null,
          updatedAt: now,
          completedAt: now,
        })
        .where(and(eq(orderRefund.id, refund.id), inArray(orderRefund.status, ['pending', 'failed'])))
        .returning({ id: orderRefund.id });
      if (updated.length === 0) return 'skipped' as const;
      await recordAudit(tx, {
        organizationId: refund.organizationId,
        orderId: refund.orderId,
        action: 'refund_sent',
        actor: { type: 'provider' },
        detail: { amount_minor: refund.amountMinor, currency: refund.currency, provider_refund_id: providerRefundId },
        at: now,
      });
      const mail: AfterSaleMailJob = { kind: 'refund-issued', id: refund.id, organizationId: refund.organizationId };
      await deps.jobs.send(QUEUES.afterSaleMail, mail, tx);
      return 'sent' as const;
    });
  }

  async function orderContext(orderId: string, organizationId: string) {
    const [row] = await db
      .select({ order, event, settings: organizationSettings })
      .from(order)
      .innerJoin(event, eq(event.id, order.eventId))
      .innerJoin(organizationSettings, eq(organizationSettings.organizationId, order.organizationId))
      .where(and(eq(order.id, orderId), eq(order.organizationId, organizationId)))
      .limit(1);
    if (!row) return null;
    const origin = `${new URL(deps.appUrl).protocol}//${activeDomain(row.settings, deps.publicHost)}`;
    return {
      ...row,
      origin,
      branding: documentBranding(row.settings, deps.appUrl),
      documentEvent: documentEvent(row.event, origin),
      documentOrder: documentOrder({ order: row.order, lines: await orderLines(db, row.order), origin }),
    };
  }

  /** Who the mail goes to and how it is built; null when there is nothing (any longer) to send. */
  async function planMail(job: AfterSaleMailJob) {
    if (job.kind === 'ticket-transferred') {
      const [held] = await db
        .select({ ticket, typeName: ticketType.name })
        .from(ticket)
        .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
        .where(and(eq(ticket.id, job.id), eq(ticket.organizationId, job.organizationId)))
        .limit(1);
      if (!held || !isSold(held.ticket.status) || !held.ticket.holderEmail) return null;
      const context = await orderContext(held.ticket.orderId, job.organizationId);
      if (!context) return null;
      const email = held.ticket.holderEmail;
      return {
        orderId: context.order.id,
        to: email,
        build: () =>
          ticketTransferredEmail({
            branding: context.branding,
            event: context.documentEvent,
            holder: { name: held.ticket.holderName, email },
            fromName: `${context.order.firstName} ${context.order.lastName}`.trim() || 'A ticket holder',
            orderCode: context.order.code,
            ticket: {
              code: held.ticket.code,
              typeName: held.typeName,
              holderName: held.ticket.holderName,
              qrPayload: deps.signer.payloadFor({ code: held.ticket.code, eventId: context.event.id }),
            },
            paidAt: context.order.paidAt ?? context.order.createdAt,
          }),
      };
    }
    const [refund] = await db
      .select()
      .from(orderRefund)
      .where(and(eq(orderRefund.id, job.id), eq(orderRefund.organizationId, job.organizationId)))
      .limit(1);
    if (!refund) return null;
    const context = await orderContext(refund.orderId, job.organizationId);
    if (!context) return null;
    if (job.kind === 'refund-declined') {
      if (refund.status !== 'declined') return null;
      return {
        orderId: context.order.id,
        to: context.order.customerEmail,
        build: async () =>
          refundDeclinedEmail({
            branding: context.branding,
            event: context.documentEvent,
            order: context.documentOrder,
            reason: refund.declineReason ?? '',
          }),
      };
    }
    if (refund.status !== 'succeeded') return null;
    const codes =
      refund.ticketIds.length === 0
        ? []
        : (
            await db
              .select({ code: ticket.code })
              .from(ticket)
              .where(and(eq(ticket.orderId, refund.orderId), inArray(ticket.id, refund.ticketIds)))
              .orderBy(ticket.code)
          ).map((entry) => entry.code);
    const [listing] = await db
      .select({ id: resaleListing.id })
      .from(resaleListing)
      .where(eq(resaleListing.refundId, refund.id))
      .limit(1);
    const resold = Boolean(listing);
    return {
      orderId: context.order.id,
      to: context.order.customerEmail,
      build: async () => {
        const mail = refundIssuedEmail({
          branding: context.branding,
          event: context.documentEvent,
          order: context.documentOrder,
          amountMinor: refund.amountMinor,
          ticketCodes: codes,
          reason: refund.reason,
          requested: refund.requestedBy === 'fan' && !resold,
          resold,
        });
        // The refund's credit note goes with it, as the receipt goes with the confirmation (decision 140).
        const credit = await creditNoteAttachment(
          db,
          { organizationId: job.organizationId, orderId: refund.orderId },
          refund.id,
        );
        return credit ? { ...mail, attachments: [...(mail.attachments ?? []), credit] } : mail;
      },
    };
  }

  async function deliverMail(data: unknown) {
    const job = afterSaleMailSchema.parse(data);
    const planned = await planMail(job);
    if (!planned) return;
    const key = { orderId: planned.orderId, kind: `${job.kind}:${job.id}`, recipient: planned.to };
    if (await mailSent(db, key)) return;
    const mail = await planned.build();
    // Claimed just before the hand-over and marked once the server accepted it (decision 051).
    const outcome = await sendOnce(db, deps.mailer, key, mail);
    if (outcome === 'resent') deps.log.warn({ orderId: planned.orderId, kind: job.kind }, RESENT_WARNING);
  }

  return {
    sendRefund,
    deliverMail,
    async deliverQueued() {
      await deps.jobs.runDue(QUEUES.orderRefund, sendRefund, 2);
      await deps.jobs.runDue(QUEUES.afterSaleMail, deliverMail, 3);
    },
    async requeueStale() {
      const stale = await db
        .select({ id: orderRefund.id, organizationId: orderRefund.organizationId })
        .from(orderRefund)
        .where(
          and(
            inArray(orderRefund.status, ['pending', 'failed']),
            lt(orderRefund.updatedAt, sql`now() - interval '1 hour'`),
          ),
        )
        .limit(50);
      for (const entry of stale) {
        await deps.jobs.send(QUEUES.orderRefund, { refundId: entry.id, organizationId: entry.organizationId });
        await db.update(orderRefund).set({ updatedAt: new Date() }).where(eq(orderRefund.id, entry.id));
      }
      return stale.length;
    },
  };
}

/** The worker's handlers for the after-sale queues. */
export function afterSaleJobHandlers(afterSale: AfterSale) {
  return {
    [QUEUES.orderRefund]: (data: unknown) => afterSale.sendRefund(data),
    [QUEUES.afterSaleMail]: (data: unknown) => afterSale.deliverMail(data),
  };
}
