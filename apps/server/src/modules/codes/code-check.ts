// The codes a fan enters on the event page (or brings in a link, ?code=...): found by the organisation and the
// upper-cased text, then checked for this event and this moment. The checkout's hold counts the use with a
// conditional UPDATE (hold-codes.ts), so what is checked here is only what the page shows.
import { and, eq, inArray } from 'drizzle-orm';
import { CODE_MESSAGES, CODE_PATTERN, type Discount } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { eventCode } from '../../db/schema/index.js';

export type CodeRow = typeof eventCode.$inferSelect;

export interface ResolvedCodes {
  /** A valid access code for this event, and the hidden types it unlocks. */
  access: CodeRow | null;
  /** A valid promo code for this event. */
  promo: CodeRow | null;
  /** What was wrong with an entered code, keyed by the code as entered (upper-cased). */
  problems: Array<{ code: string; message: string }>;
}

export const normaliseCode = (text: string) => text.trim().toUpperCase().slice(0, 64);

/** Why a code cannot be used now, or null when it can. */
export function codeProblem(row: CodeRow, eventId: string, now: Date): string | null {
  if (row.eventId !== eventId) return CODE_MESSAGES.otherEvent;
  if (row.disabledAt) return CODE_MESSAGES.disabled;
  if (row.validFrom && row.validFrom > now) return CODE_MESSAGES.notYet;
  if (row.validUntil && row.validUntil <= now) return CODE_MESSAGES.expired;
  if (row.maxUses !== null && row.uses >= row.maxUses)
    return row.maxUses === 1 ? CODE_MESSAGES.singleUseTaken : CODE_MESSAGES.exhausted;
  return null;
}

export function discountOf(row: CodeRow): Discount | null {
  if (row.kind !== 'promo' || !row.discountKind || row.discountValue === null) return null;
  return { kind: row.discountKind, value: row.discountValue };
}

/** Resolves up to two entered codes (one access, one promo; a later one of a kind replaces an earlier). */
export async function resolveCodes(
  db: Database,
  organizationId: string,
  eventId: string,
  entered: string[],
  now = new Date(),
): Promise<ResolvedCodes> {
  const texts = [...new Set(entered.map(normaliseCode).filter((text) => text !== ''))].slice(0, 4);
  const resolved: ResolvedCodes = { access: null, promo: null, problems: [] };
  if (texts.length === 0) return resolved;
  const valid = texts.filter((text) => CODE_PATTERN.test(text));
  const rows = valid.length
    ? await db
        .select()
        .from(eventCode)
        .where(and(eq(eventCode.organizationId, organizationId), inArray(eventCode.code, valid)))
    : [];
  for (const text of texts) {
    const matches = rows.filter((row) => row.code === text);
    // The same text may exist for several events of the organisation: this event's row wins.
    const row = matches.find((candidate) => candidate.eventId === eventId) ?? matches[0];
    if (!row) {
      resolved.problems.push({ code: text, message: CODE_MESSAGES.unknown });
      continue;
    }
    const problem = codeProblem(row, eventId, now);
    if (problem) resolved.problems.push({ code: text, message: problem });
    else if (row.kind === 'access') resolved.access = row;
    else resolved.promo = row;
  }
  return resolved;
}
