// One currency's settlement figures (decisions 136, 141) as a table, in the report's line order: gross sales down to
// the net payout (in bold), then the details (VAT, fans' booking fees, door sales, the platform's provider fees), and
// how many card payments' provider fees are reported. The event view's Settlement section and the Analytics page's
// period report both show it.
import {
  formatMoney,
  isCurrencyCode,
  SETTLEMENT_LINES,
  SETTLEMENT_MESSAGES,
  type SettlementFigures,
} from '@marquee/shared';

const money = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? formatMoney(amountMinor, currency) : `${amountMinor} ${currency}`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function SettlementFiguresTable({ figures, testId }: { figures: SettlementFigures; testId: string }) {
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full max-w-xl text-sm" data-testid={testId}>
        <caption className="text-muted-foreground mb-2 text-left text-xs">
          {figures.currency}: {plural(figures.orders, 'order')}, {plural(figures.tickets, 'ticket')} (
          {plural(figures.comp_tickets, 'comp ticket')}), {plural(figures.door_orders, 'door sale')}
        </caption>
        <tbody>
          {SETTLEMENT_LINES.map((line) => {
            const strong = line.key === 'payout_minor';
            return (
              <tr
                key={line.key}
                className={strong ? 'border-foreground border-t font-semibold' : 'border-border border-t'}
              >
                <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                  {strong ? <strong>{line.label}</strong> : line.label}
                </th>
                <td className="py-1.5 text-right tabular-nums">{money(figures[line.key], figures.currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {figures.provider_payment_orders > 0 ? (
        <p className="text-muted-foreground text-xs">
          {SETTLEMENT_MESSAGES.providerFeesUnreported(
            figures.provider_fee_unreported_orders,
            figures.provider_payment_orders,
          )}
          .
        </p>
      ) : null}
    </div>
  );
}
