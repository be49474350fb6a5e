// The fixed strip at the very top of the dashboard: the product's promise to organisers.
import { BOOKING_FEE_PERCENT } from '@marquee/shared';

export const TOP_BANNER_HEIGHT = 'h-9';

export function TopBanner() {
  return (
    <aside
      aria-label="Pricing"
      className={`bg-primary text-primary-foreground fixed inset-x-0 top-0 z-40 flex ${TOP_BANNER_HEIGHT} items-center justify-center px-4 font-mono text-[11px] font-semibold tracking-wider uppercase`}
    >
      <p className="truncate">
        Free for organisers <span aria-hidden="true">·</span> Fans pay an {BOOKING_FEE_PERCENT}% booking fee
      </p>
    </aside>
  );
}
