// The waiting-list e-mails (decision 035): the confirmation of joining and the offer with its link, each sent
// once (the entry records when it went out, right after the SMTP hand-over, as the checkout mail does).
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney, toCurrencyCode } from '@marquee/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { renderEmail } from '../../adapters/mail/templates.js';
import type { Database } from '../../db/client.js';
import { event, order, organizationSettings, ticketType, waitlistEntry } from '../../db/schema/index.js';
import { orderLines } from '../checkout/checkout.service.js';
import { documentBranding, documentEvent } from '../checkout/notification-mails.js';
import { activeDomain } from '../../lib/storefront-host.js';
import { formatEventWhen, resolveBranding } from '../ticket-documents/ticket-documents.format.js';
import { leavePath, type LeaveTokens } from './waitlist-leave.js';
import { OFFER_HOURS } from './waitlist.service.js';

export interface WaitlistMailDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  publicHost: string;
  leaveTokens: LeaveTokens;
}

const jobSchema = z.object({
  kind: z.enum(['joined', 'offer']),
  entryId: z.string().uuid(),
  organizationId: z.string().min(1),
});

export async function deliverWaitlistMail(deps: WaitlistMailDeps, data: unknown): Promise<void> {
  const job = jobSchema.parse(data);
  const { db } = deps;
  const [row] = await db
    .select({ entry: waitlistEntry, event, settings: organizationSettings, typeName: ticketType.name })
    .from(waitlistEntry)
    .innerJoin(event, eq(event.id, waitlistEntry.eventId))
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, waitlistEntry.organizationId))
    .leftJoin(ticketType, eq(ticketType.id, waitlistEntry.ticketTypeId))
    .where(and(eq(waitlistEntry.id, job.entryId), eq(waitlistEntry.organizationId, job.organizationId)))
    .limit(1);
  // A cancelled event's waiting list is closed: nothing more is sent (the cancellation e-mails say the rest).
  if (!row || row.event.status === 'cancelled') return;
  const origin = `${new URL(deps.appUrl).protocol}//${activeDomain(row.settings, deps.publicHost)}`;
  const branding = resolveBranding(documentBranding(row.settings, deps.appUrl));
  const sender = {
    name: branding.companyName,
    primaryColor: branding.primaryColor,
    secondaryColor: branding.secondaryColor,
    logoUrl: branding.logoUrl,
  };
  const docEvent = documentEvent(row.event, origin);
  const footer = `You received this e-mail because you joined the waiting list for ${row.event.name} with ${branding.companyName} on Marquee.`;
  const wanted = `${row.entry.quantity} × ${row.typeName ?? 'any ticket'}`;
  const leaveUrl = `${origin}${leavePath(deps.leaveTokens, row.entry.id)}`;
  if (job.kind === 'joined') {
    if (row.entry.joinedMailAt) return;
    const content = renderEmail({
      sender,
      preheader: `You are on the waiting list for ${row.event.name}.`,
      heading: 'You are on the waiting list',
      paragraphs: [
        `Thanks for joining the waiting list for ${row.event.name}. When tickets come back, the first in line is e-mailed an offer that holds them for ${OFFER_HOURS} hours; if it is not used, the offer passes to the next person.`,
      ],
      blocks: [
        {
          kind: 'rows',
          title: row.event.name,
          rows: [
            { label: 'When', value: formatEventWhen(docEvent) },
            { label: 'You asked for', value: wanted },
          ],
        },
        { kind: 'link', text: 'Plans changed?', label: 'Leave the waiting list', url: leaveUrl },
      ],
      footer,
    });
    await deps.mailer.send({
      to: row.entry.email,
      fromName: branding.companyName,
      subject: `You are on the waiting list for ${row.event.name}`,
      ...content,
    });
    await db.update(waitlistEntry).set({ joinedMailAt: new Date() }).where(eq(waitlistEntry.id, row.entry.id));
    return;
  }
  if (row.entry.offerMailAt || row.entry.status !== 'offered' || !row.entry.offerOrderId) return;
  const [offer] = await db.select().from(order).where(eq(order.id, row.entry.offerOrderId)).limit(1);
  if (!offer || offer.status !== 'pending' || !offer.holdExpiresAt) return;
  const lines = await orderLines(db, offer);
  const currency = toCurrencyCode(offer.currency);
  const url = `${origin}/checkout/${offer.accessToken}`;
  const until = offer.holdExpiresAt.toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: row.event.timeZone,
  });
  const content = renderEmail({
    sender,
    preheader: `Tickets for ${row.event.name} are held for you until ${until}.`,
    heading: 'Tickets are waiting for you',
    paragraphs: [
      `Good news: tickets for ${row.event.name} came back, and you are first in line. We are holding them for you for ${OFFER_HOURS} hours, until ${until} (${row.event.timeZone.replace(/_/g, ' ')}). After that the offer passes to the next person on the waiting list.`,
    ],
    blocks: [
      {
        kind: 'rows',
        title: row.event.name,
        rows: [
          { label: 'When', value: formatEventWhen(docEvent) },
          ...lines.map((line) => ({
            label: `${line.quantity} × ${line.name}`,
            value: formatMoney(line.unitPriceMinor * line.quantity, currency),
          })),
          // None when the organiser absorbs it (decision 135).
          ...(offer.feeMinor === 0 ? [] : [{ label: 'Booking fee', value: formatMoney(offer.feeMinor, currency) }]),
          { label: 'Total', value: formatMoney(offer.amountMinor + offer.feeMinor, currency), strong: true },
        ],
      },
      { kind: 'button', label: 'Buy your tickets', url },
      {
        kind: 'link',
        text: 'Not coming after all? The tickets go to the next person in line when you',
        label: 'leave the waiting list',
        url: leaveUrl,
      },
    ],
    footer,
  });
  await deps.mailer.send({
    to: row.entry.email,
    fromName: branding.companyName,
    subject: `Your tickets for ${row.event.name} are held for ${OFFER_HOURS} hours`,
    ...content,
  });
  await db.update(waitlistEntry).set({ offerMailAt: new Date() }).where(eq(waitlistEntry.id, row.entry.id));
}
