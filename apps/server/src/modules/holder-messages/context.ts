// What rendering a message needs: the organisation's event (a 404 for another organisation's, like every event
// route) and the organiser's branding, the same as their other e-mails (decision 154).
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { event, organizationSettings, ticketType } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { documentBranding } from '../checkout/notification-mails.js';
import { resolveBranding } from '../ticket-documents/ticket-documents.format.js';
import { HOLDER_MESSAGE_TEXT, type HolderMessageDraft } from '@marquee/shared';
import type { MessageBrand } from './render.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MessageContext {
  eventId: string;
  eventName: string;
  brand: MessageBrand;
}

export async function messageContext(
  db: Database,
  appUrl: string,
  organizationId: string,
  eventId: string,
): Promise<MessageContext> {
  if (!UUID.test(eventId)) throw new AppError('NOT_FOUND', 'Event not found');
  const [row] = await db
    .select({ id: event.id, name: event.name, settings: organizationSettings })
    .from(event)
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, event.organizationId))
    .where(and(eq(event.id, eventId), eq(event.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Event not found');
  const branding = resolveBranding(documentBranding(row.settings, appUrl));
  return {
    eventId: row.id,
    eventName: row.name,
    brand: {
      companyName: branding.companyName,
      primaryColor: branding.primaryColor,
      secondaryColor: branding.secondaryColor,
      logoUrl: branding.logoUrl,
    },
  };
}

/** The draft's ticket type, checked to be one of the event's (null for the other audiences). */
export async function draftTicketType(
  db: Database,
  context: MessageContext,
  draft: Pick<HolderMessageDraft, 'audience' | 'ticket_type_id'>,
) {
  if (draft.audience !== 'ticket_type') return null;
  const [row] = await db
    .select({ id: ticketType.id })
    .from(ticketType)
    .where(and(eq(ticketType.id, draft.ticket_type_id ?? ''), eq(ticketType.eventId, context.eventId)))
    .limit(1);
  if (!row)
    throw new AppError('VALIDATION_ERROR', HOLDER_MESSAGE_TEXT.typeUnknown, [
      { path: 'ticket_type_id', message: HOLDER_MESSAGE_TEXT.typeUnknown },
    ]);
  return row.id;
}
