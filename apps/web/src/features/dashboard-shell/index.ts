export { DashboardLayout } from './components/dashboard-layout';
export { DashboardHomePage } from './components/dashboard-home-page';
export { ComingSoonPage } from './components/coming-soon-page';
