// Ticket Sales by Region: the world map shaded by the buyers' countries, the Filter Regions control (choose
// which countries the map and table show) and a table of the same numbers.
import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney, isCurrencyCode, type AnalyticsRegions } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { countryName } from '../lib/countries';
import { RegionMap } from './region-map';

const money = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? formatMoney(amountMinor, currency) : `${amountMinor} ${currency}`;
const keyOf = (country: string | null) => country ?? 'none';

export function RegionSales({ regions }: { regions: AnalyticsRegions['regions'] }) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const shown = regions.filter((region) => !hidden.has(keyOf(region.country)));
  const tickets = new Map(
    shown.flatMap((region) => (region.country ? [[region.country, region.tickets] as const] : [])),
  );

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        setMenuOpen(false);
        trigger.current?.focus();
      } else if (!menu.current?.contains(event.target as Node)) {
        setMenuOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section
      aria-labelledby="regions-title"
      className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="regions-title" className="text-lg font-semibold">
          Ticket Sales by Region
        </h2>
        <div className="relative" ref={menu}>
          <Button
            ref={trigger}
            type="button"
            size="xs"
            variant="secondary"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            disabled={regions.length === 0}
          >
            {hidden.size > 0 ? `Filter Regions (${regions.length - hidden.size}/${regions.length})` : 'Filter Regions'}
          </Button>
          {menuOpen ? (
            <div
              id={menuId}
              className="border-border bg-card absolute right-0 z-20 mt-2 flex max-h-72 w-64 flex-col gap-1 overflow-y-auto rounded-xl border p-3 shadow-xl"
            >
              <fieldset className="flex flex-col gap-1">
                <legend className="text-muted-foreground mb-1 text-xs">Show these countries</legend>
                {regions.map((region) => (
                  <label key={keyOf(region.country)} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={!hidden.has(keyOf(region.country))}
                      onChange={() => toggle(keyOf(region.country))}
                      className="accent-emerald-600"
                    />
                    {countryName(region.country)}
                  </label>
                ))}
              </fieldset>
              <button
                type="button"
                onClick={() => setHidden(new Set())}
                className="mt-2 self-start text-xs font-semibold underline underline-offset-2"
              >
                Show all
              </button>
            </div>
          ) : null}
        </div>
      </div>
      {regions.length === 0 ? (
        <p className="text-muted-foreground text-sm">No ticket sales in this period yet.</p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <RegionMap tickets={tickets} />
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums" data-testid="regions-table">
            <caption className="sr-only">Ticket sales by the buyers' countries</caption>
            <thead className="text-muted-foreground text-xs">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Country
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Tickets
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Orders
                </th>
                <th scope="col" className="py-1 font-medium">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((region) => (
                <tr key={keyOf(region.country)} className="border-border border-t">
                  <th scope="row" className="py-1.5 pr-3 font-normal">
                    {countryName(region.country)}
                  </th>
                  <td className="py-1.5 pr-3">{region.tickets}</td>
                  <td className="py-1.5 pr-3">{region.orders}</td>
                  <td className="py-1.5">
                    {region.revenue.map((line) => money(line.amount_minor, line.currency)).join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
