// Edit Event (/dashboard/events/edit/:id): loads the event, then the wizard on its values. No id, a
// missing event or a failed load go back to the events list.
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { eventQuery } from '../api/events';
import { eventToFormValues } from '../lib/event-form';
import { EventWizard } from './event-wizard';

export function EditEventPage() {
  const { id } = useParams();
  if (!id) return <Navigate to="/dashboard/events" replace />;
  return <EditEventLoader key={id} id={id} />;
}

function EditEventLoader({ id }: { id: string }) {
  const event = useQuery({ ...eventQuery(id), retry: false, staleTime: 0 });
  if (event.isError) return <Navigate to="/dashboard/events" replace />;
  if (event.isPending) {
    return (
      <div role="status" className="text-muted-foreground flex items-center gap-3 py-16 text-sm">
        <span className="border-primary h-5 w-5 animate-spin rounded-full border-2 border-t-transparent" />
        Loading event data...
      </div>
    );
  }
  return (
    <EventWizard
      mode="edit"
      initial={eventToFormValues(event.data)}
      eventId={event.data.id}
      status={event.data.status}
    />
  );
}
