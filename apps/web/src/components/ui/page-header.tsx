// The title row every dashboard page starts with: the page title, an optional line under it and actions.
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <title>{`${title} · Marquee`}</title>
        <h1 className="font-display text-4xl leading-none tracking-wide md:text-5xl">{title}</h1>
        {description ? <p className="text-muted-foreground mt-2 text-sm">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}
