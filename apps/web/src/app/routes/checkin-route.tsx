// /checkin and /checkin/:eventId: the check-in app, for any member of an organisation (the server checks the
// role on every request). Loaded on first visit, with its own layout.
import { lazy, Suspense } from 'react';
import { FullPageSpinner, RequireOrganization, RequireSession } from './guards';

const CheckinApp = lazy(async () => ({ default: (await import('../../features/checkin')).CheckinApp }));

export function CheckinRoute() {
  return (
    <RequireSession>
      <RequireOrganization>
        <Suspense fallback={<FullPageSpinner />}>
          <CheckinApp />
        </Suspense>
      </RequireOrganization>
    </RequireSession>
  );
}
