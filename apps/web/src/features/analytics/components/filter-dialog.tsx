// The Filter dialog: the period (last 7, 30 or 90 days, this month, or custom dates) and one event or all.
// Custom dates are checked with the same rules the server applies before the filter is used.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  analyticsQuerySchema,
  type AnalyticsPeriod,
} from '@marquee/shared';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { filterEventsQuery, type AnalyticsFilter } from '../api/analytics';

const today = () => new Date().toISOString().slice(0, 10);
const inputClasses =
  'border-border bg-background text-foreground h-10 w-full rounded-md border px-3 text-sm focus-visible:outline-2';

export function FilterDialog({
  open,
  filter,
  onClose,
  onApply,
}: {
  open: boolean;
  filter: AnalyticsFilter;
  onClose(): void;
  onApply(filter: AnalyticsFilter): void;
}) {
  return (
    <Dialog open={open} onClose={onClose} label="Filter analytics">
      {/* Keyed by the open filter so the form starts from the filter in use each time it opens. */}
      <FilterForm key={JSON.stringify(filter)} filter={filter} onClose={onClose} onApply={onApply} />
    </Dialog>
  );
}

function FilterForm({
  filter,
  onClose,
  onApply,
}: {
  filter: AnalyticsFilter;
  onClose(): void;
  onApply(filter: AnalyticsFilter): void;
}) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(filter.period);
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? today());
  const [eventId, setEventId] = useState(filter.eventId ?? '');
  const [error, setError] = useState<string | null>(null);
  const events = useQuery(filterEventsQuery);
  const ids = { from: useId(), to: useId(), event: useId(), error: useId() };
  const allEvents = [...(events.data?.upcoming ?? []), ...(events.data?.previous ?? [])];

  function apply(event: React.FormEvent) {
    event.preventDefault();
    const candidate = period === 'custom' ? { period, from, to } : { period };
    const parsed = analyticsQuerySchema.safeParse(candidate);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the dates.');
      return;
    }
    onApply({ ...candidate, eventId: eventId || undefined });
  }

  return (
    <form onSubmit={apply} className="flex flex-col gap-5 p-6" noValidate>
      <h2 className="text-lg font-semibold">Filter</h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-muted-foreground mb-2 font-mono text-[11px] font-semibold tracking-wider uppercase">
          Period
        </legend>
        {ANALYTICS_PERIODS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="period"
              value={value}
              checked={period === value}
              onChange={() => {
                setPeriod(value);
                setError(null);
              }}
              className="accent-emerald-600"
            />
            {ANALYTICS_PERIOD_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {period === 'custom' ? (
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.from} className="text-sm">
              From
            </label>
            <input
              id={ids.from}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => setFrom(event.target.value)}
              aria-describedby={error ? ids.error : undefined}
              className={inputClasses}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.to} className="text-sm">
              To
            </label>
            <input
              id={ids.to}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.target.value)}
              aria-describedby={error ? ids.error : undefined}
              className={inputClasses}
            />
          </div>
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.event} className="text-sm">
          Event
        </label>
        <select
          id={ids.event}
          value={eventId}
          onChange={(event) => setEventId(event.target.value)}
          className={inputClasses}
        >
          <option value="">All events</option>
          {allEvents.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name || 'Untitled event'}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" size="small" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" size="small">
          Apply
        </Button>
      </div>
    </form>
  );
}
