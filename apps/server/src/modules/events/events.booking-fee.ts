// Who pays an event's booking fee (decision 135): the organiser's switch. The change applies to orders held after
// it; an order keeps the fee as it was sold with (its lines and `absorbed_fee_minor` say so), which the answer
// tells the organiser in plain words.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BOOKING_FEE_TEXT,
  bookingFeeSettingResultSchema,
  bookingFeeSettingSchema,
  type BookingFeeSettingResult,
} from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { event, order } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { findEventRow } from './events.rows.js';
import { EVENT_NOT_FOUND } from './events.service.js';

export async function setBookingFeeMode(
  db: Database,
  organizationId: string,
  eventId: string,
  absorb: boolean,
): Promise<BookingFeeSettingResult> {
  return db.transaction(async (tx) => {
    const row = await findEventRow(tx, organizationId, eventId, true);
    if (!row) throw new AppError('NOT_FOUND', EVENT_NOT_FOUND);
    if (row.status === 'cancelled') throw new AppError('CONFLICT', 'This event is cancelled: it sells nothing more.');
    await tx
      .update(event)
      .set({ absorbFee: absorb, updatedAt: new Date() })
      .where(and(eq(event.id, row.id), eq(event.organizationId, organizationId)));
    const [sold] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(order)
      .where(
        and(
          eq(order.organizationId, organizationId),
          eq(order.eventId, row.id),
          inArray(order.status, ['paid', 'partially_refunded', 'pending']),
        ),
      );
    const before = Number(sold?.count ?? 0);
    const saved = absorb ? BOOKING_FEE_TEXT.savedAbsorbed : BOOKING_FEE_TEXT.savedFans;
    const changed = row.absorbFee !== absorb;
    return {
      absorb_fee: absorb,
      orders_before: before,
      message: changed && before > 0 ? `${saved} ${BOOKING_FEE_TEXT.ordersKept(before)}` : saved,
    };
  });
}

const params = z.object({ id: z.string().max(64) });

export function bookingFeeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/api/events/:id/booking-fee',
    { schema: { params, body: bookingFeeSettingSchema, response: { 200: bookingFeeSettingResultSchema } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request);
      return setBookingFeeMode(app.db, organizationId, request.params.id, request.body.absorb_fee);
    },
  );
}
