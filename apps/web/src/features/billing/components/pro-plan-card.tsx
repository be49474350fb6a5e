// Billing's PRO card (decision 149): the price a month; without PRO, 'Subscribe to PRO' opens the provider's hosted
// page; with it, when it renews or, cancelled, when it ends and what then stops (said again in the confirm
// dialog); Resume undoes a cancellation. plan=subscribed on return from the page reloads the plan.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { usePlan } from '../../../lib/plan';
import { onPageRestored } from '../../../lib/payouts';
import { planInvoicesQuery, startProSubscription, usePlanChange } from '../api/plan';
import { PlanInvoices } from './plan-invoices';
import { endingText, formatPlanDate, formatPlanMoney } from './plan-format';

const dangerClasses =
  'inline-flex h-9 items-center justify-center rounded-md bg-red-700 px-4 font-mono text-xs font-semibold tracking-wide text-white uppercase hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:cursor-not-allowed disabled:opacity-50';

function CancelDialog({ open, endsOn, onClose }: { open: boolean; endsOn: string; onClose(): void }) {
  const cancel = usePlanChange('cancel');
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} label="Cancel PRO">
      <div className="flex flex-col gap-4 p-6">
        <h2 className="text-foreground text-xl font-semibold">Cancel PRO?</h2>
        <p className="text-muted-foreground text-sm">{endingText(endsOn)}</p>
        <p className="text-muted-foreground text-sm">You can resume PRO here until then.</p>
        {cancel.isError ? (
          <p role="alert" className="text-sm text-danger">
            {cancel.error.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" size="small" variant="secondary" onClick={close} data-autofocus>
            Keep PRO
          </Button>
          <button
            type="button"
            className={dangerClasses}
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSuccess: close })}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel PRO'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

export function ProPlanCard() {
  const plan = usePlan();
  const invoices = useQuery(planInvoicesQuery);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const resume = usePlanChange('resume');
  const returned = params.get('plan') === 'subscribed';

  useEffect(() => {
    if (!returned) return;
    void queryClient.invalidateQueries({ queryKey: ['billing', 'plan'] });
    void navigate('/dashboard/billing', { replace: true });
    // Only when we land with ?plan=subscribed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);
  useEffect(() => onPageRestored(() => setStarting(false)), []);

  const subscribe = async () => {
    setStarting(true);
    setError(null);
    try {
      const { url } = await startProSubscription();
      window.location.assign(url);
    } catch (failed) {
      setError(failed instanceof Error ? failed.message : 'Could not open the subscription page. Please try again.');
      setStarting(false);
    }
  };

  if (plan.isPending) {
    return (
      <div
        className="bg-muted h-40 animate-pulse rounded-2xl"
        role="status"
        aria-busy="true"
        aria-label="Loading PRO plan"
      />
    );
  }
  if (plan.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The PRO plan could not be loaded. Please reload the page.
      </p>
    );
  }
  const info = plan.data;
  const price = formatPlanMoney(info.price.amount, info.price.currency);
  const endsOn = info.current_period_end ? formatPlanDate(info.current_period_end) : '';

  return (
    <section
      aria-labelledby="pro-plan-title"
      className="border-border bg-card flex flex-col gap-4 rounded-2xl border p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="pro-plan-title" className="font-semibold">
            PRO plan{' '}
            {info.pro ? (
              <span className="bg-primary text-primary-foreground ml-1 rounded px-1.5 py-0.5 align-middle font-mono text-[11px] font-semibold uppercase">
                Active
              </span>
            ) : null}
          </h2>
          <p className="text-2xl font-semibold tabular-nums">
            {price} <span className="text-muted-foreground text-sm font-normal">per month</span>
          </p>
          <p className="text-muted-foreground text-sm">Unlocks Integrations and the API add-on.</p>
        </div>
        {!info.pro ? (
          <Button size="small" onClick={() => void subscribe()} disabled={starting}>
            {starting ? 'Opening...' : 'Subscribe to PRO'}
          </Button>
        ) : info.cancel_at_period_end ? (
          <Button size="small" onClick={() => resume.mutate()} disabled={resume.isPending}>
            {resume.isPending ? 'Resuming...' : 'Resume PRO'}
          </Button>
        ) : (
          <Button size="small" variant="secondary" onClick={() => setConfirming(true)}>
            Cancel PRO
          </Button>
        )}
      </div>
      {info.pro ? (
        <p className="text-sm" role="status">
          {info.cancel_at_period_end ? endingText(endsOn) : `Renews on ${endsOn}.`}
          {info.status === 'past_due' ? ' The last payment failed; please check your card.' : ''}
        </p>
      ) : info.status === 'ended' ? (
        <p className="text-muted-foreground text-sm">
          PRO has ended: your API keys are suspended and webhooks paused; your data is kept.
        </p>
      ) : null}
      {error || resume.isError ? (
        <p role="alert" className="text-sm text-danger">
          {error ?? resume.error?.message}
        </p>
      ) : null}
      <PlanInvoices query={invoices} />
      <CancelDialog open={confirming} endsOn={endsOn} onClose={() => setConfirming(false)} />
    </section>
  );
}
