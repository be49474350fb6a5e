// After a checkout commits: the fan's confirmation, the organiser's sale e-mail, the automatic refund of a
// payment that arrived after its tickets had sold out (idempotent at the provider, recorded once here), and
// the 'find my order' e-mail. Failures are logged and retried by the job runner (refunds) or by the next
// request (links); they never undo a committed sale.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { instantToLocal } from '@marquee/shared';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import {
  event,
  member,
  order,
  orderChange,
  organizationSettings,
  ticket,
  ticketType,
  user,
} from '../../db/schema/index.js';
import { activeDomain } from '../organizations/organizations.service.js';
import { orderLines } from './checkout.service.js';
import type { CheckoutNotifier } from './notifier.js';
import type { TicketSigner } from './ticket-qr.js';
import { buildMail, type MailContext } from './notification-mails.js';

export interface NotificationDeps {
  db: Database;
  mailer: Mailer;
  payments: PaymentsProvider;
  signer: TicketSigner;
  log: FastifyBaseLogger;
  appUrl: string;
  publicHost: string;
}

async function loadContext(
  deps: NotificationDeps,
  orderId: string,
  organizationId: string,
): Promise<MailContext | null> {
  const [row] = await deps.db
    .select({ order, event, settings: organizationSettings })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, order.organizationId))
    .where(and(eq(order.id, orderId), eq(order.organizationId, organizationId)))
    .limit(1);
  if (!row) return null;
  const origin = `${new URL(deps.appUrl).protocol}//${activeDomain(row.settings, deps.publicHost)}`;
  const tickets = await deps.db
    .select({ code: ticket.code, holderName: ticket.holderName, typeName: ticketType.name, status: ticket.status })
    .from(ticket)
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .where(eq(ticket.orderId, orderId))
    .orderBy(asc(ticket.createdAt), asc(ticket.code));
  return {
    order: row.order,
    event: row.event,
    settings: row.settings,
    lines: await orderLines(deps.db, row.order),
    tickets: tickets.map((entry) => ({
      ...entry,
      qrPayload: deps.signer.payloadFor({ code: entry.code, eventId: row.event.id }),
    })),
    origin,
    appUrl: deps.appUrl,
    startLocal: row.event.startsAt ? instantToLocal(row.event.startsAt, row.event.timeZone) : '',
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

export function createCheckoutNotifier(deps: NotificationDeps): CheckoutNotifier {
  const send = async (to: string, mail: Awaited<ReturnType<typeof buildMail.orderConfirmation>>) =>
    deps.mailer.send({ to, ...mail });

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
    const updated = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(order)
        .set({ status: 'refunded', refundedMinor: total, updatedAt: new Date() })
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
      return true;
    });
    return updated;
  }

  return {
    hasDocuments: buildMail.hasDocuments,

    async orderPaid({ orderId, organizationId }) {
      const context = await loadContext(deps, orderId, organizationId);
      if (!context) return;
      await send(context.order.customerEmail, await buildMail.orderConfirmation(context));
      if ((context.settings as { notifyOnSale?: boolean }).notifyOnSale !== false) {
        const sale = await buildMail.organiserSale(context);
        for (const address of await organiserAddresses(deps.db, organizationId)) await send(address, sale);
      }
    },

    async refundUnfulfilled({ orderId, organizationId }) {
      if (!(await refund(orderId, organizationId))) return;
      const context = await loadContext(deps, orderId, organizationId);
      if (context) await send(context.order.customerEmail, await buildMail.lateRefund(context));
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
      await send(email, await buildMail.orderLinks(settings, rows, origin));
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
}

/** The job that retries automatic refunds whose provider call failed (cancelled, paid, not yet refunded). */
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
  return due.length;
}
