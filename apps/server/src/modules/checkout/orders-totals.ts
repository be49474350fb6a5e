// Billing's view of our own sales: ticket revenue and booking fees (the platform's fees) of paid orders in a
// period, in one currency, from the per-day sales roll-up. Days are UTC: a period (from, to] counts the days
// after from's day up to and including to's day, so back-to-back periods never count a day twice.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { CurrencyCode } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { salesDaily } from '../../db/schema/index.js';

export interface DateRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

/** What the organisation's paid orders add up to in a period, in minor units of `currency`. */
export interface OrdersTotals {
  revenue: number;
  /** Booking fees fans paid on top of the prices. */
  platformFees: number;
  /** Booking fees the organiser absorbed (decision 135). */
  absorbedFees: number;
}

/** Billing's query of our own sales for an organisation in a period (getBillingStats takes it as a dependency). */
export type OrdersTotalsQuery = (
  db: Database,
  organizationId: string,
  range: DateRange,
  currency: CurrencyCode,
) => Promise<OrdersTotals>;

const day = (instant: Date) => instant.toISOString().slice(0, 10);

export const ordersTotalsFromSales: OrdersTotalsQuery = async (db, organizationId, range, currency) => {
  const [row] = await db
    .select({
      revenue: sql`coalesce(sum(${salesDaily.revenueMinor}), 0)`,
      fees: sql`coalesce(sum(${salesDaily.feeMinor}), 0)`,
      absorbed: sql`coalesce(sum(${salesDaily.absorbedFeeMinor}), 0)`,
    })
    .from(salesDaily)
    .where(
      and(
        eq(salesDaily.organizationId, organizationId),
        eq(salesDaily.currency, currency),
        gt(salesDaily.day, day(range.from)),
        lte(salesDaily.day, day(range.to)),
      ),
    );
  return {
    revenue: Number(row?.revenue ?? 0),
    platformFees: Number(row?.fees ?? 0),
    absorbedFees: Number(row?.absorbed ?? 0),
  };
};
