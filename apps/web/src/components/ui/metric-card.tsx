// A dashboard figure: label, value, change against the previous period and a short label for it.
/** A change against the previous period: '+12.5%', '-3%' or '0%'. */
export function formatChange(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

export function MetricCard({
  title,
  value,
  change,
  label,
  muted = false,
}: {
  title: string;
  value: string;
  change?: number;
  label?: string;
  muted?: boolean;
}) {
  const tone =
    change === undefined || change === 0 ? 'text-muted-foreground' : change > 0 ? 'text-success' : 'text-danger';
  return (
    <div
      className={`border-border flex flex-col gap-2 rounded-2xl border p-5 ${muted ? 'bg-muted/40 border-dashed' : 'bg-card'}`}
    >
      <p className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase">{title}</p>
      {/* A greyed (not yet available) figure stays readable: muted colours, not transparency. */}
      <p className={`text-2xl font-semibold tabular-nums ${muted ? 'text-muted-foreground' : ''}`}>{value}</p>
      {change !== undefined || label ? (
        <p className="text-xs">
          {change !== undefined ? <span className={`font-medium ${tone}`}>{formatChange(change)}</span> : null}
          {label ? <span className="text-muted-foreground"> {label}</span> : null}
        </p>
      ) : null}
    </div>
  );
}

export function MetricCardSkeleton() {
  return <div className="border-border bg-muted h-[116px] animate-pulse rounded-2xl border" aria-hidden="true" />;
}
