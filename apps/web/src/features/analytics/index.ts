export { AnalyticsPage } from './components/analytics-page';
export { EventBreakdownPage } from './components/event-breakdown-page';
