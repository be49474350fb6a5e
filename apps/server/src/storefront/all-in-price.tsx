// All-in prices on the storefront (decision 135): the headline is what the fan pays for one, booking fee included
// (unless the organiser absorbs it), and its breakdown is one tap away in a <details> that needs no script; the
// event page's order total is priced by quoteOrder(), as the hold will price it.
import {
  formatMoney,
  NO_VAT,
  priceBreakdownText,
  unitPrice,
  type CurrencyCode,
  type FeeMode,
  type LineVat,
} from '@marquee/shared';
import type { OrderQuote } from '../modules/checkout/order-quote.js';
import { renderFragment, type RenderedHtml } from '../lib/document.js';

export function AllInPrice({
  faceMinor,
  currency,
  feeMode,
  what = 'ticket',
  prefix = '',
  vat = NO_VAT,
}: {
  faceMinor: number;
  currency: CurrencyCode;
  feeMode: FeeMode;
  what?: string;
  prefix?: string;
  /** The VAT inside the price (decisions 138, 139): the breakdown says how much is VAT, or zero-rated, or exempt. */
  vat?: LineVat;
}) {
  const price = unitPrice(faceMinor, currency, feeMode, vat);
  return (
    <div className="all-in">
      <span className="price">{`${prefix}${formatMoney(price.allInMinor, currency)}`}</span>{' '}
      <details className="breakdown">
        <summary>Price breakdown</summary>
        <span>{priceBreakdownText(price, currency, what)}</span>
      </details>
    </div>
  );
}

/** The fan's order so far, under the tickets and add-ons: each line all-in, the fee and the total to pay. */
export function OrderTotal({ quote, totalAction }: { quote: OrderQuote; totalAction: string }) {
  const money = (minor: number) => formatMoney(minor, quote.currency);
  return (
    <section id="order-total" className="order-total" aria-labelledby="order-total-title" data-total={totalAction}>
      <h2 id="order-total-title">Your order</h2>
      <div aria-live="polite">
        {/* What the hold would refuse (a bad quantity, too few left): said here, so the fan knows before paying. */}
        {[...new Set(Object.values(quote.fields))].map((problem) => (
          <p className="error" key={problem}>
            {problem}
          </p>
        ))}
        {quote.lines.length === 0 ? (
          <p className="muted">Choose tickets to see your total.</p>
        ) : (
          <table className="summary">
            <caption className="sr">Your order so far</caption>
            <tbody>
              {quote.lines.map((line, index) => (
                <tr key={index}>
                  <td>{`${line.name} × ${line.quantity}${line.vatText ? ` (${line.vatText})` : ''}`}</td>
                  <td className="num">{money(line.unitAllInMinor * line.quantity)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>Total to pay</td>
                <td className="num" data-total-amount="">
                  {money(quote.totalMinor)}
                </td>
              </tr>
              <tr className="muted">
                <td colSpan={2}>{totalBreakdown(quote)}</td>
              </tr>
            </tfoot>
          </table>
        )}
      </div>
      <button type="submit" className="secondary" formAction={totalAction} formNoValidate data-total-button="">
        Update total
      </button>
    </section>
  );
}

/** 'Tickets £40.00 + booking fee £3.20 (you save £4.00 with your code)': what the total is made of. */
export function totalBreakdown(quote: OrderQuote): string {
  const money = (minor: number) => formatMoney(minor, quote.currency);
  const parts = [`Price ${money(quote.faceMinor)}`];
  if (quote.fanFeeMinor > 0) parts.push(`booking fee ${money(quote.fanFeeMinor)}`);
  else if (quote.absorbedFeeMinor > 0) parts.push('no booking fee to pay');
  const saved = quote.discountMinor > 0 ? ` (you save ${money(quote.discountMinor)} with your code)` : '';
  const vat = quote.vatMinor > 0 ? `. Includes ${money(quote.vatMinor)} VAT` : '';
  return `${parts.join(' + ')}${saved}${vat}`;
}

export const ALL_IN_CSS =
  '.all-in{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 8px;margin:4px 0}.all-in .breakdown{margin:0}.breakdown summary{cursor:pointer;font-size:.9rem;text-decoration:underline}.breakdown span{display:block;font-size:.9rem}.order-total{margin:16px 0;padding:12px;border:1px solid var(--line,#ccc);border-radius:8px}.order-total h2{margin-top:0}.order-total [hidden]{display:none}.order-total tfoot tr.muted td{font-weight:400;font-size:.9rem}';

/** The order total alone, for the page's script to put in place of the one it shows. */
export const renderOrderTotal = (quote: OrderQuote, totalAction: string): RenderedHtml =>
  renderFragment(<OrderTotal quote={quote} totalAction={totalAction} />);
