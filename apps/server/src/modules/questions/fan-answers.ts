// The fan's corrections of names and answers on their order page (decision 130): allowed until the organiser's
// deadline (the event's start when none is set), for a paid order of an event that is not cancelled, on the
// buyer's own tickets that still admit (a ticket sent away is its new holder's). Every value is checked as at
// checkout; the change is written in one transaction with the order locked, and recorded in the order's trail.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { checkAnswer, checkHolderName, questionApplies, type Question } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, order, orderAnswer, orderHolder, ticket, ticketType } from '../../db/schema/index.js';
import type { Tx } from '../../db/tx.js';
import { recordAudit } from '../audit/audit.js';
import { answersOf, answersOfOrders } from './answers.read.js';
import { FIELD_NAMES, rawAnswer, type CheckoutQuestions } from './checkout-answers.js';
import { attendeeSettingsOf, questionRows, toQuestion } from './questions.service.js';

type Runner = Database | Tx;
type OrderRow = typeof order.$inferSelect;

export interface EditableTicket {
  slot: number;
  code: string;
  typeName: string;
  ticketTypeId: string;
  holderName: string;
  questions: Question[];
}

export interface FanDetails {
  asked: CheckoutQuestions;
  /** Whether anything can be corrected now, and until when (null: no deadline and no start time). */
  open: boolean;
  deadline: Date | null;
  orderQuestions: Question[];
  tickets: EditableTicket[];
  /** The stored values as the form's fields hold them. */
  values: Record<string, string>;
}

const LIVE = new Set(['paid', 'partially_refunded']);

/** What the fan may correct on this order, with the values stored now; null when the event asks nothing. */
export async function fanDetails(db: Runner, current: OrderRow, now = new Date()): Promise<FanDetails | null> {
  const organizationId = current.organizationId;
  const [settings, rows] = await Promise.all([
    attendeeSettingsOf(db, organizationId, current.eventId),
    questionRows(db, organizationId, current.eventId),
  ]);
  const asked: CheckoutQuestions = { ticketNames: settings.ticketNames, questions: rows.map(toQuestion) };
  if (asked.ticketNames === 'off' && asked.questions.length === 0) return null;
  const [[eventRow], holders, tickets, found] = await Promise.all([
    db
      .select({ startsAt: event.startsAt, status: event.status })
      .from(event)
      .where(and(eq(event.id, current.eventId), eq(event.organizationId, organizationId)))
      .limit(1),
    db
      .select()
      .from(orderHolder)
      .where(and(eq(orderHolder.orderId, current.id), eq(orderHolder.organizationId, organizationId))),
    db
      .select({
        slot: ticket.slot,
        code: ticket.code,
        holderName: ticket.holderName,
        ticketTypeId: ticket.ticketTypeId,
        typeName: ticketType.name,
      })
      .from(ticket)
      .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
      .where(
        and(
          eq(ticket.orderId, current.id),
          eq(ticket.organizationId, organizationId),
          isNull(ticket.holderEmail),
          inArray(ticket.status, ['valid', 'listed']),
        ),
      ),
    answersOfOrders(db, organizationId, [current.id]),
  ]);
  const deadline = settings.answersEditableUntil ?? eventRow?.startsAt ?? null;
  const open =
    LIVE.has(current.status) &&
    eventRow?.status !== 'cancelled' &&
    (deadline === null || now.getTime() < deadline.getTime());
  const typeIds = [...new Set(holders.map((holder) => holder.ticketTypeId).concat(tickets.map((t) => t.ticketTypeId)))];
  const editable = tickets
    .filter((entry): entry is typeof entry & { slot: number } => entry.slot !== null)
    .sort((a, b) => a.slot - b.slot)
    .map((entry) => ({
      slot: entry.slot,
      code: entry.code,
      typeName: entry.typeName,
      ticketTypeId: entry.ticketTypeId,
      holderName: entry.holderName,
      questions: asked.questions.filter(
        (question) => question.scope === 'ticket' && questionApplies(question, [entry.ticketTypeId]),
      ),
    }));
  const stored = answersOf(found, current.id);
  const values: Record<string, string> = {};
  const orderQuestions = asked.questions.filter(
    (question) => question.scope === 'order' && questionApplies(question, typeIds),
  );
  const fill = (question: Question, slot: number) => {
    const value = stored.raw.get(`${slot}:${question.id}`) ?? '';
    if (question.kind !== 'multiple_choice') values[FIELD_NAMES.answer(question.id, slot)] = value;
    else
      for (const [index, option] of question.options.entries())
        if (value.split('\n').includes(option)) values[FIELD_NAMES.option(question.id, slot, index)] = 'yes';
  };
  for (const question of orderQuestions) fill(question, 0);
  for (const entry of editable) {
    values[FIELD_NAMES.holder(entry.slot)] = entry.holderName;
    for (const question of entry.questions) fill(question, entry.slot);
  }
  return { asked, open, deadline, orderQuestions, tickets: editable, values };
}

