// Dashboard home (/dashboard and /dashboard/overview). The metric cards and upcoming events arrive with the
// events work; until there is data behind them this page shows only what is real.
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useOrganizationInfo } from '../api/organization-info';
import { profileUrl } from '../lib/profile-url';
import { ExternalIcon, PlusIcon } from './icons';
import { PageHeader } from '../../../components/ui/page-header';

export function DashboardHomePage() {
  const info = useOrganizationInfo();
  const organization = info.data?.organization;
  const name = organization?.name?.trim();
  const url = profileUrl(organization?.active_domain, window.location.protocol);

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Dashboard"
        description={name ? `Welcome back, ${name}.` : 'Welcome back.'}
        actions={
          <Link to="/dashboard/events/new" className={buttonClasses('small', 'primary')}>
            <PlusIcon className="h-4 w-4" />
            New Event
          </Link>
        }
      />
      {url && organization ? (
        <section
          aria-labelledby="ticket-page-heading"
          className="border-border bg-card relative overflow-hidden rounded-2xl border p-6 md:p-8"
        >
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 h-64 w-64 rounded-full bg-[radial-gradient(closest-side,rgb(0_234_111/0.22),transparent)]"
          />
          <p className="text-muted-foreground font-mono text-[11px] font-semibold tracking-widest uppercase">
            Your ticket page
          </p>
          <h2 id="ticket-page-heading" className="mt-2 text-lg font-semibold">
            Fans buy tickets for {name || 'your events'} at
          </h2>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-foreground hover:text-primary mt-1 inline-block max-w-full font-mono text-base break-all underline decoration-[color:var(--color-primary)] decoration-2 underline-offset-4 transition-colors md:text-lg"
          >
            {organization.active_domain}
            <ExternalIcon className="ml-1.5 inline-block h-4 w-4 align-[-2px]" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </section>
      ) : null}
    </div>
  );
}
