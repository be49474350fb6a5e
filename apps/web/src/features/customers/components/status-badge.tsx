// A customer's status (VIP green, New blue, Active muted) with the rules in a tooltip shown on hover and on
// keyboard focus, and read by screen readers as the badge's description.
import { useId } from 'react';
import { CUSTOMER_STATUS_TOOLTIP, type CustomerStatus } from '@marquee/shared';

const STYLES: Record<CustomerStatus, string> = {
  VIP: 'bg-primary/15 text-emerald-700 dark:text-primary',
  New: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  Active: 'bg-muted text-muted-foreground',
};

export function StatusBadge({ status }: { status: CustomerStatus }) {
  const tooltipId = useId();
  return (
    <span
      tabIndex={0}
      aria-describedby={tooltipId}
      className="group focus-visible:outline-primary relative inline-flex rounded focus-visible:outline-2 focus-visible:outline-offset-2"
      onClick={(clicked) => clicked.stopPropagation()}
    >
      <span
        className={`inline-flex h-6 items-center rounded px-2 font-mono text-[10px] font-bold tracking-wider whitespace-nowrap uppercase ${STYLES[status]}`}
      >
        {status}
      </span>
      <span
        role="tooltip"
        id={tooltipId}
        className="bg-foreground text-background pointer-events-none invisible absolute top-full left-0 z-20 mt-1 w-64 rounded-md px-3 py-2 text-xs font-normal whitespace-normal normal-case opacity-0 shadow-lg transition-opacity group-hover:visible group-hover:opacity-100 group-focus-visible:visible group-focus-visible:opacity-100"
      >
        {CUSTOMER_STATUS_TOOLTIP}
      </span>
    </span>
  );
}
