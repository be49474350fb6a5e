// Ticket transfers (issue 14 point 5, decision 032): when the event's 'Resale allowed' is on, a fan sends one of
// their tickets to someone else by name and e-mail from their order page. In one transaction, with the ticket
// row locked: the old ticket moves to 'transferred' (its QR stops admitting at once), a new ticket with a new
// code (so a new signed QR) is made for the new holder (ticket-moves.ts), the trail records it, and the new
// holder's ticket e-mail is queued. Only a valid ticket can be sent (not one checked in, listed or gone).
import { and, eq, isNull } from 'drizzle-orm';
import { AFTER_SALE_MESSAGES } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { event, order, ticket } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../audit/audit.js';
import { newTicketCode } from '../../lib/codes.js';
import type { AfterSaleMailJob } from '../refunds/after-sale.jobs.js';
import { RESALE_MESSAGES } from '../resale/resale-messages.js';
import { transferTicketRow } from '../tickets/ticket-moves.js';

export interface TransferInput {
  organizationId: string;
  orderId: string;
  ticketCode: string;
  holderName: string;
  /** Lower-cased. */
  holderEmail: string;
  device: string | null;
}

const TICKET_NOT_FOUND = 'Ticket not found';

async function transferOnce(db: Database, jobs: JobQueue, input: TransferInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ order, resaleAllowed: event.resaleAllowed, eventStatus: event.status, endsAt: event.endsAt })
      .from(order)
      .innerJoin(event, eq(event.id, order.eventId))
      .where(and(eq(order.id, input.orderId), eq(order.organizationId, input.organizationId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Order not found');
    if (!row.resaleAllowed) throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.resaleOff);
    if (row.eventStatus === 'cancelled') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.eventCancelled);
    if (row.endsAt && row.endsAt.getTime() < Date.now()) throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.eventOver);
    const [old] = await tx
      .select()
      .from(ticket)
      .where(
        and(
          eq(ticket.orderId, row.order.id),
          eq(ticket.code, input.ticketCode),
          // Only the buyer's own tickets: one they sent away is the new holder's.
          isNull(ticket.holderEmail),
        ),
      )
      .for('update')
      .limit(1);
    if (!old) throw new AppError('NOT_FOUND', TICKET_NOT_FOUND);
    if (old.status === 'checked_in') throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.transferCheckedIn);
    if (old.status === 'listed') throw new AppError('CONFLICT', RESALE_MESSAGES.listed);
    const now = new Date();
    const moved = await transferTicketRow(
      tx,
      { organizationId: old.organizationId, ticketIds: [old.id] },
      { code: newTicketCode(), holderName: input.holderName, holderEmail: input.holderEmail },
      now,
    );
    if (!moved) throw new AppError('CONFLICT', AFTER_SALE_MESSAGES.transferNotValid);
    const { created } = moved;
    await recordAudit(tx, {
      organizationId: old.organizationId,
      orderId: old.orderId,
      ticketId: old.id,
      action: 'transferred',
      fromStatus: 'valid',
      toStatus: 'transferred',
      actor: { type: 'fan' },
      device: input.device,
      // The new holder's name and ticket code; their address stays on the ticket, not in the trail.
      detail: { ticket: old.code, new_ticket: created!.code, to_name: input.holderName },
      at: now,
    });
    const mail: AfterSaleMailJob = { kind: 'ticket-transferred', id: created!.id, organizationId: old.organizationId };
    await jobs.send(QUEUES.afterSaleMail, mail, tx);
    return { ticketId: created!.id, code: created!.code };
  });
}

/** Sends a ticket to someone else; a new ticket code that clashes (1 in ~10^15) is drawn again. */
export async function transferTicket(db: Database, jobs: JobQueue, input: TransferInput) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await transferOnce(db, jobs, input);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
