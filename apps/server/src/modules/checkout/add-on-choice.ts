// The add-ons a fan chose with the tickets (decision 134): the posted quantities checked against what the event
// offers (a whole number from 0 to the add-on's most per order and what is left; only with at least one ticket), and
// the refusal when an add-on ran out while the hold was being decided.
import { ADD_ON_MESSAGES } from '@marquee/shared';
import type { Database } from '../../db/client.js';
import type { HoldAddOnLine } from './hold-types.js';
import type { CheckoutRefused } from './checkout-refusals.js';
import { loadStorefrontEvent, type SellableAddOn } from './storefront-event.js';

/** The form's error key of an add-on's quantity. */
export const addOnKey = (id: string) => `addon:${id}` as const;

/**
 * The chosen add-ons as hold lines, or the message per add-on that cannot be had. An unknown id (an add-on deleted
 * meanwhile, or a forged field) chosen at 0 is ignored; chosen at more, it is refused on the form's message.
 */
export function parseAddOns(
  raw: Record<string, string>,
  offered: readonly SellableAddOn[],
  ticketCount: number,
): { lines: HoldAddOnLine[]; fields: Record<string, string>; form?: string } {
  const lines: HoldAddOnLine[] = [];
  const fields: Record<string, string> = {};
  let unknown = false;
  for (const [id, text] of Object.entries(raw)) {
    const value = text.trim();
    if (value === '' || value === '0') continue;
    const addOn = offered.find((candidate) => candidate.id === id);
    if (!addOn) {
      unknown = true;
      continue;
    }
    const most = Math.min(addOn.maxPerOrder, addOn.remaining ?? Number.MAX_SAFE_INTEGER);
    const quantity = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(quantity) || quantity > addOn.maxPerOrder) {
      fields[addOnKey(id)] = ADD_ON_MESSAGES.fanQuantity(addOn.name, addOn.maxPerOrder);
      continue;
    }
    if (quantity > most) {
      fields[addOnKey(id)] =
        most === 0 ? ADD_ON_MESSAGES.fanSoldOut(addOn.name) : ADD_ON_MESSAGES.fanFewLeft(addOn.name, most);
      continue;
    }
    if (quantity > 0)
      lines.push({ addOnId: id, name: addOn.name, quantity, unitPriceMinor: addOn.priceMinor, vat: addOn.vat });
  }
  if (unknown) return { lines, fields, form: ADD_ON_MESSAGES.gone };
  if (lines.length > 0 && ticketCount === 0) return { lines, fields, form: ADD_ON_MESSAGES.fanNeedsTicket };
  return { lines, fields };
}

/** An add-on had too few left for the hold (the tickets had room): what is left of it, read afresh. */
export async function addOnRefusal(
  db: Database,
  input: { organizationId: string; eventId: string },
  addOnId: string,
  name: string,
): Promise<CheckoutRefused> {
  const fresh = await loadStorefrontEvent(db, input.organizationId, input.eventId, undefined, {
    releaseExpired: false,
  });
  if (!fresh) return { outcome: 'not_on_sale', event: null };
  const left = fresh.addOns.find((candidate) => candidate.id === addOnId)?.remaining ?? 0;
  const message = left === 0 ? ADD_ON_MESSAGES.fanSoldOut(name) : ADD_ON_MESSAGES.fanFewLeft(name, left);
  return { outcome: 'add_on_sold_out', message, fields: { [addOnKey(addOnId)]: message }, event: fresh };
}
