// An order's status badge, comp mark and time, shown by the orders table and the order dialog.
import { COMP_LABEL, ORDER_STATUS_LABELS, type OrderStatusName } from '@marquee/shared';

const STATUS_STYLES: Record<OrderStatusName, string> = {
  paid: 'bg-primary/15 text-success',
  pending: 'bg-amber-400/20 text-amber-800 dark:text-amber-300',
  expired: 'bg-muted text-muted-foreground',
  cancelled: 'bg-muted text-muted-foreground',
  refunded: 'bg-red-500/15 text-danger',
  partially_refunded: 'bg-red-500/15 text-danger',
  payment_review: 'bg-amber-400/20 text-amber-800 dark:text-amber-300',
};

export function OrderStatusBadge({ status }: { status: OrderStatusName }) {
  return (
    <span
      className={`inline-flex h-6 items-center rounded px-2 font-mono text-[10px] font-bold tracking-wider whitespace-nowrap uppercase ${STATUS_STYLES[status]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

export const formatOrderTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Marks a comp (decision 126): an order the organiser gave, with no payment. */
export function CompBadge() {
  return (
    <span className="bg-muted text-foreground inline-flex h-6 items-center rounded px-2 font-mono text-[10px] font-bold tracking-wider whitespace-nowrap uppercase">
      {COMP_LABEL}
    </span>
  );
}
