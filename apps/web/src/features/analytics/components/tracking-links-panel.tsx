// Analytics' Tracking links card (decision 156): each link of the organisation with its full address (copy
// button), and its views, orders, tickets, revenue and conversion in the filter's period; New link opens the
// create dialog. A table on wide screens, a list of cards on a phone.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney, isCurrencyCode, TRACKING_LINK_KIND_LABELS, type AnalyticsTrackingLinks } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/query-state';
import type { AnalyticsFilter } from '../api/analytics';
import { archiveTrackingLink, trackingLinkFiguresQuery } from '../api/tracking-links';
import { TrackingLinkDialog } from './tracking-link-dialog';

type Row = AnalyticsTrackingLinks['links'][number];

const revenueText = (row: Row) =>
  row.revenue.length === 0
    ? '—'
    : row.revenue
        .map((entry) =>
          isCurrencyCode(entry.currency)
            ? formatMoney(entry.amount_minor, entry.currency)
            : `${entry.amount_minor} ${entry.currency}`,
        )
        .join(' · ');

function CopyLink({ url, name }: { url: string; name: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={`Copy the link of ${name}`}
      onClick={() => {
        void navigator.clipboard
          .writeText(url)
          .then(() => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2000);
          })
          .catch((error: unknown) => console.warn('Copy failed', error));
      }}
      className="border-border hover:bg-muted focus-visible:outline-primary shrink-0 rounded-md border px-2 py-1 font-mono text-[10px] font-semibold tracking-wider uppercase focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      {copied ? '✓ Copied' : 'Copy'}
    </button>
  );
}

function LinkCell({ row }: { row: Row }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="font-medium">
        {row.name}{' '}
        <span className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">
          {TRACKING_LINK_KIND_LABELS[row.kind]}
          {row.archived_at ? ' · archived' : ''}
        </span>
      </p>
      <p className="text-muted-foreground text-xs">{row.event_name ?? 'Storefront home page'}</p>
      <div className="flex min-w-0 items-center gap-2">
        <code className="text-muted-foreground min-w-0 truncate text-xs" title={row.url}>
          {row.url}
        </code>
        <CopyLink url={row.url} name={row.name} />
      </div>
    </div>
  );
}

const figures = (row: Row) => [
  ['Views', String(row.views)],
  ['Orders', String(row.orders)],
  ['Tickets', String(row.tickets)],
  ['Revenue', revenueText(row)],
  ['Conversion', row.conversion_rate === null ? '—' : `${row.conversion_rate}%`],
];

export function TrackingLinksPanel({ filter }: { filter: AnalyticsFilter }) {
  const links = useQuery(trackingLinkFiguresQuery(filter));
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const archive = useMutation({
    mutationFn: archiveTrackingLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['analytics', 'tracking-links'] }),
  });
  const rows = links.data?.links ?? [];

  return (
    <section
      aria-label="Tracking links"
      className="border-border bg-card flex min-w-0 flex-col gap-4 rounded-2xl border p-5"
      data-testid="tracking-links"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Tracking links</h2>
          <p className="text-muted-foreground text-sm">
            Share a link per promoter or campaign: its views, orders and revenue show here.
          </p>
        </div>
        <Button type="button" size="small" onClick={() => setOpen(true)}>
          New link
        </Button>
      </div>
      {created ? (
        <p role="status" className="text-sm">
          Link created: {created}
        </p>
      ) : null}
      {archive.isError ? (
        <p role="alert" className="text-danger text-sm">
          The link could not be archived. Please try again.
        </p>
      ) : null}
      {links.isPending ? (
        <div className="bg-muted h-32 animate-pulse rounded-xl" role="status" aria-label="Loading tracking links" />
      ) : links.isError ? (
        <LoadError onRetry={() => void links.refetch()}>Tracking links could not be loaded.</LoadError>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">No tracking links yet. Create one to share with a promoter.</p>
      ) : (
        <>
          <table className="hidden w-full text-sm md:table">
            <thead>
              <tr className="text-muted-foreground text-left font-mono text-[11px] tracking-wider uppercase">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Link
                </th>
                {figures(rows[0]!).map(([label]) => (
                  <th key={label} scope="col" className="px-2 py-2 text-right font-semibold">
                    {label}
                  </th>
                ))}
                <th scope="col" className="py-2 pl-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-border border-t align-top" data-testid="tracking-link-row">
                  <td className="max-w-[28rem] py-3 pr-3">
                    <LinkCell row={row} />
                  </td>
                  {figures(row).map(([label, value]) => (
                    <td key={label} className="px-2 py-3 text-right tabular-nums" data-figure={label}>
                      {value}
                    </td>
                  ))}
                  <td className="py-3 pl-2 text-right">
                    {row.archived_at ? null : (
                      <Button
                        type="button"
                        size="xs"
                        variant="secondary"
                        aria-label={`Archive ${row.name}`}
                        onClick={() => archive.mutate(row.id)}
                      >
                        Archive
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="flex flex-col gap-3 md:hidden">
            {rows.map((row) => (
              <li key={row.id} className="border-border flex flex-col gap-3 rounded-xl border p-3">
                <LinkCell row={row} />
                <dl className="grid grid-cols-3 gap-2 text-sm">
                  {figures(row).map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-muted-foreground font-mono text-[10px] tracking-wider uppercase">{label}</dt>
                      <dd className="tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
                {row.archived_at ? null : (
                  <Button
                    type="button"
                    size="xs"
                    variant="secondary"
                    aria-label={`Archive ${row.name}`}
                    onClick={() => archive.mutate(row.id)}
                  >
                    Archive
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <TrackingLinkDialog
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(link) => {
          setOpen(false);
          setCreated(link.url);
        }}
      />
    </section>
  );
}
