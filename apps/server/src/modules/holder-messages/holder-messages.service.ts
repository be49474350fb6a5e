// Messages to ticket holders (decision 154): the preview and the test send render the draft as the recipients
// would get it; sending stores the message and queues its job in one transaction, keyed by the dashboard's
// client key, so a double click (or a retried request) makes one message and answers it both times.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { HolderMessage, HolderMessageDraft, HolderMessagePreview, HolderMessageSend } from '@marquee/shared';
import { HOLDER_MESSAGE_TEXT } from '@marquee/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import { holderMessage, ticketType, user } from '../../db/schema/index.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { audienceCount } from './audiences.js';
import { draftTicketType, messageContext } from './context.js';
import { renderHolderMessage } from './render.js';
import { unsubscribePath, type UnsubscribeTokens } from './unsubscribe-tokens.js';

export interface HolderMessagesDeps {
  db: Database;
  mailer: Mailer;
  jobs: JobQueue;
  appUrl: string;
  tokens: UnsubscribeTokens;
}

export interface Actor {
  organizationId: string;
  userId: string;
  email: string;
}

type AudienceDraft = Pick<HolderMessageDraft, 'audience' | 'ticket_type_id'>;

async function prepare(deps: HolderMessagesDeps, actor: Actor, eventId: string, draft: AudienceDraft) {
  const context = await messageContext(deps.db, deps.appUrl, actor.organizationId, eventId);
  const ticketTypeId = await draftTicketType(deps.db, context, draft);
  const choice = { organizationId: actor.organizationId, eventId, audience: draft.audience, ticketTypeId };
  return { context, ticketTypeId, choice };
}

/** The e-mail as `email` would get it. */
function render(
  deps: HolderMessagesDeps,
  actor: Actor,
  context: Awaited<ReturnType<typeof messageContext>>,
  draft: HolderMessageDraft,
  email: string,
) {
  return renderHolderMessage({
    audience: draft.audience,
    subject: draft.subject,
    body: draft.body,
    eventName: context.eventName,
    brand: context.brand,
    unsubscribeUrl: `${deps.appUrl}${unsubscribePath(deps.tokens, { organizationId: actor.organizationId, email })}`,
  });
}

export async function previewMessage(
  deps: HolderMessagesDeps,
  actor: Actor,
  eventId: string,
  draft: HolderMessageDraft,
): Promise<HolderMessagePreview> {
  const { context, choice } = await prepare(deps, actor, eventId, draft);
  const mail = render(deps, actor, context, draft, actor.email);
  return {
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    recipients: await audienceCount(deps.db, choice),
    unsubscribe: Boolean(mail.headers),
  };
}

/** How many an audience has now (the compose form's count); a ticket type must be the event's. */
export async function audienceSize(
  deps: HolderMessagesDeps,
  actor: Actor,
  eventId: string,
  query: { audience: HolderMessageDraft['audience']; ticket_type_id?: string },
) {
  if (query.audience === 'ticket_type' && !query.ticket_type_id) return 0;
  const { choice } = await prepare(deps, actor, eventId, query);
  return audienceCount(deps.db, choice);
}

/** Sends the draft to the signed-in organiser only, marked as a test, with the headers recipients would get. */
export async function sendTestMessage(
  deps: HolderMessagesDeps,
  actor: Actor,
  eventId: string,
  draft: HolderMessageDraft,
) {
  const { context } = await prepare(deps, actor, eventId, draft);
  const mail = render(deps, actor, context, draft, actor.email);
  try {
    await deps.mailer.send({
      ...mail,
      subject: `[Test] ${mail.subject}`,
      to: actor.email,
      fromName: context.brand.companyName,
    });
  } catch (error) {
    throw new AppError('BAD_GATEWAY', 'The test e-mail could not be sent. Please try again.', undefined, {
      cause: error,
    });
  }
  return { sent_to: actor.email };
}

/** The message this key made, or a new one queued to send. `created` says which. */
export async function sendMessage(
  deps: HolderMessagesDeps,
  actor: Actor,
  eventId: string,
  input: HolderMessageSend,
): Promise<{ message: HolderMessage; created: boolean }> {
  const existing = await byKey(deps.db, actor.organizationId, input.client_key);
  if (existing) return replay(deps.db, actor, eventId, existing.id);
  const { ticketTypeId, choice } = await prepare(deps, actor, eventId, input);
  if ((await audienceCount(deps.db, choice)) === 0)
    throw new AppError('UNPROCESSABLE', HOLDER_MESSAGE_TEXT.noRecipients);
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(holderMessage)
      .values({
        organizationId: actor.organizationId,
        eventId,
        audience: input.audience,
        ticketTypeId,
        subject: input.subject,
        body: input.body,
        createdBy: actor.userId,
        clientKey: input.client_key,
      })
      .onConflictDoNothing({ target: [holderMessage.organizationId, holderMessage.clientKey] })
      .returning({ id: holderMessage.id });
    if (row)
      await deps.jobs.send(QUEUES.holderMessageSend, { messageId: row.id, organizationId: actor.organizationId }, tx);
    return row ?? null;
  });
  // The other click of a double click committed first: answer its message.
  if (!created) {
    const other = await byKey(deps.db, actor.organizationId, input.client_key);
    if (!other) throw new AppError('CONFLICT', 'The message could not be saved. Please try again.');
    return replay(deps.db, actor, eventId, other.id);
  }
  const [message] = await listMessages(deps.db, actor.organizationId, eventId, created.id);
  return { message: message!, created: true };
}

async function byKey(db: Database, organizationId: string, clientKey: string) {
  const [row] = await db
    .select({ id: holderMessage.id, eventId: holderMessage.eventId })
    .from(holderMessage)
    .where(and(eq(holderMessage.organizationId, organizationId), eq(holderMessage.clientKey, clientKey)))
    .limit(1);
  return row ?? null;
}

async function replay(db: Database, actor: Actor, eventId: string, messageId: string) {
  const [message] = await listMessages(db, actor.organizationId, eventId, messageId);
  if (!message) throw new AppError('CONFLICT', 'This key was already used for a message of another event');
  return { message, created: false };
}

/** The event's messages, newest first (or the one named). */
export async function listMessages(
  db: Database,
  organizationId: string,
  eventId: string,
  messageId?: string,
): Promise<HolderMessage[]> {
  const found = await db
    .select({ message: holderMessage, typeName: ticketType.name, author: user.name })
    .from(holderMessage)
    .leftJoin(ticketType, eq(ticketType.id, holderMessage.ticketTypeId))
    .leftJoin(user, eq(user.id, holderMessage.createdBy))
    .where(
      and(
        eq(holderMessage.organizationId, organizationId),
        eq(holderMessage.eventId, eventId),
        messageId ? eq(holderMessage.id, messageId) : sql`true`,
      ),
    )
    .orderBy(desc(holderMessage.createdAt), desc(holderMessage.id))
    .limit(100);
  return found.map(({ message, typeName, author }) => ({
    id: message.id,
    audience: message.audience,
    ticket_type_id: message.ticketTypeId,
    ticket_type_name: typeName,
    subject: message.subject,
    status: message.status,
    recipients: message.recipients,
    sent: message.sent,
    failed: message.failed,
    suppressed: message.suppressed,
    created_by: author,
    created_at: message.createdAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
  }));
}
