// An organiser's checkout questions and attendee settings for one event (decision 130): list, add, edit, reorder,
// delete, and the name-on-ticket and correction-deadline settings. Every query is scoped by the caller's
// organisation (another organisation's event or question is 404); archived and cancelled events are read-only.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MAX_QUESTIONS_PER_EVENT,
  type AttendeeSettings,
  type Question,
  type QuestionInput,
  type QuestionList,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, eventAttendeeSettings, eventQuestion, ticketType } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { EVENT_NOT_FOUND } from '../events/events.service.js';
import { findEventRow } from '../events/events.rows.js';
import type { Tx } from '../../db/tx.js';

export const QUESTION_API_MESSAGES = {
  notFound: 'Question not found',
  tooMany: `An event can have at most ${MAX_QUESTIONS_PER_EVENT} questions`,
  reorderSet: 'Send every question of this event exactly once',
  unknownType: 'Choose ticket types of this event',
  readOnly: (status: 'archived' | 'cancelled') =>
    `${status === 'archived' ? 'An archived' : 'A cancelled'} event's questions cannot be changed`,
} as const;

type QuestionRow = typeof eventQuestion.$inferSelect;
type Runner = Database | Tx;

export const toQuestion = (row: QuestionRow): Question => ({
  id: row.id,
  label: row.label,
  kind: row.kind,
  options: row.options,
  required: row.required,
  scope: row.scope,
  ticket_type_ids: row.ticketTypeIds,
  position: row.position,
});

async function eventOf(db: Runner, organizationId: string, eventId: string, lock = false) {
  const row = await findEventRow(db, organizationId, eventId, lock);
  if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
  return row;
}

async function editableEvent(tx: Tx, organizationId: string, eventId: string) {
  const row = await eventOf(tx, organizationId, eventId, true);
  if (row.status === 'archived' || row.status === 'cancelled')
    throw new AppError('CONFLICT', QUESTION_API_MESSAGES.readOnly(row.status));
  return row;
}

/** The event page's form shows the questions: a change is a change of the page (its ETag and kept frame). */
const touchEvent = (tx: Tx, eventId: string) =>
  tx.update(event).set({ updatedAt: new Date() }).where(eq(event.id, eventId));

export async function questionRows(db: Runner, organizationId: string, eventId: string) {
  return db
    .select()
    .from(eventQuestion)
    .where(and(eq(eventQuestion.organizationId, organizationId), eq(eventQuestion.eventId, eventId)))
    .orderBy(asc(eventQuestion.position), asc(eventQuestion.createdAt));
}

/** The event's attendee settings (the defaults while none were saved). */
export async function attendeeSettingsOf(db: Runner, organizationId: string, eventId: string) {
  const [row] = await db
    .select()
    .from(eventAttendeeSettings)
    .where(and(eq(eventAttendeeSettings.organizationId, organizationId), eq(eventAttendeeSettings.eventId, eventId)))
    .limit(1);
  return { ticketNames: row?.ticketNames ?? 'off', answersEditableUntil: row?.answersEditableUntil ?? null };
}

async function listOf(db: Runner, organizationId: string, eventId: string): Promise<QuestionList> {
  const [settings, rows] = await Promise.all([
    attendeeSettingsOf(db, organizationId, eventId),
    questionRows(db, organizationId, eventId),
  ]);
  return {
    settings: {
      ticket_names: settings.ticketNames,
      answers_editable_until: settings.answersEditableUntil?.toISOString() ?? null,
    },
    questions: rows.map(toQuestion),
  };
}

export async function listQuestions(db: Database, organizationId: string, eventId: string) {
  const row = await eventOf(db, organizationId, eventId);
  return listOf(db, organizationId, row.id);
}

/** The chosen ticket types must be the event's own. */
async function checkTypes(tx: Tx, organizationId: string, eventId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const types = await tx
    .select({ id: ticketType.id })
    .from(ticketType)
    .where(and(eq(ticketType.organizationId, organizationId), eq(ticketType.eventId, eventId)));
  const known = new Set(types.map((type) => type.id));
  if (ids.some((id) => !known.has(id)))
    throw new AppError('VALIDATION_ERROR', QUESTION_API_MESSAGES.unknownType, [
      { path: 'ticket_type_ids', message: QUESTION_API_MESSAGES.unknownType },
    ]);
  return [...new Set(ids)];
}

const columnsOf = (input: QuestionInput, ticketTypeIds: string[]) => ({
  label: input.label,
  kind: input.kind,
  options: input.options,
  required: input.required,
  scope: input.scope,
  ticketTypeIds,
});

