// What an order bought of its event's add-ons (decision 134), as the fan sees it after buying: the order page, the
// tickets PDF and the confirmation e-mail read the order's `order_add_on` lines here (name, quantity and price as
// bought, how many the door handed over), in the order the organiser sorts the add-ons.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { VatCategory } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { addOn, orderAddOn } from '../../db/schema/index.js';

export interface OrderAddOnLine {
  id: string;
  addOnId: string;
  /** The add-on's name when bought. */
  name: string;
  quantity: number;
  unitPriceMinor: number;
  unitFeeMinor: number;
  /** The VAT it was sold with (decisions 138, 139). */
  unitVatMinor: number;
  vatRateBp: number;
  vatCategory: VatCategory | null;
  handedOver: number;
}

// Read with every confirmation e-mail and order page: prepared (decision 038).
const linesOf = preparedQuery('order_add_on_lines', (db, name) =>
  db
    .select({
      id: orderAddOn.id,
      addOnId: orderAddOn.addOnId,
      name: orderAddOn.name,
      quantity: orderAddOn.quantity,
      unitPriceMinor: orderAddOn.unitPriceMinor,
      unitFeeMinor: orderAddOn.unitFeeMinor,
      unitVatMinor: orderAddOn.unitVatMinor,
      vatRateBp: orderAddOn.vatRateBp,
      vatCategory: orderAddOn.vatCategory,
      handedOver: orderAddOn.handedOver,
    })
    .from(orderAddOn)
    .innerJoin(addOn, eq(addOn.id, orderAddOn.addOnId))
    .where(
      and(
        eq(orderAddOn.orderId, sql.placeholder('orderId')),
        eq(orderAddOn.organizationId, sql.placeholder('organizationId')),
      ),
    )
    .orderBy(asc(addOn.sort), asc(addOn.createdAt), asc(orderAddOn.id))
    .prepare(name),
);

/** The order's add-on lines, scoped to its organisation; none for an order without add-ons. */
export function orderAddOnLines(
  db: Database,
  current: { id: string; organizationId: string },
): Promise<OrderAddOnLine[]> {
  return linesOf(db, { orderId: current.id, organizationId: current.organizationId });
}
