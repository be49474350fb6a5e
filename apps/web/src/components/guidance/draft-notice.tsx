// The event wizard's step 1 notice while payouts are not enabled: the event will be saved as a draft.
import { Link } from 'react-router';
import { DRAFT_NOTICE } from '@marquee/shared';
import { useOrganizationInfo } from '../../lib/organization-info';

export function DraftNotice() {
  const info = useOrganizationInfo();
  if (!info.data || info.data.organization.payouts_enabled) return null;
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
