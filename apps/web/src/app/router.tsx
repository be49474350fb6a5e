import { createBrowserRouter, Navigate } from 'react-router';
import { DashboardHome } from '../features/events';
import { OnboardingPage } from '../features/onboarding';
import { eventRouteObjects } from './routes/events-routes';
import { HomeRoute } from './routes/home';
import { OnboardingGate, RequireOrganization, RequireSession } from './routes/guards';
import { TemporaryDashboardLayout } from './routes/temporary-dashboard-layout';
import { SsoCallbackRoute } from './routes/sso-callback';

export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  { path: '/sso-callback', element: <SsoCallbackRoute /> },
  {
    path: '/onboarding',
    element: (
      <RequireSession>
        <OnboardingGate>
          <OnboardingPage />
        </OnboardingGate>
      </RequireSession>
    ),
  },
  // TEMPORARY (feat/events-ui only): replaced by the dashboard shell's routes, which spread eventRouteObjects
  // into their children and use DashboardHome as the index.
  {
    path: '/dashboard',
    element: (
      <RequireSession>
        <RequireOrganization>
          <TemporaryDashboardLayout />
        </RequireOrganization>
      </RequireSession>
    ),
    children: [{ index: true, element: <DashboardHome /> }, ...eventRouteObjects],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
