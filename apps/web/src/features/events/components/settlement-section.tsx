// The event's settlement (decisions 136, 141): per currency, gross sales down to the net payout (the provider's fees
// off it where they are the organiser's), VAT net of refunds, how many payments' fees are not reported, whose the
// provider's fees are, and the CSV and PDF downloads.
import { useQuery } from '@tanstack/react-query';
import { SETTLEMENT_MESSAGES } from '@marquee/shared';
import { buttonClasses } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/query-state';
import { SettlementFiguresTable } from '../../../components/ui/settlement-figures';
import { eventSettlementQuery, settlementFileUrl } from '../api/settlement';

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
            settlement.data.currencies.map((figures) => (
              <SettlementFiguresTable
                key={figures.currency}
                figures={figures}
                testId={`settlement-${figures.currency}`}
              />
            ))
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
