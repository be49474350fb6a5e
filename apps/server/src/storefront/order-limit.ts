// The per-order limits a fan is told about, only where they bind. Each ticket type has its own limit per order;
// an order may mix types, so the event's limit says something only when it is below the sum of the limits of the
// types on sale (else the types' own limits stop the fan first, and the event's is left out).
import type { SellableTicketType, StorefrontEvent } from '../modules/checkout/storefront-event.js';

const onSale = (type: SellableTicketType) => type.sale === 'open' && type.remaining !== 0;

/** What the types on sale (of `typeIds`, default all) allow in one order together, by their own limits. */
const typesRoom = (stored: StorefrontEvent, typeIds: readonly string[] = []) =>
  stored.types
    .filter((type) => onSale(type) && (typeIds.length === 0 || typeIds.includes(type.id)))
    .reduce((sum, type) => sum + type.maxPerOrder, 0);

/** The most tickets (of `typeIds`, default any) one order can take: the event's limit or the types' together. */
export const orderRoom = (stored: StorefrontEvent, typeIds: readonly string[] = []) =>
  Math.min(stored.row.maxTicketsPerOrder, typesRoom(stored, typeIds));

/** The event's per-order limit when it binds (below what the types on sale allow together), else null. */
export function bindingOrderLimit(stored: StorefrontEvent): number | null {
  const limit = stored.row.maxTicketsPerOrder;
  return limit < typesRoom(stored) ? limit : null;
}
