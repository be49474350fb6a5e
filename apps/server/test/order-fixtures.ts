// Orders for tests that need sales without going through a browser checkout: written with the same codes, tickets,
// counters and roll-up function (recordSale) that fulfilment uses, so the figures read them as real sales.
import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/client.js';
import { order, orderLine, ticket } from '../src/db/schema/index.js';
import { newAccessToken, newOrderCode, newTicketCode } from '../src/lib/codes.js';
import { sellWithoutHold } from '../src/modules/stock/stock.js';
import { recordSale } from '../src/modules/checkout/sale-rollups.js';

export interface OrderFixture {
  organizationId: string;
  eventId: string;
  ticketTypeId: string;
  email: string;
  quantity?: number;
  /** Ticket amount for the whole order, minor units. */
  amountMinor: number;
  feeMinor?: number;
  currency?: string;
  status: 'paid' | 'pending' | 'refunded' | 'expired';
  paidAt?: Date | null;
  createdAt?: Date;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  country?: string | null;
  marketingConsent?: boolean;
}

export async function insertOrder(db: Database, fixture: OrderFixture) {
  const quantity = fixture.quantity ?? 1;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(order)
      .values({
        organizationId: fixture.organizationId,
        eventId: fixture.eventId,
        code: newOrderCode(),
        accessToken: newAccessToken(),
        customerEmail: fixture.email,
        firstName: fixture.firstName ?? 'Test',
        lastName: fixture.lastName ?? `Buyer ${randomBytes(2).toString('hex')}`,
        phone: fixture.phone ?? null,
        country: fixture.country ?? null,
        marketingConsent: fixture.marketingConsent ?? false,
        quantity,
        amountMinor: fixture.amountMinor,
        feeMinor: fixture.feeMinor ?? 0,
        currency: fixture.currency ?? 'GBP',
        status: fixture.status,
        paidAt: fixture.paidAt ?? null,
        createdAt: fixture.createdAt ?? fixture.paidAt ?? new Date(),
      })
      .returning();
    const [line] = await tx
      .insert(orderLine)
      .values({
        organizationId: fixture.organizationId,
        orderId: row!.id,
        ticketTypeId: fixture.ticketTypeId,
        name: 'General Admission',
        quantity,
        unitPriceMinor: Math.floor(fixture.amountMinor / quantity),
        unitFeeMinor: Math.floor((fixture.feeMinor ?? 0) / quantity),
      })
      .returning();
    // A paid order holds its tickets and their places, as fulfilment leaves it; a refunded one's are refunded.
    if (fixture.status === 'paid' || fixture.status === 'refunded') {
      await tx.insert(ticket).values(
        Array.from({ length: quantity }, () => ({
          organizationId: fixture.organizationId,
          orderId: row!.id,
          orderLineId: line!.id,
          eventId: fixture.eventId,
          ticketTypeId: fixture.ticketTypeId,
          code: newTicketCode(),
          status: fixture.status === 'paid' ? ('valid' as const) : ('refunded' as const),
        })),
      );
    }
    if (fixture.status === 'paid')
      await sellWithoutHold(tx, fixture.eventId, [{ ticketTypeId: fixture.ticketTypeId, quantity }]);
    if (fixture.status === 'paid' && fixture.paidAt) await recordSale(tx, { ...row!, paidAt: fixture.paidAt });
    return row!;
  });
}
