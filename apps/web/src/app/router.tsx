import { createBrowserRouter, Navigate } from 'react-router';
import { BillingPage } from '../features/billing';
import { CustomersPage } from '../features/customers';
import { DashboardLayout } from '../features/dashboard-shell';
import { DashboardHome } from '../features/events';
import { OnboardingPage } from '../features/onboarding';
import { ProfilePage } from '../features/profile';
import { PrivacyPage, TermsPage } from '../features/legal';
import { LandingRoute } from './routes/landing';
import { OnboardingGate, RequireOrganization, RequireRole, RequireSession } from './routes/guards';
import { InvitationRoute } from './routes/invitation';
import { eventRouteObjects } from './routes/events-routes';
import { SsoCallbackRoute } from './routes/sso-callback';
import { CheckinRoute } from './routes/checkin-route';

export const router = createBrowserRouter([
  { path: '/', element: <LandingRoute /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/sso-callback', element: <SsoCallbackRoute /> },
  // The link of a team invitation e-mail: sign up or in, then join the organisation.
  { path: '/invite/:token', element: <InvitationRoute /> },
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
  {
    path: '/dashboard',
    element: (
      <RequireSession>
        <RequireOrganization>
          <DashboardLayout />
        </RequireOrganization>
      </RequireSession>
    ),
    children: [
      { index: true, element: <DashboardHome /> },
      { path: 'overview', element: <DashboardHome /> },
      ...eventRouteObjects,
      // Loaded on first visit: the chart library and the world map are the app's largest parts.
      { path: 'analytics', lazy: async () => ({ Component: (await import('../features/analytics')).AnalyticsPage }) },
      {
        path: 'analytics/events',
        lazy: async () => ({ Component: (await import('../features/analytics')).EventBreakdownPage }),
      },
      { path: 'customers', element: <CustomersPage /> },
      { path: 'profile', element: <ProfilePage /> },
      {
        path: 'billing',
        element: (
          <RequireRole roles={['owner']}>
            <BillingPage />
          </RequireRole>
        ),
      },
    ],
  },
  { path: '/checkin', element: <CheckinRoute /> },
  { path: '/checkin/:eventId', element: <CheckinRoute /> },
  { path: '*', element: <Navigate to="/" replace /> },
]);
