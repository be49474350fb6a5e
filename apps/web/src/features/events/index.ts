export { NewEventPage } from './components/new-event-page';
export { EditEventPage } from './components/edit-event-page';
export { EventsListPage } from './components/events-list-page';
export { EventViewPage } from './components/event-view-page';
export { DashboardHome } from './components/dashboard-home';
export { DateTimePicker } from './components/date-time-picker';
export { dashboardOverviewQuery } from './api/dashboard';
export { eventQuery, eventsQuery } from './api/events';
