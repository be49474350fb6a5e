// An order's add-ons in its detail (decision 134): each line's quantity, name and unit price when bought, and how
// many of it the door has handed over.
import { FREE_LABEL, type CurrencyCode, type OrderAddOnDto } from '@marquee/shared';
import { formatMoneyMinor } from '../lib/money';

export function OrderAddOns({
  orderId,
  addOns,
  currency,
  headingClasses,
}: {
  orderId: string;
  addOns: OrderAddOnDto[];
  currency: CurrencyCode;
  headingClasses: string;
}) {
  if (addOns.length === 0) return null;
  return (
    <section aria-labelledby={`${orderId}-add-ons`}>
      <h3 id={`${orderId}-add-ons`} className={headingClasses}>
        Add-ons
      </h3>
      <ul className="border-border divide-border divide-y rounded-lg border text-sm">
        {addOns.map((line) => (
          <li key={line.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-2">
            <span className="[overflow-wrap:anywhere]">
              {line.quantity} × {line.name}
            </span>
            <span className="text-muted-foreground flex flex-wrap gap-x-3 tabular-nums">
              <span>
                {line.unit_price_minor === 0 ? FREE_LABEL : `${formatMoneyMinor(line.unit_price_minor, currency)} each`}
              </span>
              <span className={line.handed_over === line.quantity ? 'text-success' : undefined}>
                Handed over {line.handed_over} of {line.quantity}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
