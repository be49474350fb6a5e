// Dashboard home (/dashboard): overview metrics and the upcoming events (GET /api/dashboard/overview).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { GettingStarted } from '../../../components/guidance/getting-started';
import { LoadError } from '../../../components/ui/query-state';
import { dashboardOverviewQuery } from '../api/dashboard';
import { formatMoneyMinor } from '../lib/money';
import { MetricCard, MetricSkeleton, pageTitleClasses } from './event-bits';
import { EventSection, PlusIcon, SkeletonGrid } from './events-list-page';

export function DashboardHome() {
  const overview = useQuery(dashboardOverviewQuery);
  const metrics = overview.data?.metrics;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <title>Dashboard · Marquee</title>
          <h1 className={pageTitleClasses}>Dashboard</h1>
          <p className="text-muted-foreground text-sm">How your events are selling.</p>
        </div>
        <Link to="/dashboard/events/new" className={buttonClasses('small', 'primary')}>
          <PlusIcon />
          New Event
        </Link>
      </header>
      <GettingStarted />
      {overview.isPending ? (
        <div role="status" aria-label="Loading overview" className="flex flex-col gap-8">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, index) => (
              <MetricSkeleton key={index} />
            ))}
          </div>
          <SkeletonGrid />
        </div>
      ) : (
        <>
          {metrics ? (
            <section aria-label="Overview metrics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <MetricCard
                title="Total Revenue"
                value={formatMoneyMinor(metrics.total_revenue.value, metrics.currency)}
                metric={metrics.total_revenue}
              />
              <MetricCard
                title="Tickets Sold"
                value={metrics.tickets_sold.value.toLocaleString('en-GB')}
                metric={metrics.tickets_sold}
              />
              <MetricCard
                title="Upcoming Events"
                value={metrics.upcoming_events.value.toLocaleString('en-GB')}
                metric={metrics.upcoming_events}
              />
              <MetricCard
                title="Total Customers"
                value={metrics.total_customers.value.toLocaleString('en-GB')}
                metric={metrics.total_customers}
              />
            </section>
          ) : (
            <LoadError onRetry={() => void overview.refetch()}>The overview could not be loaded.</LoadError>
          )}
          <EventSection
            title="Upcoming Events"
            subtitle="Events happening soon"
            events={overview.data?.upcoming ?? []}
            action={
              <Link
                to="/dashboard/events"
                className="text-foreground font-mono text-xs font-semibold tracking-wide uppercase underline-offset-4 hover:underline"
              >
                View All Events →
              </Link>
            }
            empty={
              <>
                No upcoming events yet.{' '}
                <Link to="/dashboard/events/new" className="text-foreground font-semibold underline underline-offset-2">
                  Create your first event
                </Link>
              </>
            }
          />
        </>
      )}
    </div>
  );
}
