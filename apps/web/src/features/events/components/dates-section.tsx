// The event view's 'Dates' (decision 132): every date of the event's series with its own sales and the series'
// totals, and a form that adds one date or a daily or weekly run. Each date is an event of its own: its row links
// to its page here, where it is edited, sold, scanned and cancelled on its own.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  formatEventTime,
  formatPreviewDate,
  SERIES_MAX_NEW_DATES,
  type EventDates,
  type EventDatesInput,
  type EventDto,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { controlProps, Field } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { eventDatesQuery, useAddEventDates } from '../api/dates';
import { formatMoneyMinor } from '../lib/money';

const card = 'bg-card border-border rounded-2xl border p-5 sm:p-6';
type How = 'one' | 'daily' | 'weekly';

const dateText = (local: string) =>
  local ? `${formatPreviewDate(local)} · ${formatEventTime(local)}` : 'Date to be announced';
const soldText = (sold: number, capacity: number | null) => (capacity === null ? `${sold}` : `${sold} / ${capacity}`);

function DatesTable({ data, currentId }: { data: EventDates; currentId: string }) {
  return (
    <div
      className="focus-visible:outline-primary -mx-1 overflow-x-auto px-1 focus-visible:outline-2"
      tabIndex={0}
      role="region"
      aria-label="Dates table"
    >
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground font-mono text-[11px] tracking-wider uppercase">
          <tr>
            <th className="pb-2 font-semibold">Date</th>
            <th className="pb-2 font-semibold">Status</th>
            <th className="pb-2 pr-3 text-right font-semibold">Sold</th>
            <th className="pb-2 pl-3 text-right font-semibold">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {data.dates.map((date) => (
            <tr key={date.id} className="border-border border-t">
              <td className="py-2.5 pr-3">
                {date.id === currentId ? (
                  <span className="text-foreground font-semibold" aria-current="page">
                    {dateText(date.start_local)} <span className="text-muted-foreground font-normal">(this date)</span>
                  </span>
                ) : (
                  <Link
                    to={`/dashboard/events/view/${date.id}`}
                    className="text-foreground focus-visible:outline-primary rounded underline underline-offset-2 focus-visible:outline-2"
                  >
                    {dateText(date.start_local)}
                  </Link>
                )}
              </td>
              <td className="text-muted-foreground py-2.5 pr-3 capitalize">{date.status}</td>
              <td className="py-2.5 pr-3 text-right whitespace-nowrap tabular-nums">
                {soldText(date.sold, date.capacity)}
              </td>
              <td className="py-2.5 pl-3 text-right whitespace-nowrap tabular-nums">
                {formatMoneyMinor(date.revenue_minor, data.totals.currency)}
              </td>
            </tr>
          ))}
        </tbody>
        {data.dates.length > 1 ? (
          <tfoot>
            <tr className="border-border border-t-2 font-semibold">
              <th scope="row" className="py-2.5 pr-3 text-left">
                Series ({data.dates.length} dates)
              </th>
              <td />
              <td className="py-2.5 pr-3 text-right whitespace-nowrap tabular-nums">
                {soldText(data.totals.sold, data.totals.capacity)}
              </td>
              <td className="py-2.5 pl-3 text-right whitespace-nowrap tabular-nums">
                {formatMoneyMinor(data.totals.revenue_minor, data.totals.currency)}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function AddDatesForm({ event }: { event: EventDto }) {
  const id = useId();
  const add = useAddEventDates(event.id);
  const [how, setHow] = useState<How>('weekly');
  const [start, setStart] = useState('');
  const [count, setCount] = useState('3');
  const [errors, setErrors] = useState<{ start?: string; count?: string }>({});
  const [message, setMessage] = useState<string | null>(null);

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setErrors({});
    setMessage(null);
    if (how === 'one' && !start) return setErrors({ start: 'Choose the new date and time' });
    const body: EventDatesInput = how === 'one' ? { starts_local: [start] } : { repeat: how, count: Number(count) };
    add.mutate(body, {
      onSuccess: (dates) => {
        setMessage(`Added. The series has ${dates.dates.length} dates.`);
        setStart('');
      },
      onError: (caught) => {
        const field = caught instanceof ApiError ? caught.fields?.[0] : undefined;
        if (field?.path.startsWith('starts_local')) setErrors({ start: field.message });
        else if (field?.path === 'count' || field?.path === 'repeat') setErrors({ count: field.message });
        else setMessage(caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again.');
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${id}-how`} label="Add">
          <select
            id={`${id}-how`}
            className={inputClasses}
            value={how}
            onChange={(changed) => setHow(changed.target.value as How)}
          >
            <option value="weekly">Weekly, after this date</option>
            <option value="daily">Daily, after this date</option>
            <option value="one">One date or time slot</option>
          </select>
        </Field>
        {how === 'one' ? (
          <Field id={`${id}-start`} label="Starts" error={errors.start} hint={`In ${event.time_zone}`}>
            <input
              {...controlProps(`${id}-start`, errors.start, true)}
              type="datetime-local"
              className={inputClasses}
              value={start}
              onChange={(changed) => setStart(changed.target.value)}
            />
          </Field>
        ) : (
          <Field
            id={`${id}-count`}
            label="How many more dates"
            error={errors.count}
            hint={`1-${SERIES_MAX_NEW_DATES}, each at ${event.start_local ? formatEventTime(event.start_local) : 'the same time'}`}
          >
            <input
              {...controlProps(`${id}-count`, errors.count, true)}
              type="number"
              min={1}
              max={SERIES_MAX_NEW_DATES}
              className={inputClasses}
              value={count}
              onChange={(changed) => setCount(changed.target.value)}
            />
          </Field>
        )}
      </div>
      <div className="flex items-center justify-end gap-3">
        <p role="status" className="text-muted-foreground text-sm">
          {message}
        </p>
        <Button size="small" type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add dates'}
        </Button>
      </div>
    </form>
  );
}

export function DatesSection({ event }: { event: EventDto }) {
  const dates = useQuery(eventDatesQuery(event.id));
  const editable = (event.status === 'draft' || event.status === 'live') && Boolean(event.start_local);
  return (
    <section aria-labelledby="dates-heading" className={card}>
      <h2 id="dates-heading" className="text-foreground mb-1 text-lg font-semibold">
        Dates
      </h2>
      <p className="text-muted-foreground mb-4 text-sm">
        Sell this event on more dates or time slots. Each date is copied from this one with its ticket types, then has
        its own capacity, on-sale, door list and figures; fans pick a date on the event page.
        {event.status === 'live' ? ' New dates go on sale at once.' : ''}
      </p>
      <QueryState
        query={dates}
        error="The dates could not be loaded. Please reload the page."
        loading="Loading dates..."
      >
        {(data) =>
          data.dates.length > 1 ? (
            <DatesTable data={data} currentId={event.id} />
          ) : (
            <p className="text-muted-foreground text-sm">This event has one date.</p>
          )
        }
      </QueryState>
      {editable ? (
        <AddDatesForm event={event} />
      ) : event.status === 'draft' || event.status === 'live' ? (
        <p className="text-muted-foreground mt-4 text-sm">Set this event's date and time to add more dates.</p>
      ) : null}
    </section>
  );
}
