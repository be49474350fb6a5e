// Reading checkout answers back (decision 130): per order for the organiser's order detail and the fan's order
// page, per ticket for the door (online scan and offline list), per order for exports. A value reads as people
// read it (answerText): options with commas, a tick as Yes, a country by its name.
import { sql, type SQL } from 'drizzle-orm';
import { answerText, type AnswerView, type QuestionKind } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

type Runner = Database | Tx;

interface AnswerRow {
  order_id: string;
  slot: number;
  question_id: string;
  label: string;
  kind: QuestionKind;
  value: string;
}

export interface OrderAnswers {
  /** Answers to the questions asked once per order. */
  order: AnswerView[];
  /** Answers per ticket slot. */
  slots: Map<number, AnswerView[]>;
  /** The name given for each slot at checkout, with its ticket type. */
  holders: Map<number, { name: string; ticketTypeId: string }>;
  /** The raw stored values by field (`slot:questionId`), for a form that edits them. */
  raw: Map<string, string>;
}

const emptyAnswers = (): OrderAnswers => ({ order: [], slots: new Map(), holders: new Map(), raw: new Map() });

const idList = (ids: readonly string[]) =>
  sql`array(select json_array_elements_text(${JSON.stringify(ids)}::json))::uuid[]`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The answers and checkout names of these orders of the organisation, in the questions' order. */
export async function answersOfOrders(
  db: Runner,
  organizationId: string,
  orderIds: readonly string[],
): Promise<Map<string, OrderAnswers>> {
  const byOrder = new Map<string, OrderAnswers>();
  if (orderIds.length === 0) return byOrder;
  const [answers, holders] = await Promise.all([
    db.execute(sql`
      select a.order_id, a.slot, a.question_id, q.label, q.kind, a.value
      from order_answer a join event_question q on q.id = a.question_id
      where a.organization_id = ${organizationId} and a.order_id = any(${idList(orderIds)})
      order by a.order_id, a.slot, q.position, q.created_at`),
    db.execute(sql`
      select order_id, slot, name, ticket_type_id from order_holder
      where organization_id = ${organizationId} and order_id = any(${idList(orderIds)})
      order by order_id, slot`),
  ]);
  const entry = (orderId: string) => {
    let found = byOrder.get(orderId);
    if (!found) byOrder.set(orderId, (found = emptyAnswers()));
    return found;
  };
  for (const row of rowsOf<AnswerRow>(answers)) {
    const found = entry(row.order_id);
    const view = { question_id: row.question_id, label: row.label, value: answerText(row.kind, row.value) };
    found.raw.set(`${row.slot}:${row.question_id}`, row.value);
    if (row.slot === 0) found.order.push(view);
    else found.slots.set(row.slot, [...(found.slots.get(row.slot) ?? []), view]);
  }
  for (const row of rowsOf<{ order_id: string; slot: number; name: string; ticket_type_id: string }>(holders))
    entry(row.order_id).holders.set(row.slot, { name: row.name, ticketTypeId: row.ticket_type_id });
  return byOrder;
}

export const answersOf = (found: Map<string, OrderAnswers>, orderId: string) => found.get(orderId) ?? emptyAnswers();

/** A ticket's own answers, then its order's, as the door shows them. */
export const ticketAnswers = (answers: OrderAnswers, slot: number | null) => [
  ...(slot === null ? [] : (answers.slots.get(slot) ?? [])),
  ...answers.order,
];

/**
 * SQL for a ticket's answers as the door shows them (its own, then its order's), as a JSON array of
 * {label, kind, value}; `ticketId` names the ticket. For a statement of the caller's (the online scan).
 */
export function doorAnswersSql(ticketId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('label', q.label, 'kind', q.kind, 'value', a.value)
      order by (a.slot = 0), q.position, q.created_at), '[]'::json)
    from ticket dt
    join order_answer a on a.order_id = dt.order_id and (a.slot = 0 or a.slot = dt.slot)
    join event_question q on q.id = a.question_id
    where dt.id = ${ticketId})`;
}

/** The door's answers from doorAnswersSql's JSON (text or parsed, as the driver gives it). */
export function doorAnswers(value: unknown): Array<{ label: string; value: string }> {
  const parsed = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Array<{
    label: string;
    kind: QuestionKind;
    value: string;
  }>;
  return parsed.map((entry) => ({ label: entry.label, value: answerText(entry.kind, entry.value) }));
}

/** Every answered ticket of the event, by ticket code: [label, value] pairs for the offline door list. */
export async function doorAnswersOfEvent(db: Runner, organizationId: string, eventId: string) {
  const rows = rowsOf<{ code: string; label: string; kind: QuestionKind; value: string }>(
    await db.execute(sql`
      select t.code, q.label, q.kind, a.value
      from ticket t
      join order_answer a on a.order_id = t.order_id and (a.slot = 0 or a.slot = t.slot)
      join event_question q on q.id = a.question_id
      where t.event_id = ${eventId} and t.organization_id = ${organizationId}
        and t.status in ('valid', 'checked_in')
      order by t.code, (a.slot = 0), q.position, q.created_at`),
  );
  const byCode: Record<string, Array<[string, string]>> = {};
  for (const row of rows) (byCode[row.code] ??= []).push([row.label, answerText(row.kind, row.value)]);
  return byCode;
}
