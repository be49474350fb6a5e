// Pieces shared by the event screens: status badge, the three ticks (Resale, Refunds, On Entry), the
// artwork or its 'Event Image' placeholder, metric cards and skeletons.
import type { EventStatus, Metric } from '@marquee/shared';
import { MetricCard as UiMetricCard } from '../../../components/ui/metric-card';

const STATUS_STYLES: Record<EventStatus, string> = {
  live: 'bg-primary text-primary-foreground',
  draft: 'bg-amber-400 text-black',
  archived: 'bg-zinc-500 text-white',
  cancelled: 'bg-danger-solid text-white',
};

export function StatusBadge({ status, className = '' }: { status: EventStatus; className?: string }) {
  return (
    <span
      className={`inline-flex h-6 items-center rounded px-2 font-mono text-[10px] font-bold tracking-wider uppercase ${STATUS_STYLES[status]} ${className}`}
    >
      {status}
    </span>
  );
}

export function Tick({ label, on }: { label: string; on: boolean }) {
  return (
    <span className="flex items-center gap-1.5 text-xs" aria-label={`${label}: ${on ? 'yes' : 'no'}`} role="img">
      <span
        aria-hidden="true"
        className={`flex h-4 w-4 items-center justify-center rounded-full ${on ? 'bg-primary/15 text-primary' : 'bg-red-500/15 text-danger'}`}
      >
        <svg
          viewBox="0 0 12 12"
          className="h-2.5 w-2.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {on ? <path d="M2.5 6.25 5 8.5l4.5-5" /> : <path d="M3 3l6 6M9 3l-6 6" />}
        </svg>
      </span>
      <span aria-hidden="true" className="text-muted-foreground">
        {label}
      </span>
    </span>
  );
}

export function EventTicks({ resale, refunds, onEntry }: { resale: boolean; refunds: boolean; onEntry: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Tick label="Resale" on={resale} />
      <Tick label="Refunds" on={refunds} />
      <Tick label="On Entry" on={onEntry} />
    </div>
  );
}

export function Artwork({ url, alt, className = '' }: { url: string; alt: string; className?: string }) {
  if (url) return <img src={url} alt={alt} className={`h-full w-full object-cover ${className}`} />;
  return (
    <div
      className={`bg-muted text-muted-foreground flex h-full w-full flex-col items-center justify-center gap-2 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-8 w-8 opacity-60"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="1.75" />
        <path d="m4 18 5-5 4 4 3-3 4 4" strokeLinejoin="round" />
      </svg>
      <span className="font-mono text-[11px] font-semibold tracking-wider uppercase">Event Image</span>
    </div>
  );
}

export function MetricCard({ title, value, metric }: { title: string; value: string; metric: Metric }) {
  return <UiMetricCard title={title} value={value} change={metric.change} period={metric.label} />;
}

export function MetricSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="bg-card border-border flex animate-pulse flex-col gap-3 rounded-xl border p-4 sm:p-5"
    >
      <div className="bg-muted h-3 w-24 rounded" />
      <div className="bg-muted h-7 w-28 rounded" />
      <div className="bg-muted h-3 w-32 rounded" />
    </div>
  );
}

export function EventCardSkeleton() {
  return (
    <div aria-hidden="true" className="bg-card border-border animate-pulse overflow-hidden rounded-xl border">
      <div className="bg-muted aspect-[4/3]" />
      <div className="flex flex-col gap-2 p-4">
        <div className="bg-muted h-4 w-3/4 rounded" />
        <div className="bg-muted h-3 w-1/2 rounded" />
        <div className="bg-muted h-3 w-2/3 rounded" />
      </div>
    </div>
  );
}

export const cardClasses = 'bg-card border-border rounded-2xl border';
export const pageTitleClasses = 'font-display text-foreground text-4xl tracking-wide sm:text-5xl';
