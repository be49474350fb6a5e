// /checkin and /checkin/:eventId: the check-in app, for any member of an organisation (the server checks the
// role on every request). Loaded on first visit, with its own layout. Opened with no network on a phone where a
// member has used it, it starts from what the phone kept (its service worker and ticket lists) instead of asking
// the server who is signed in; its requests carry the session again once the network is back.
import { lazy, Suspense, useEffect, useState } from 'react';
import { CHECKIN_MEMBER_KEY } from '../../lib/auth-client';
import { FullPageSpinner, RequireOrganization, RequireSession } from './guards';

const CheckinApp = lazy(async () => ({ default: (await import('../../features/checkin')).CheckinApp }));

function RememberMember() {
  useEffect(() => localStorage.setItem(CHECKIN_MEMBER_KEY, '1'), []);
  return null;
}

export function CheckinRoute() {
  const [offline] = useState(() => navigator.onLine === false);
  const app = (
    <Suspense fallback={<FullPageSpinner />}>
      <CheckinApp />
    </Suspense>
  );
  if (offline && localStorage.getItem(CHECKIN_MEMBER_KEY) === '1') return app;
  return (
    <RequireSession>
      <RequireOrganization>
        <RememberMember />
        {app}
      </RequireOrganization>
    </RequireSession>
  );
}
