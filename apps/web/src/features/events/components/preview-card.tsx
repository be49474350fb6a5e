// The wizard's live preview: how the event will look, with placeholders for what is not filled in yet.
import { useId, useState } from 'react';
import {
  formatEventTime,
  formatPickerDisplay,
  FREE_LABEL,
  formatPreviewDate,
  type EventFormValues,
} from '@marquee/shared';
import { formatPriceText } from '../lib/money';
import { Artwork, EventTicks } from './event-bits';

export function PreviewCard({ form }: { form: EventFormValues }) {
  const [expanded, setExpanded] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const detailsId = useId();
  const termsId = useId();
  const date = formatPreviewDate(form.startDateTime);
  const time = formatEventTime(form.startDateTime);
  const price = form.freeEvent ? FREE_LABEL : formatPriceText(form.ticketPrice, form.ticketCurrency);
  const placeholder = 'text-muted-foreground italic';

  return (
    <aside aria-label="Event preview" className="bg-card border-border overflow-hidden rounded-2xl border shadow-sm">
      <div className="relative aspect-[4/3] overflow-hidden">
        <Artwork url={form.artworkUrl} alt="Event artwork preview" />
        <span className="bg-foreground text-background absolute top-3 right-3 rounded px-2 py-1 font-mono text-[10px] font-bold tracking-widest">
          PREVIEW
        </span>
      </div>
      <div className="flex flex-col gap-4 p-5">
        <div className="flex flex-col gap-1">
          <h2
            className={`text-xl font-semibold break-words ${form.eventName.trim() ? 'text-foreground' : placeholder}`}
          >
            {form.eventName.trim() || 'Event Title'}
          </h2>
          <p className={`text-sm break-words ${form.eventLocation.trim() ? 'text-muted-foreground' : placeholder}`}>
            {form.eventLocation.trim() || 'Location'}
          </p>
        </div>
        <div className="grid grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] gap-3">
          <div className="bg-muted rounded-lg px-3 py-2">
            <p className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">Date</p>
            <p className={`font-mono text-sm font-semibold ${date ? 'text-foreground' : placeholder}`}>
              {date || 'Date'}
            </p>
            {time ? <p className="text-muted-foreground font-mono text-xs tabular-nums">{time}</p> : null}
          </div>
          <div className="bg-muted rounded-lg px-3 py-2">
            <p className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">Price</p>
            <p className={`text-sm font-semibold tabular-nums ${price ? 'text-foreground' : placeholder}`}>
              {price || 'Price'}
            </p>
          </div>
        </div>
        {form.lineup.length ? (
          <ul aria-label="Line-up" className="flex flex-wrap gap-1.5">
            {form.lineup.map((name, index) => (
              <li
                key={`${name}-${index}`}
                className="border-border text-foreground rounded-full border px-2.5 py-0.5 text-xs"
              >
                {name}
              </li>
            ))}
          </ul>
        ) : null}
        <EventTicks resale={form.transferrable} refunds={form.refundsAllowed} onEntry={form.soldOnEntry} />
        <div className="border-border border-t pt-3">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((value) => !value)}
            className="text-foreground flex w-full items-center justify-between font-mono text-xs font-semibold tracking-wide uppercase"
          >
            More details
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              className={`h-4 w-4 transition-transform ${expanded ? 'rotate-180' : ''}`}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
            >
              <path d="m4 6 4 4 4-4" />
            </svg>
          </button>
          {expanded ? (
            <div id={detailsId} className="mt-3 flex flex-col gap-2 text-sm">
              <dl className="flex flex-col gap-2">
                <DetailRow label="Last Entry" value={form.lastEntry} />
                <DetailRow label="Event Start" value={form.startDateTime} />
                <DetailRow label="Event End" value={form.endDateTime} />
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">Minimum Age</dt>
                  <dd className="text-foreground">
                    {form.minimumAge.trim() === '0'
                      ? 'All ages'
                      : form.minimumAge.trim()
                        ? `${form.minimumAge.trim()}+`
                        : 'Not set'}
                  </dd>
                </div>
              </dl>
              <button
                type="button"
                aria-expanded={termsOpen}
                aria-controls={termsId}
                onClick={() => setTermsOpen((value) => !value)}
                className="text-foreground self-start text-sm underline underline-offset-2"
              >
                Terms of Service
              </button>
              {termsOpen ? (
                <p
                  id={termsId}
                  className="bg-muted text-muted-foreground rounded-md px-3 py-2 text-xs whitespace-pre-wrap"
                >
                  {form.termsOfService.trim() || 'No terms of service added.'}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </aside>
  );
}

function DetailRow({ label, value }: { label: string; value: string }) {
  const display = formatPickerDisplay(value);
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={display ? 'text-foreground tabular-nums' : 'text-muted-foreground italic'}>
        {display || 'Not set'}
      </dd>
    </div>
  );
}
