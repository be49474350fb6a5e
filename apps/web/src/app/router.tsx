import { createBrowserRouter, Navigate } from 'react-router';
import { HomeRoute } from './routes/home';

export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  { path: '*', element: <Navigate to="/" replace /> },
]);