export type SaveOutcome =
  { kind: 'saved' } | { kind: 'closed' } | { kind: 'invalid'; fields: Record<string, string>; details: FanDetails };

/**
 * Saves the fan's corrections: every posted value is checked first (nothing is written when one is refused); after
 * the deadline nothing is written at all. An emptied optional answer is removed.
 */
export async function saveFanDetails(
  db: Database,
  current: OrderRow,
  posted: Record<string, string>,
  device: string | null,
  now = new Date(),
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    // The order is locked so two corrections sent at once are applied one after the other.
    const [locked] = await tx.select().from(order).where(eq(order.id, current.id)).for('update').limit(1);
    if (!locked) return { kind: 'closed' };
    const details = await fanDetails(tx, locked, now);
    if (!details || !details.open) return { kind: 'closed' };
    const fields: Record<string, string> = {};
    const answers: Array<{ questionId: string; slot: number; value: string }> = [];
    const names: Array<{ slot: number; name: string }> = [];
    const check = (question: Question, slot: number) => {
      const result = checkAnswer(question, rawAnswer(question, slot, posted));
      if ('error' in result) fields[FIELD_NAMES.answer(question.id, slot)] = result.error;
      else answers.push({ questionId: question.id, slot, value: result.value });
    };
    for (const question of details.orderQuestions) check(question, 0);
    for (const entry of details.tickets) {
      if (details.asked.ticketNames !== 'off') {
        const name = checkHolderName(details.asked.ticketNames, posted[FIELD_NAMES.holder(entry.slot)]);
        if ('error' in name) fields[FIELD_NAMES.holder(entry.slot)] = name.error;
        else names.push({ slot: entry.slot, name: name.value });
      }
      for (const question of entry.questions) check(question, entry.slot);
    }
    if (Object.keys(fields).length > 0) return { kind: 'invalid', fields, details };

    const changed: string[] = [];
    for (const answer of answers) {
      const before = details.values[FIELD_NAMES.answer(answer.questionId, answer.slot)];
      const where = and(
        eq(orderAnswer.orderId, locked.id),
        eq(orderAnswer.questionId, answer.questionId),
        eq(orderAnswer.slot, answer.slot),
      );
      if (answer.value === '') {
        const removed = await tx.delete(orderAnswer).where(where).returning({ id: orderAnswer.id });
        if (removed.length > 0) changed.push(answer.questionId);
        continue;
      }
      if (before === answer.value) continue;
      await tx
        .insert(orderAnswer)
        .values({ organizationId: locked.organizationId, orderId: locked.id, ...answer, updatedAt: now })
        .onConflictDoUpdate({
          target: [orderAnswer.orderId, orderAnswer.questionId, orderAnswer.slot],
          set: { value: answer.value, updatedAt: now },
        });
      changed.push(answer.questionId);
    }
    const buyerName = `${locked.firstName} ${locked.lastName}`.trim();
    for (const entry of names) {
      const current = details.tickets.find((each) => each.slot === entry.slot)!;
      const name = entry.name || buyerName;
      if (current.holderName === name) continue;
      await tx
        .update(ticket)
        .set({ holderName: name })
        .where(and(eq(ticket.code, current.code), eq(ticket.organizationId, locked.organizationId)));
      await tx
        .update(orderHolder)
        .set({ name: entry.name })
        .where(and(eq(orderHolder.orderId, locked.id), eq(orderHolder.slot, entry.slot)));
      changed.push(`name:${entry.slot}`);
    }
    if (changed.length > 0)
      await recordAudit(tx, {
        organizationId: locked.organizationId,
        orderId: locked.id,
        action: 'details_changed',
        actor: { type: 'fan' },
        device,
        detail: { changes: changed.length },
        at: now,
      });
    return { kind: 'saved' };
  });
}
