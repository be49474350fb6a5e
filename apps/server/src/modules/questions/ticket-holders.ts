// Which checkout slot each new ticket of a paid order carries (decision 130): the k-th ticket of a type takes the
// k-th slot of that type the hold stored, with the name given for it (the buyer's name when none was given).
import { and, asc, eq } from 'drizzle-orm';
import { orderHolder } from '../../db/schema/index.js';
import type { Tx } from '../../db/tx.js';

export interface HolderAssignment {
  slot: number | null;
  holderName: string;
}

/** For each line's tickets in turn, the slot and name each one takes. */
export async function holdersForTickets(
  tx: Tx,
  current: { id: string; organizationId: string },
  lines: ReadonlyArray<{ ticketTypeId: string; quantity: number }>,
  buyerName: string,
): Promise<HolderAssignment[][]> {
  const rows = await tx
    .select()
    .from(orderHolder)
    .where(and(eq(orderHolder.orderId, current.id), eq(orderHolder.organizationId, current.organizationId)))
    .orderBy(asc(orderHolder.slot));
  const byType = new Map<string, Array<(typeof rows)[number]>>();
  for (const row of rows) byType.set(row.ticketTypeId, [...(byType.get(row.ticketTypeId) ?? []), row]);
  return lines.map((line) =>
    Array.from({ length: line.quantity }, () => {
      const next = byType.get(line.ticketTypeId)?.shift();
      return { slot: next?.slot ?? null, holderName: next?.name.trim() || buyerName };
    }),
  );
}
