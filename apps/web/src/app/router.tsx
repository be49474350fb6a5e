import { createBrowserRouter, Navigate } from 'react-router';
import { OnboardingPage } from '../features/onboarding';
import { HomeRoute } from './routes/home';
import { OnboardingGate, RequireSession } from './routes/guards';
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
  { path: '*', element: <Navigate to="/" replace /> },
]);
