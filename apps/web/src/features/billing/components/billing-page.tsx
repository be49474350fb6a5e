// Billing: payouts not set up (Enable Payouts, Setup Failed, Payouts Not Configured, greyed zero cards) or
// connected (Payouts Enabled, the four figures, Payout Details with Manage). setup=complete on return from
// the provider counts as connected and is removed from the address. The PRO plan's card is on both (decision 149).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney, type CurrencyCode } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { MetricCard, MetricCardSkeleton } from '../../../components/ui/metric-card';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError } from '../../../components/ui/query-state';
import { useOrganizationInfo } from '../../../lib/organization-info';
import { onPageRestored, PAYOUT_SETUP_FAILED, startPayoutSetup } from '../../../lib/payouts';
import { usePublicConfig } from '../../../lib/public-config';
import { PublishDraftsOffer } from '../../../components/guidance/publish-drafts-offer';
import { checklistQuery } from '../../../lib/guidance';
import { billingStatsQuery, createLoginLink, type BillingStats } from '../api/billing';
import { ProPlanCard } from './pro-plan-card';

/** 'Mon, 5 Jan 2026': short weekday, day, month, year in en-GB, from epoch seconds. */
export function formatPayoutDate(epochSeconds: number): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(epochSeconds * 1000),
  );
}

/** In the sandbox every bank account is a test one, whatever name an older record carries. */
function bankName(name: string | null, sandbox: boolean): string {
  if (sandbox) return 'Sandbox test bank ';
  return name ? `${name} ` : '';
}

function describeSchedule(schedule: BillingStats['payout_details']['schedule']): string {
  const interval = schedule.interval.charAt(0).toUpperCase() + schedule.interval.slice(1);
  return schedule.day ? `${interval} (${schedule.day.charAt(0).toUpperCase()}${schedule.day.slice(1)})` : interval;
}