export async function createQuestion(db: Database, organizationId: string, eventId: string, input: QuestionInput) {
  return db.transaction(async (tx) => {
    const row = await editableEvent(tx, organizationId, eventId);
    const existing = await questionRows(tx, organizationId, row.id);
    if (existing.length >= MAX_QUESTIONS_PER_EVENT) throw new AppError('CONFLICT', QUESTION_API_MESSAGES.tooMany);
    const typeIds = await checkTypes(tx, organizationId, row.id, input.ticket_type_ids);
    const position = existing.reduce((max, question) => Math.max(max, question.position + 1), 0);
    const [created] = await tx
      .insert(eventQuestion)
      .values({ organizationId, eventId: row.id, position, ...columnsOf(input, typeIds) })
      .returning();
    await touchEvent(tx, row.id);
    return toQuestion(created!);
  });
}

async function findQuestion(tx: Tx, organizationId: string, eventId: string, questionId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(questionId)) throw new AppError('NOT_FOUND', QUESTION_API_MESSAGES.notFound);
  const [row] = await tx
    .select()
    .from(eventQuestion)
    .where(
      and(
        eq(eventQuestion.id, questionId),
        eq(eventQuestion.organizationId, organizationId),
        eq(eventQuestion.eventId, eventId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', QUESTION_API_MESSAGES.notFound);
  return row;
}

/**
 * Edits a question. Answers already given stay as they were given (an option renamed later still reads as it was
 * chosen), so exports never change under the organiser's feet.
 */
export async function updateQuestion(
  db: Database,
  organizationId: string,
  eventId: string,
  questionId: string,
  input: QuestionInput,
) {
  return db.transaction(async (tx) => {
    const row = await editableEvent(tx, organizationId, eventId);
    await findQuestion(tx, organizationId, row.id, questionId);
    const typeIds = await checkTypes(tx, organizationId, row.id, input.ticket_type_ids);
    const [updated] = await tx
      .update(eventQuestion)
      .set(columnsOf(input, typeIds))
      .where(and(eq(eventQuestion.id, questionId), eq(eventQuestion.organizationId, organizationId)))
      .returning();
    await touchEvent(tx, row.id);
    return toQuestion(updated!);
  });
}

/** Deletes a question and the answers given to it (the dashboard says so before it asks). */
export async function deleteQuestion(db: Database, organizationId: string, eventId: string, questionId: string) {
  await db.transaction(async (tx) => {
    const row = await editableEvent(tx, organizationId, eventId);
    await findQuestion(tx, organizationId, row.id, questionId);
    await tx
      .delete(eventQuestion)
      .where(and(eq(eventQuestion.id, questionId), eq(eventQuestion.organizationId, organizationId)));
    await touchEvent(tx, row.id);
  });
}

export async function reorderQuestions(db: Database, organizationId: string, eventId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    const row = await editableEvent(tx, organizationId, eventId);
    const rows = await questionRows(tx, organizationId, row.id);
    const known = new Set(rows.map((question) => question.id));
    if (new Set(ids).size !== ids.length || ids.length !== rows.length || ids.some((id) => !known.has(id)))
      throw new AppError('VALIDATION_ERROR', QUESTION_API_MESSAGES.reorderSet, [
        { path: 'ids', message: QUESTION_API_MESSAGES.reorderSet },
      ]);
    await tx.execute(sql`
      update event_question q set position = v.position
      from json_to_recordset(${JSON.stringify(ids.map((id, position) => ({ id, position })))}::json)
        as v(id uuid, position int)
      where q.id = v.id and q.organization_id = ${organizationId} and q.event_id = ${row.id}`);
    await touchEvent(tx, row.id);
    return listOf(tx, organizationId, row.id);
  });
}

export async function saveAttendeeSettings(
  db: Database,
  organizationId: string,
  eventId: string,
  input: AttendeeSettings,
) {
  return db.transaction(async (tx) => {
    const row = await editableEvent(tx, organizationId, eventId);
    const values = {
      ticketNames: input.ticket_names,
      answersEditableUntil: input.answers_editable_until ? new Date(input.answers_editable_until) : null,
    };
    await tx
      .insert(eventAttendeeSettings)
      .values({ eventId: row.id, organizationId, ...values })
      .onConflictDoUpdate({ target: eventAttendeeSettings.eventId, set: values });
    await touchEvent(tx, row.id);
    return listOf(tx, organizationId, row.id);
  });
}
