// The period's settlement report (decisions 136, 141) on the Analytics page: from and to (UTC days, both included;
// this month so far to start with), checked by the same schema as the server, the totals per currency (gross sales
// to the net payout, provider fees, VAT net of refunds), and the CSV and PDF downloads with every event's figures.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SETTLEMENT_MESSAGES, settlementPeriodQuerySchema } from '@marquee/shared';
import { LoadError } from '../../../components/ui/query-state';
import { SettlementFiguresTable } from '../../../components/ui/settlement-figures';
import { buttonClasses } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { labelClasses } from '../../../components/ui/field';
import { periodSettlementQuery, settlementUrl } from '../api/analytics';

const today = () => new Date().toISOString().slice(0, 10);

export function SettlementReport() {
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const ids = { from: useId(), to: useId(), error: useId() };
  const checked = settlementPeriodQuerySchema.safeParse({ from, to });
  const error = checked.success ? null : (checked.error.issues[0]?.message ?? SETTLEMENT_MESSAGES.badDate);
  const report = useQuery({ ...periodSettlementQuery(from, to), enabled: checked.success });
  const field = (id: string, label: string, value: string, set: (next: string) => void) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        className={inputClasses}
      />
    </div>
  );
  return (
    <section
      aria-labelledby="settlement-report-heading"
      className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5"
    >
      <div>
        <h2 id="settlement-report-heading" className="text-lg font-semibold">
          Settlement report
        </h2>
        <p className="text-muted-foreground mt-1 max-w-prose text-sm">
          Orders paid from the first day to the last (UTC), with their refunds so far: gross sales, discounts, refunds,
          booking fees, payment provider fees, VAT in sales, VAT refunded and net VAT, and the net payout per event and
          currency.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-44">{field(ids.from, 'From', from, setFrom)}</div>
        <div className="w-44">{field(ids.to, 'To', to, setTo)}</div>
        {checked.success ? (
          <div className="flex gap-2 pb-0.5">
            <a className={buttonClasses('small', 'secondary')} href={settlementUrl(from, to, 'csv')} download>
              Download CSV
            </a>
            <a
              className={buttonClasses('small', 'secondary')}
              href={settlementUrl(from, to, 'pdf')}
              target="_blank"
              rel="noopener noreferrer"
            >
              Download PDF<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : report.isError ? (
        <LoadError onRetry={() => void report.refetch()}>The settlement report could not be loaded.</LoadError>
      ) : report.data ? (
        <div className="flex flex-col gap-4">
          {report.data.totals.length === 0 ? (
            <p className="text-muted-foreground text-sm">{SETTLEMENT_MESSAGES.noSales}</p>
          ) : (
            report.data.totals.map((figures) => (
              <SettlementFiguresTable
                key={figures.currency}
                figures={figures}
                testId={`settlement-period-${figures.currency}`}
              />
            ))
          )}
          <p className="text-muted-foreground text-xs">
            {report.data.provider_fees.note}. {SETTLEMENT_MESSAGES.vatNote}.
          </p>
        </div>
      ) : null}
    </section>
  );
}
