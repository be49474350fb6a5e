import { createBrowserRouter, Navigate } from 'react-router';
import { BillingPage } from '../features/billing';
import { ComingSoonPage, DashboardHomePage, DashboardLayout } from '../features/dashboard-shell';
import { OnboardingPage } from '../features/onboarding';
import { ProfilePage } from '../features/profile';
import { PrivacyPage, TermsPage } from '../features/legal';
import { LandingRoute } from './routes/landing';
import { OnboardingGate, RequireOrganization, RequireSession } from './routes/guards';
import { SsoCallbackRoute } from './routes/sso-callback';

export const router = createBrowserRouter([
  { path: '/', element: <LandingRoute /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
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
      { index: true, element: <DashboardHomePage /> },
      { path: 'overview', element: <DashboardHomePage /> },
      { path: 'events', element: <ComingSoonPage title="Events" /> },
      // The target of the home page's 'New Event' link; the event wizard replaces it.
      { path: 'events/new', element: <ComingSoonPage title="New Event" /> },
      { path: 'analytics', element: <ComingSoonPage title="Analytics" /> },
      { path: 'customers', element: <ComingSoonPage title="Customers" /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'billing', element: <BillingPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
