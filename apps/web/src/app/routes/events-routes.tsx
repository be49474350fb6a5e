// The events screens as route objects relative to /dashboard; the dashboard layout route spreads them into
// its children (and uses DashboardHome as its index). New events start in the organisation's currency and
// time zone (the browser's guess until the organisation has one).
import { useQuery } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { CURRENCY_CODES, type CurrencyCode } from '@marquee/shared';
import { EditEventPage, EventsListPage, EventViewPage, NewEventPage } from '../../features/events';
import { organizationInfoQuery } from '../../lib/organization-info';

function NewEventRoute() {
  const info = useQuery(organizationInfoQuery);
  const currency = info.data?.organization.default_currency;
  const defaultCurrency = CURRENCY_CODES.find((code): code is CurrencyCode => code === currency);
  const timeZone = info.data?.organization.time_zone ?? undefined;
  // Keyed so that the form starts again on the right currency and zone if the organisation loads after the page.
  return (
    <NewEventPage
      key={`${defaultCurrency ?? 'default'} ${timeZone ?? ''}`}
      defaultCurrency={defaultCurrency}
      timeZone={timeZone}
    />
  );
}

export const eventRouteObjects: RouteObject[] = [
  { path: 'events', element: <EventsListPage /> },
  { path: 'events/new', element: <NewEventRoute /> },
  // Without an id the edit wizard goes back to the list (spec: Edit Event); a bare 'events/edit/:id' does not
  // match an empty id, so '/dashboard/events/edit/' would otherwise fall through to the catch-all and leave
  // the dashboard for '/'.
  { path: 'events/edit', element: <EditEventPage /> },
  { path: 'events/edit/:id', element: <EditEventPage /> },
  { path: 'events/view/:id', element: <EventViewPage /> },
];
