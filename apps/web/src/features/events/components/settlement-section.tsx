// The event's settlement (decisions 136, 141): per currency, gross sales down to the net payout (the provider's fees
// off it where they are the organiser's), VAT net of refunds, how many payments' fees are not reported, whose the
// provider's fees are, and the CSV and PDF downloads.
import { useQuery } from '@tanstack/react-query';
import { isCurrencyCode, SETTLEMENT_LINES, SETTLEMENT_MESSAGES, type SettlementFigures } from '@marquee/shared';
import { buttonClasses } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/query-state';
import { eventSettlementQuery, settlementFileUrl } from '../api/settlement';
import { formatMoneyMinor } from '../lib/money';

const money = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? formatMoneyMinor(amountMinor, currency) : `${amountMinor} ${currency}`;

function FiguresTable({ figures }: { figures: SettlementFigures }) {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full max-w-xl text-sm" data-testid={`settlement-${figures.currency}`}>
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

export function SettlementSection({ eventId }: { eventId: string }) {
  const settlement = useQuery(eventSettlementQuery(eventId));
  return (
    <section aria-labelledby="settlement-heading" className="bg-card border-border rounded-2xl border p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="settlement-heading" className="text-foreground text-lg font-semibold">
            Settlement
          </h2>
          <p className="text-muted-foreground mt-1 max-w-prose text-sm">
            Every order of this event to date. {SETTLEMENT_MESSAGES.doorNotInPayout}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClasses('xs', 'secondary')} href={settlementFileUrl(eventId, 'csv')} download>
            Download CSV
          </a>
          <a
            className={buttonClasses('xs', 'secondary')}
            href={settlementFileUrl(eventId, 'pdf')}
            target="_blank"
            rel="noopener noreferrer"
          >
            Download PDF<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
      {settlement.isError ? (
        <LoadError onRetry={() => void settlement.refetch()}>The settlement could not be loaded.</LoadError>
      ) : settlement.data ? (
        <div className="flex flex-col gap-5">
          {settlement.data.currencies.length === 0 ? (
            <p className="text-muted-foreground text-sm">{SETTLEMENT_MESSAGES.noSales}</p>
          ) : (
            settlement.data.currencies.map((figures) => <FiguresTable key={figures.currency} figures={figures} />)
          )}
          <p className="text-muted-foreground text-xs">
            {settlement.data.provider_fees.note}. {SETTLEMENT_MESSAGES.vatNote}.
          </p>
        </div>
      ) : (
        <div className="bg-muted h-40 animate-pulse rounded-xl" role="status" aria-label="Loading settlement" />
      )}
    </section>
  );
}
