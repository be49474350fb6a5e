// Revenue Overview: revenue (one currency at a time: amounts in different currencies are never added or drawn
// on one axis) as a line and tickets per day as bars, drawn with Recharts in colours that read in both themes,
// with the same numbers in a table for screen readers and anyone who prefers one.
import { useId, useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, isCurrencyCode, type AnalyticsChart } from '@marquee/shared';
import { formatDay } from '../lib/filter';

const money = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? formatMoney(amountMinor, currency) : `${amountMinor} ${currency}`;
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function RevenueChart({ chart }: { chart: AnalyticsChart }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const currencyId = useId();
  const currency = chosen && chart.currencies.includes(chosen) ? chosen : (chart.currencies[0] ?? null);
  const data = chart.days.map((day) => ({
    day: day.day,
    label: shortDay.format(new Date(`${day.day}T00:00:00Z`)),
    tickets: day.tickets,
    revenue: currency ? (day.revenue[currency] ?? 0) : 0,
  }));
  const totalTickets = chart.days.reduce((sum, day) => sum + day.tickets, 0);
  const totals = chart.currencies.map((code) => ({
    code,
    amount: chart.days.reduce((sum, day) => sum + (day.revenue[code] ?? 0), 0),
  }));
  const summary =
    totals.length === 0
      ? 'No sales in this period.'
      : `${totals.map((total) => money(total.amount, total.code)).join(' and ')} from ${totalTickets} tickets.`;

  return (
    <div className="flex flex-col gap-4 [--chart-bars:#a1a1aa] [--chart-line:#047857] dark:[--chart-bars:#52525b] dark:[--chart-line:#00ea6f]">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm">{summary}</p>
        {chart.currencies.length > 1 ? (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={currencyId} className="text-muted-foreground">
              Currency
            </label>
            <select
              id={currencyId}
              value={currency ?? ''}
              onChange={(event) => setChosen(event.target.value)}
              className="border-border bg-background rounded-md border px-2 py-1 text-sm"
            >
              {chart.currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <div
        className="h-64 w-full"
        role="img"
        aria-label={`Revenue and tickets per day. ${summary}`}
        data-testid="revenue-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
              stroke="var(--border)"
              minTickGap={16}
            />
            <YAxis
              yAxisId="revenue"
              tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
              stroke="var(--border)"
              width={64}
              tickFormatter={(value: number) => (currency ? money(value, currency) : String(value))}
            />
            <YAxis
              yAxisId="tickets"
              orientation="right"
              allowDecimals={false}
              tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
              stroke="var(--border)"
              width={32}
            />
            <Tooltip
              contentStyle={{
                background: 'var(--card)',
                border: '1px solid var(--border)',
                borderRadius: 8,
                color: 'var(--foreground)',
              }}
              labelStyle={{ color: 'var(--foreground)' }}
              formatter={(value, name) =>
                name === 'Revenue' && currency
                  ? [money(Number(value), currency), `Revenue (${currency})`]
                  : [value, name]
              }
            />
            <Bar yAxisId="tickets" dataKey="tickets" name="Tickets" fill="var(--chart-bars)" radius={[3, 3, 0, 0]} />
            <Line
              yAxisId="revenue"
              type="monotone"
              dataKey="revenue"
              name="Revenue"
              stroke="var(--chart-line)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <details className="text-sm">
        <summary className="text-muted-foreground cursor-pointer font-mono text-xs font-semibold tracking-wide uppercase">
          Show the numbers as a table
        </summary>
        <div className="mt-3 max-h-72 overflow-auto">
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">Revenue and tickets per day</caption>
            <thead className="text-muted-foreground text-xs">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Tickets
                </th>
                {chart.currencies.map((code) => (
                  <th key={code} scope="col" className="py-1 pr-4 font-medium">
                    Revenue ({code})
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.days.map((day) => (
                <tr key={day.day} className="border-border border-t">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {formatDay(day.day)}
                  </th>
                  <td className="py-1 pr-4">{day.tickets}</td>
                  {chart.currencies.map((code) => (
                    <td key={code} className="py-1 pr-4">
                      {money(day.revenue[code] ?? 0, code)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
