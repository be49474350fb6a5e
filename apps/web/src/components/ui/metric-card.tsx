// A dashboard figure: label, value and a one-sentence caption: its change against the previous period
// ('Up 12.5% on last month.'), 'No figures from last month to compare with.' when that period had nothing, or a
// plain caption ('Paid by your fans.').
/** A change against the previous period: '+12.5%', '-3%' or '0%'. */
export function formatChange(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** 'Up 12.5%', 'Down 3%' or 'No change': the start of the change sentence. */
export function describeChange(change: number): string {
  const rounded = Math.round(Math.abs(change) * 10) / 10;
  if (rounded === 0) return 'No change';
  return `${change > 0 ? 'Up' : 'Down'} ${rounded}%`;
}

export function changeTone(change: number): string {
  if (Math.round(change * 10) === 0) return 'text-muted-foreground';
  return change > 0 ? 'text-success' : 'text-danger';
}

/** The caption under a figure: its change as a sentence, or why there is none. */
export function ChangeCaption({ change, period }: { change: number | null; period: string }) {
  if (change === null) {
    return <p className="text-muted-foreground text-xs">No figures from {period} to compare with.</p>;
  }
  return (
    <p className="text-xs">
      <span className={`font-medium ${changeTone(change)}`}>{describeChange(change)}</span>
      <span className="text-muted-foreground"> on {period}.</span>
    </p>
  );
}

export function MetricCard({
  title,
  value,
  change,
  period,
  caption,
  muted = false,
}: {
  title: string;
  value: string;
  /** With `period`: the % change, or null when the previous period had nothing to compare with. */
  change?: number | null;
  /** The period compared with, e.g. 'last month' or 'the previous 30 days'. */
  period?: string;
  /** A sentence shown when there is no change to show. */
  caption?: string;
  muted?: boolean;
}) {
  return (
    <div
      className={`border-border flex flex-col gap-2 rounded-2xl border p-5 ${muted ? 'bg-muted/40 border-dashed' : 'bg-card'}`}
    >
      <p className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">{title}</p>
      {/* A greyed (not yet available) figure stays readable: muted colours, not transparency. */}
      <p className={`text-2xl font-semibold tabular-nums ${muted ? 'text-muted-foreground' : ''}`}>{value}</p>
      {period !== undefined && change !== undefined ? (
        <ChangeCaption change={change} period={period} />
      ) : caption ? (
        <p className="text-muted-foreground text-xs">{caption}</p>
      ) : null}
    </div>
  );
}

export function MetricCardSkeleton() {
  return <div className="border-border bg-muted h-[116px] animate-pulse rounded-2xl border" aria-hidden="true" />;
}
