// The Analytics page's eight summary cards (two rows of four), each with its change against the previous
// period. Money cards list one line per currency: amounts in different currencies are never added.
import type { AnalyticsSummary, CountCard, MoneyCard } from '@marquee/shared';
import { formatMoney, isCurrencyCode } from '@marquee/shared';
import { ChangeCaption } from '../../../components/ui/metric-card';
import { conversionCaption, visitorCount } from '../lib/visitors';

const money = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? formatMoney(amountMinor, currency) : `${amountMinor} ${currency}`;

function Card({ title, children, hint }: { title: string; children: React.ReactNode; hint?: string }) {
  return (
    <section aria-label={title} className="border-border bg-card flex flex-col gap-2 rounded-2xl border p-5">
      <h2 className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase" title={hint}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The server's 'vs last month' / 'vs previous 7 days' as the period a sentence names. */
export function periodOf(changeLabel: string): string {
  const period = changeLabel.replace(/^vs /, '');
  return period.startsWith('previous') ? `the ${period}` : period;
}

/** The change as a sentence; none when the previous period had nothing to compare with (never '+100%'). */
function Change({ line, label }: { line: { change: number; previous: number }; label: string }) {
  return <ChangeCaption change={line.previous === 0 ? null : line.change} period={periodOf(label)} />;
}

function CountValue({ card, label, format }: { card: CountCard; label: string; format?: (value: number) => string }) {
  return (
    <>
      <p className="text-2xl font-semibold tabular-nums" data-testid="card-value">
        {format ? format(card.value) : card.value.toLocaleString('en-GB')}
      </p>
      <Change line={card} label={label} />
    </>
  );
}

function MoneyValue({ card, label }: { card: MoneyCard; label: string }) {
  if (card.length === 0) {
    return (
      <>
        <p className="text-2xl font-semibold tabular-nums" data-testid="card-value">
          —
        </p>
        <p className="text-muted-foreground text-xs">No sales in this period.</p>
      </>
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      {card.map((line, index) => (
        <li key={line.currency}>
          <p className={`${index === 0 ? 'text-2xl' : 'text-lg'} font-semibold tabular-nums`} data-testid="card-value">
            {money(line.value, line.currency)}
          </p>
          <Change line={line} label={label} />
        </li>
      ))}
    </ul>
  );
}

export function AnalyticsCards({ summary }: { summary: AnalyticsSummary }) {
  const { cards } = summary;
  const label = summary.period.change_label;
  return (
    <div
      className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 lg:grid-cols-4"
      data-testid="analytics-cards"
    >
      <Card title="Total Revenue">
        <MoneyValue card={cards.total_revenue} label={label} />
      </Card>
      <Card title="Tickets Sold">
        <CountValue card={cards.tickets_sold} label={label} />
      </Card>
      <Card title="Upcoming Events" hint="Draft and live events that have not ended, at the end of the period">
        <CountValue card={cards.upcoming_events} label={label} />
      </Card>
      <Card
        title="Conversion Rate"
        hint="Visitors who placed a paid order, out of the unique visitors the Page Views card counts"
      >
        <CountValue card={cards.conversion_rate} label={label} format={(value) => `${value}%`} />
        <p className="text-muted-foreground text-xs">{conversionCaption(cards.conversion_rate)}</p>
      </Card>
      <Card title="New Customers" hint="Buyers whose first purchase was in this period">
        <CountValue card={cards.new_customers} label={label} />
      </Card>
      <Card title="Returning Customers" hint="Buyers in this period who had bought before it">
        <CountValue card={cards.returning_customers} label={label} />
      </Card>
      <Card title="Average Spend" hint="Revenue per paid order">
        <MoneyValue card={cards.average_spend} label={label} />
      </Card>
      <Card title="Page Views" hint="Views of your storefront's home and event pages (no bots, no prefetches)">
        <CountValue card={cards.page_views} label={label} />
        <p className="text-muted-foreground text-xs">{visitorCount(cards.page_views.visitors, 'unique ')}</p>
      </Card>
    </div>
  );
}

export function AnalyticsCardsSkeleton() {
  return (
    <div role="status" aria-label="Loading figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className="border-border bg-muted h-[116px] animate-pulse rounded-2xl border" />
      ))}
    </div>
  );
}