export function BillingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setupParam = params.get('setup') === 'complete';
  // Kept after the address is rewritten, so the page stays connected while the provider's news arrives.
  const [returnedFromSetup] = useState(setupParam);
  const info = useOrganizationInfo();
  const stats = useQuery(billingStatsQuery);
  const queryClient = useQueryClient();
  const { data: config } = usePublicConfig();
  const [connecting, setConnecting] = useState(false);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [manageError, setManageError] = useState<string | null>(null);

  useEffect(() => {
    if (setupParam) {
      void info.refetch();
      void stats.refetch();
      void queryClient.invalidateQueries({ queryKey: checklistQuery.queryKey });
      void navigate('/dashboard/billing', { replace: true });
    }
    // Only when we land with ?setup=complete.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setupParam]);

  useEffect(() => onPageRestored(() => setConnecting(false)), []);

  // An account is made by the first 'Enable Payouts'; it counts only once its onboarding is finished.
  const connected = returnedFromSetup || Boolean(info.data?.organization.payouts_enabled);
  const providerName = config?.payments === 'sandbox' ? 'Sandbox' : 'Stripe';

  const enablePayouts = async () => {
    setConnecting(true);
    setSetupError(null);
    try {
      await startPayoutSetup({ refreshPath: '/dashboard/billing', returnPath: '/dashboard/billing?setup=complete' });
    } catch {
      setSetupError(PAYOUT_SETUP_FAILED);
      setConnecting(false);
    }
  };

  const manage = async () => {
    setManageError(null);
    // Open the tab now, while the click still counts as the user's, and point it at the link once we have it.
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await createLoginLink();
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      console.warn('Could not open the payout dashboard', error);
      setManageError('Could not open the payout dashboard. Please try again.');
    }
  };

  if (info.isPending || (connected && stats.isPending)) {
    return (
      <section className="flex flex-col gap-8" aria-busy="true" aria-label="Loading billing">
        <PageHeader title="Billing" />
        <div className="bg-muted h-28 animate-pulse rounded-2xl" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <MetricCardSkeleton key={key} />
          ))}
        </div>
      </section>
    );
  }

  const currency = (stats.data?.metrics.total_revenue.currency ?? 'GBP') as CurrencyCode;
  const metrics = stats.data?.metrics;

  if (!connected) {
    return (
      <section className="flex flex-col gap-8">
        <PageHeader
          title="Billing"
          actions={
            <Button size="small" onClick={() => void enablePayouts()} disabled={connecting}>
              {connecting ? 'Connecting...' : 'Enable Payouts'}
            </Button>
          }
        />
        {setupError ? (
          <div role="alert" className="rounded-2xl border border-red-500/40 bg-red-500/10 p-5">
            <h2 className="font-semibold text-danger">Setup Failed</h2>
            <p className="text-sm text-danger/90">{setupError}</p>
          </div>
        ) : null}
        <div className="border-border bg-card rounded-2xl border p-5">
          <h2 className="font-semibold">Payouts Not Configured</h2>
          <p className="text-muted-foreground text-sm">
            Enable payouts to publish events and to start receiving ticket sales.
          </p>
        </div>
        <ProPlanCard />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {['Total Revenue', 'Pending Payouts', 'Completed Payouts', 'Platform Fees'].map((title) => (
            <MetricCard key={title} title={title} value={formatMoney(0, 'GBP')} muted />
          ))}
        </div>
      </section>
    );
  }

  const details = stats.data?.payout_details;
  return (
    <section className="flex flex-col gap-8">
      <PageHeader title="Billing" />
      <div className="border-primary/40 bg-primary/10 rounded-2xl border p-5">
        <h2 className="font-semibold">Payouts Enabled</h2>
        <p className="text-muted-foreground text-sm">
          Your {providerName} account is connected and ready to receive payouts.
          {config?.payments === 'sandbox' ? ' This is the sandbox: no real money moves.' : ''}
        </p>
      </div>
      <PublishDraftsOffer />
      {stats.isError ? <LoadError>The payout figures could not be loaded. Please reload the page.</LoadError> : null}
      {metrics ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <MetricCard
            title="Total Revenue"
            value={formatMoney(metrics.total_revenue.amount, currency)}
            change={metrics.total_revenue.trend}
            period="the previous 30 days"
          />
          <MetricCard
            title="Pending Payouts"
            value={formatMoney(metrics.pending_payouts.amount, currency)}
            caption="On the way to your bank."
          />
          <MetricCard
            title="Completed Payouts"
            value={formatMoney(metrics.completed_payouts.amount, currency)}
            caption={`${metrics.completed_payouts.count === 1 ? 'One payout' : `${metrics.completed_payouts.count} payouts`} so far.`}
          />
          <MetricCard
            title="Platform Fees"
            value={formatMoney(metrics.platform_fees.amount, currency)}
            caption={
              metrics.absorbed_fees.amount > 0
                ? `Paid by your fans, on top of your ticket prices; ${formatMoney(metrics.absorbed_fees.amount, currency)} of it by you, on events where you pay the booking fee.`
                : 'Paid by your fans, on top of your ticket prices.'
            }
          />
        </div>
      ) : null}
      {details ? (
        <div className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5">
          <div className="flex items-center justify-between gap-4">
            <h2 className="font-semibold">Payout Details</h2>
            <Button size="xs" variant="secondary" onClick={() => void manage()}>
              Manage
            </Button>
          </div>
          {manageError ? (
            <p role="alert" className="text-sm text-danger">
              {manageError}
            </p>
          ) : null}
          <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Payout schedule</dt>
              <dd>{describeSchedule(details.schedule)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Next payout</dt>
              <dd>
                {details.next_payout
                  ? `${formatMoney(details.next_payout.amount, details.next_payout.currency)}${
                      details.next_payout.arrival_date
                        ? ` on ${formatPayoutDate(details.next_payout.arrival_date)}`
                        : ''
                    }`
                  : 'None scheduled'}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Bank account</dt>
              <dd>
                {details.bank_account
                  ? `${bankName(details.bank_account.bank_name, config?.payments === 'sandbox')}•••• ${details.bank_account.last4}`
                  : 'Not configured'}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Payment account ID</dt>
              <dd className="font-mono text-xs break-all">
                {details.stripe_account_id ?? info.data?.organization.stripe_account_id ?? '—'}
              </dd>
            </div>
          </dl>
        </div>
      ) : null}
      <ProPlanCard />
    </section>
  );
}
