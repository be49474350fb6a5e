// The add-ons an order bought (decision 134) on the fan's order page: each line's quantity, name and price as
// bought, and what the door has handed over of it. Server-rendered, nothing to do without JavaScript; an order
// without add-ons has no such part.
import { priceText, type CurrencyCode } from '@marquee/shared';
import type { OrderAddOnLine } from '../modules/add-ons/order-add-on-lines.js';

function handedOverText(line: OrderAddOnLine): string | null {
  if (line.handedOver >= line.quantity) return 'handed over';
  return line.handedOver > 0 ? `${line.handedOver} of ${line.quantity} handed over` : null;
}

export function OrderAddOns({
  addOns,
  currency,
  stands,
  collectable,
}: {
  addOns: OrderAddOnLine[];
  currency: CurrencyCode;
  /** The order is paid or partly refunded: its add-ons are the fan's. */
  stands: boolean;
  /** And the event is still to come: they can be collected. */
  collectable: boolean;
}) {
  if (addOns.length === 0) return null;
  return (
    <>
      <h2>Add-ons</h2>
      <table className="summary">
        <caption className="sr">Add-ons bought with this order</caption>
        <tbody>
          {addOns.map((line) => {
            const handed = stands ? handedOverText(line) : null;
            return (
              <tr key={line.id}>
                <td>
                  {`${line.quantity} × ${line.name}`}
                  {handed ? <span className="muted">{` · ${handed}`}</span> : null}
                </td>
                <td className="num">{priceText(line.quantity * line.unitPriceMinor, currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {collectable ? (
        <p className="muted">Collect them at the event: the door staff see them when they scan one of your tickets.</p>
      ) : null}
      {stands ? null : <p className="muted">This order no longer stands, so its add-ons cannot be collected.</p>}
    </>
  );
}
