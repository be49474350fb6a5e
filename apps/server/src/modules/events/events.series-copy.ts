// What a new date of a series copies besides the event row (decision 132): the ticket types (nothing sold), the
// shared quotas over them (decision 128, empty), the checkout questions and the name-on-ticket setting (decision
// 130) and the add-ons (decision 134, full stock), every id remapped to the new date's and every time moved as the
// date is.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addOn, eventAttendeeSettings, eventQuestion, ticketQuota, ticketType } from '../../db/schema/index.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DateTemplate {
  types: Array<typeof ticketType.$inferSelect>;
  quotas: Array<typeof ticketQuota.$inferSelect>;
  questions: Array<typeof eventQuestion.$inferSelect>;
  attendee: typeof eventAttendeeSettings.$inferSelect | undefined;
  addOns: Array<typeof addOn.$inferSelect>;
}

/** The source event's parts, read once for all the dates being added. */
export async function readDateTemplate(
  tx: Transaction,
  organizationId: string,
  eventId: string,
): Promise<DateTemplate> {
  const [types, quotas, questions, [attendee], addOns] = await Promise.all([
    tx
      .select()
      .from(ticketType)
      .where(and(eq(ticketType.organizationId, organizationId), eq(ticketType.eventId, eventId))),
    tx
      .select()
      .from(ticketQuota)
      .where(and(eq(ticketQuota.organizationId, organizationId), eq(ticketQuota.eventId, eventId))),
    tx
      .select()
      .from(eventQuestion)
      .where(and(eq(eventQuestion.organizationId, organizationId), eq(eventQuestion.eventId, eventId))),
    tx
      .select()
      .from(eventAttendeeSettings)
      .where(and(eq(eventAttendeeSettings.organizationId, organizationId), eq(eventAttendeeSettings.eventId, eventId))),
    tx
      .select()
      .from(addOn)
      .where(and(eq(addOn.organizationId, organizationId), eq(addOn.eventId, eventId))),
  ]);
  return { types, quotas, questions, attendee, addOns };
}

const remap = (ids: Map<string, string>, from: readonly string[]) =>
  from.flatMap((id) => (ids.has(id) ? [ids.get(id)!] : []));

/** Writes the template's parts for the new date `eventId`; `moved` moves a time as the date moved. */
export async function copyDateParts(
  tx: Transaction,
  { types, quotas, questions, attendee, addOns }: DateTemplate,
  eventId: string,
  moved: (instant: Date | null) => Date | null,
  now: Date,
) {
  const quotaIds = new Map(quotas.map((quota) => [quota.id, randomUUID()]));
  const typeIds = new Map(types.map((type) => [type.id, randomUUID()]));
  if (quotas.length > 0) {
    await tx.insert(ticketQuota).values(
      quotas.map((quota) => ({
        ...quota,
        id: quotaIds.get(quota.id)!,
        eventId,
        sold: 0,
        held: 0,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  if (types.length > 0) {
    await tx.insert(ticketType).values(
      // createdAt is kept: the first-created type is the wizard's (generalOf), in every date as in the source.
      types.map((type) => ({
        ...type,
        id: typeIds.get(type.id)!,
        eventId,
        sold: 0,
        held: 0,
        salesStartAt: moved(type.salesStartAt),
        salesEndAt: moved(type.salesEndAt),
        quotaIds: remap(quotaIds, type.quotaIds),
        updatedAt: now,
      })),
    );
  }
  if (questions.length > 0) {
    await tx.insert(eventQuestion).values(
      questions.map((question) => ({
        ...question,
        id: randomUUID(),
        eventId,
        ticketTypeIds: remap(typeIds, question.ticketTypeIds),
        createdAt: now,
      })),
    );
  }
  if (addOns.length > 0) {
    // Each date sells its own stock of each add-on.
    await tx.insert(addOn).values(
      addOns.map((entry) => ({
        ...entry,
        id: randomUUID(),
        eventId,
        sold: 0,
        held: 0,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  if (attendee) {
    await tx
      .insert(eventAttendeeSettings)
      .values({ ...attendee, eventId, answersEditableUntil: moved(attendee.answersEditableUntil) });
  }
}
