// The event wizard's step 1 notice while payouts are not enabled: the event will be saved as a draft.
import { Link } from 'react-router';
import { DRAFT_NOTICE, FREE_EVENT_NOTICE } from '@marquee/shared';
import { useOrganizationInfo } from '../../lib/organization-info';

/** `free`: the wizard's 'Free event' is on, so the event is published without payouts (decision 124). */
export function DraftNotice({ free = false }: { free?: boolean }) {
  const info = useOrganizationInfo();
  if (!info.data || info.data.organization.payouts_enabled) return null;
  if (free)
    return (
      <p role="note" className="rounded-xl border px-4 py-3 text-sm" data-testid="draft-notice">
        {FREE_EVENT_NOTICE}
      </p>
    );
  return (
    <p
      role="note"
      className="rounded-xl border border-amber-500/50 bg-amber-400/10 px-4 py-3 text-sm"
      data-testid="draft-notice"
    >
      {DRAFT_NOTICE}{' '}
      <Link to="/dashboard/billing" className="font-semibold underline underline-offset-2">
        Go to Billing
      </Link>
    </p>
  );
}
