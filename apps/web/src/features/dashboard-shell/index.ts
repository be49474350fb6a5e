export { DashboardLayout } from './components/dashboard-layout';
export { ComingSoonPage } from './components/coming-soon-page';
