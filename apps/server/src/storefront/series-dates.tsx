// Dates in a series (decision 132) on the event page: every live date of the series that has not ended, as links
// to each date's own page (where its tickets are sold), the page's own date marked, sold-out dates said so.
import { formatEventTime, formatPreviewDate } from '@marquee/shared';
import type { SeriesDate } from '../modules/checkout/storefront-event.js';

export const SERIES_DATES_CSS =
  '.dates{margin:12px 0}.dates h2{font-size:1rem;margin:0 0 6px}.dates ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}' +
  '.dates a{display:inline-block;border:1px solid var(--line);border-radius:10px;padding:6px 10px;color:var(--text);text-decoration:none}' +
  '.dates a[aria-current]{border:2px solid var(--primary);font-weight:700}.dates .out{font-size:.8rem}';

/** At most this many dates are listed (the soonest); the rest are reached from the nearer dates' pages. */
export const SERIES_DATES_SHOWN = 24;

export function SeriesDates({ dates, currentId }: { dates: SeriesDate[]; currentId: string }) {
  if (dates.length < 2) return null;
  const shown = dates.slice(0, SERIES_DATES_SHOWN);
  return (
    <nav className="dates" aria-labelledby="dates-title">
      <h2 id="dates-title">Pick a date</h2>
      <ul>
        {shown.map((date) => (
          <li key={date.id}>
            <a href={`/events/${date.slug}`} aria-current={date.id === currentId ? 'page' : undefined}>
              {date.startLocal
                ? `${formatPreviewDate(date.startLocal)} · ${formatEventTime(date.startLocal)}`
                : 'Date to be announced'}
              {date.soldOut ? <span className="out">{' · Sold out'}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
