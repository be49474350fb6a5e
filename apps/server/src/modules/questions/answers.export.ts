// Checkout answers as export columns (decision 130): one column per question when the export is of one event
// (a per-ticket question's answers in ticket order, '; ' between them), else one 'Answers' column that names each
// question ('Dietary (ticket 2): Vegan | Source: Friend').
import type { Database } from '../../db/client.js';
import { answersOf, answersOfOrders } from './answers.read.js';
import { questionRows } from './questions.service.js';

export interface AnswerColumns {
  headers: string[];
  /** The cells of these orders, by order id, in the headers' order. */
  cells(orderIds: string[]): Promise<Map<string, string[]>>;
}

export async function answerColumns(
  db: Database,
  organizationId: string,
  eventId: string | null | undefined,
): Promise<AnswerColumns> {
  const questions = eventId ? await questionRows(db, organizationId, eventId) : null;
  return {
    headers: questions ? questions.map((question) => question.label) : ['Answers'],
    async cells(orderIds) {
      const found = await answersOfOrders(db, organizationId, orderIds);
      const cells = new Map<string, string[]>();
      for (const id of orderIds) {
        const answers = answersOf(found, id);
        const slots = [...answers.slots].sort(([a], [b]) => a - b);
        if (questions) {
          cells.set(
            id,
            questions.map((question) =>
              [
                ...answers.order.filter((answer) => answer.question_id === question.id),
                ...slots.flatMap(([, views]) => views.filter((answer) => answer.question_id === question.id)),
              ]
                .map((answer) => answer.value)
                .join('; '),
            ),
          );
        } else {
          const parts = [
            ...answers.order.map((answer) => `${answer.label}: ${answer.value}`),
            ...slots.flatMap(([slot, views]) =>
              views.map((answer) => `${answer.label} (ticket ${slot}): ${answer.value}`),
            ),
          ];
          cells.set(id, [parts.join(' | ')]);
        }
      }
      return cells;
    },
  };
}
