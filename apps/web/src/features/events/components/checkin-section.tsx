// The door on the event page: checked in / sold, door sales (cash and card, no booking fee), the arrival curve
// (admissions per 15 minutes) and the latest scans, duplicates included, with a link to the check-in app.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CheckinLog } from '@marquee/shared';
import { buttonClasses } from '../../../components/ui/button';
import { checkinLogQuery } from '../api/checkin-log';
import { formatMoneyMinor } from '../lib/money';

const STATUS_LABELS = { admitted: 'Admitted', duplicate: 'Duplicate', undone: 'Undone' } as const;
const time = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function ArrivalCurve({ arrivals }: { arrivals: CheckinLog['arrivals'] }) {
  if (arrivals.length === 0) return <p className="text-muted-foreground text-sm">No arrivals yet.</p>;
  const peak = Math.max(...arrivals.map((bucket) => bucket.count));
  const first = arrivals[0]!;
  const last = arrivals.at(-1)!;
  return (
    <figure>
      <div
        className="flex h-28 items-end gap-0.5"
        role="img"
        aria-label={`Arrivals per 15 minutes, from ${time(first.at)} to ${time(last.at)}, busiest ${peak}`}
      >
        {arrivals.map((bucket) => (
          <div
            key={bucket.at}
            title={`${time(bucket.at)}: ${bucket.count}`}
            className="bg-primary max-w-8 min-w-1 flex-1 rounded-t-sm"
            style={{ height: `${Math.max(4, (bucket.count / peak) * 100)}%` }}
          />
        ))}
      </div>
      <figcaption className="text-muted-foreground mt-1 flex justify-between text-xs">
        <span>{time(first.at)}</span>
        <span>Arrivals per 15 minutes</span>
        <span>{time(last.at)}</span>
      </figcaption>
    </figure>
  );
}

export function CheckinSection({ eventId }: { eventId: string }) {
  const log = useQuery(checkinLogQuery(eventId));
  return (
    <section aria-labelledby="checkin-heading" className="bg-card border-border rounded-2xl border p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="checkin-heading" className="text-foreground text-lg font-semibold">
          Check-in
        </h2>
        <Link to={`/checkin/${eventId}`} className={buttonClasses('small', 'secondary')}>
          Open check-in app
        </Link>
      </div>
      {log.isError && <p role="alert">{log.error.message}</p>}
      {log.data && (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground font-mono text-[11px] uppercase">Checked in</dt>
              <dd className="text-2xl font-semibold" data-testid="checked-in-figure">
                {log.data.checked_in} / {log.data.sold}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground font-mono text-[11px] uppercase">Door sales</dt>
              <dd className="text-2xl font-semibold" data-testid="door-sales-figure">
                {log.data.door.tickets} {log.data.door.tickets === 1 ? 'ticket' : 'tickets'} ·{' '}
                {formatMoneyMinor(log.data.door.amount_minor, log.data.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground font-mono text-[11px] uppercase">Cash / card at the door</dt>
              <dd className="text-base">
                {formatMoneyMinor(log.data.door.cash_minor, log.data.currency)} /{' '}
                {formatMoneyMinor(log.data.door.card_minor, log.data.currency)}
              </dd>
            </div>
          </dl>
          <ArrivalCurve arrivals={log.data.arrivals} />
          <div className="sm:overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Latest check-ins</caption>
              <thead className="text-muted-foreground font-mono text-[11px] uppercase max-sm:sr-only">
                <tr>
                  <th className="py-2 pr-3 font-semibold">Time</th>
                  <th className="py-2 pr-3 font-semibold">Ticket</th>
                  <th className="py-2 pr-3 font-semibold">Holder</th>
                  <th className="py-2 pr-3 font-semibold">Result</th>
                  <th className="py-2 pr-3 font-semibold">By</th>
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {log.data.entries.length === 0 && (
                  <tr className="max-sm:block">
                    <td colSpan={5} className="text-muted-foreground py-3 max-sm:block">
                      Nobody checked in yet.
                    </td>
                  </tr>
                )}
                {log.data.entries.slice(0, 50).map((entry) => (
                  // On a phone each scan is a small card (time and result, then ticket, holder and who scanned), so
                  // the log never scrolls sideways; the header row is then for screen readers only.
                  <tr
                    key={entry.id}
                    className="border-border border-t max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-1 max-sm:py-3"
                  >
                    <td className="py-2 pr-3 whitespace-nowrap max-sm:p-0">{time(entry.scanned_at)}</td>
                    <td className="py-2 pr-3 font-mono text-xs max-sm:order-2 max-sm:p-0 [overflow-wrap:anywhere]">
                      {entry.ticket_code}
                      <span className="text-muted-foreground block font-sans">{entry.type}</span>
                    </td>
                    <td className="py-2 pr-3 max-sm:order-3 max-sm:p-0 [overflow-wrap:anywhere]">
                      {entry.holder || '—'}
                    </td>
                    <td className="py-2 pr-3 max-sm:order-1 max-sm:p-0 max-sm:text-right max-sm:font-semibold">
                      {STATUS_LABELS[entry.status]}
                      {entry.method === 'door' ? ' (door sale)' : entry.method === 'offline' ? ' (offline)' : ''}
                    </td>
                    <td className="py-2 pr-3 max-sm:order-4 max-sm:col-span-2 max-sm:p-0 max-sm:text-xs max-sm:text-muted-foreground [overflow-wrap:anywhere]">
                      <span aria-hidden className="sm:hidden">
                        By{' '}
                      </span>
                      {entry.by}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
