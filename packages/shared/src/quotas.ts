// Shared quotas (decision 128): one capacity over a chosen set of an event's ticket types ("Standing 400" over Early
// Bird and General), checked in the hold beside each type's own capacity and the venue's. A type may count toward
// more than one quota; every quota it is in must have room for a ticket to be sold.
import { z } from 'zod';
import { MAX_TICKET_TYPES_PER_EVENT } from './organiser-sales.js';

export const QUOTA_NAME_MAX = 60;
export const QUOTA_CAPACITY_MAX = 1_000_000;
export const MAX_QUOTAS_PER_EVENT = 20;

export const QUOTA_MESSAGES = {
  nameRequired: 'Enter a name for the quota',
  nameTooLong: `Quota names are at most ${QUOTA_NAME_MAX} characters`,
  capacityRange: `Capacity must be a whole number from 0 to ${QUOTA_CAPACITY_MAX.toLocaleString('en-GB')}`,
  typesRequired: 'Choose at least one ticket type',
  typesRepeated: 'Choose each ticket type once',
  typeNotFound: 'One of the chosen ticket types is not part of this event',
  tooMany: `An event can have at most ${MAX_QUOTAS_PER_EVENT} quotas`,
  notFound: 'Quota not found',
  readOnly: (status: 'archived' | 'cancelled') =>
    `${status === 'archived' ? 'An archived' : 'A cancelled'} event's quotas cannot be changed`,
  capacityBelowTaken: (count: number, beingBought: boolean) =>
    beingBought
      ? `Capacity cannot be below the ${count} tickets of these types already sold or being bought`
      : `Capacity cannot be below the ${count} tickets of these types already sold`,
  /** The fan's message when a shared quota, not a type or the venue, has too few tickets left. */
  fanSoldOut: (name: string, typeNames: string[]) =>
    `Sorry, ${name} tickets (${typeNames.join(', ')}) have just sold out.`,
  fanFewLeft: (name: string, left: number, typeNames: string[]) =>
    `Sorry, only ${left} ${name} ${left === 1 ? 'ticket is' : 'tickets are'} left, shared by ${typeNames.join(', ')}. Please choose fewer.`,
} as const;

export const quotaInputSchema = z.object({
  name: z.string().trim().min(1, QUOTA_MESSAGES.nameRequired).max(QUOTA_NAME_MAX, QUOTA_MESSAGES.nameTooLong),
  capacity: z
    .number({ message: QUOTA_MESSAGES.capacityRange })
    .int(QUOTA_MESSAGES.capacityRange)
    .min(0, QUOTA_MESSAGES.capacityRange)
    .max(QUOTA_CAPACITY_MAX, QUOTA_MESSAGES.capacityRange),
  ticket_type_ids: z
    .array(z.string().max(64))
    .min(1, QUOTA_MESSAGES.typesRequired)
    .max(MAX_TICKET_TYPES_PER_EVENT)
    .refine((ids) => new Set(ids).size === ids.length, QUOTA_MESSAGES.typesRepeated),
});
export type QuotaInput = z.infer<typeof quotaInputSchema>;

export const quotaSchema = z.object({
  id: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  /** Paid tickets of the quota's types. */
  sold: z.number().int(),
  /** Tickets of the quota's types in checkout holds. */
  held: z.number().int(),
  ticket_type_ids: z.array(z.string()),
});
export type QuotaDto = z.infer<typeof quotaSchema>;

/** GET /api/events/:id/quotas */
export const quotaListSchema = z.object({ quotas: z.array(quotaSchema) });
export type QuotaList = z.infer<typeof quotaListSchema>;
