import { createBrowserRouter, Navigate } from 'react-router';
import { PrivacyPage, TermsPage } from '../features/legal';
import { LandingRoute } from './routes/landing';

export const router = createBrowserRouter([
  { path: '/', element: <LandingRoute /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '*', element: <Navigate to="/" replace /> },
]);
