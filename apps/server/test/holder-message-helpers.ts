// Helpers for the messages-to-ticket-holders tests (decision 154): the API calls, the send job run as the worker
// would, and the outbox read by recipient.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../src/jobs/queue.js';
import { listOutbox } from '../src/adapters/mail/outbox.js';
import { asBrowser, type SignedInUser } from './auth-helpers.js';
import { buyer, payWithCard, postCheckout, tokenFrom } from './checkout-helpers.js';

export const draft = (fields: Record<string, unknown> = {}) => ({
  audience: 'all',
  subject: 'Doors open at 7pm',
  body: 'Doors open at 7pm.\nBring your ticket.\n\nSee you there!',
  ...fields,
});

export const messagesUrl = (eventId: string, tail = '') => `/api/events/${eventId}/messages${tail}`;

export const postMessage = (
  app: FastifyInstance,
  user: SignedInUser,
  eventId: string,
  tail: '' | '/preview' | '/test',
  payload: object,
) => app.inject({ method: 'POST', url: messagesUrl(eventId, tail), headers: asBrowser(user), payload });

export const sendMessage = (app: FastifyInstance, user: SignedInUser, eventId: string, fields = {}) =>
  postMessage(app, user, eventId, '', { ...draft(fields), client_key: randomUUID() });

export const history = async (app: FastifyInstance, user: SignedInUser, eventId: string) => {
  const response = await app.inject({ method: 'GET', url: messagesUrl(eventId), headers: asBrowser(user) });
  if (response.statusCode !== 200) throw new Error(`history: ${response.statusCode} ${response.body}`);
  return response.json().messages as Array<Record<string, unknown>>;
};

/** Runs the due send jobs as the worker would, until none is due. */
export async function runMessageJobs(app: FastifyInstance) {
  for (let round = 0; round < 20; round += 1) {
    const ran = await app.jobs.runDue(QUEUES.holderMessageSend, (data) => app.holderMessages.deliver(data), 5);
    if (ran === 0) return;
  }
}

/** The addresses the outbox holds a message with this subject for (one entry per copy), sorted. */
export async function outboxRecipients(app: FastifyInstance, subject: string) {
  const mails = await listOutbox(app.db, 500);
  return mails
    .filter((mail) => mail.subject === subject)
    .map((mail) => mail.to)
    .sort();
}

export async function outboxMail(app: FastifyInstance, subject: string, to: string) {
  const mails = await listOutbox(app.db, 500, { to });
  const mail = mails.find((each) => each.subject === subject);
  if (!mail) throw new Error(`no "${subject}" to ${to}`);
  return mail;
}

/** A paid order of `quantity` tickets of the event's first type (or `typeId`) bought by `email`. */
export async function buy(
  app: FastifyInstance,
  host: string,
  eventId: string,
  typeId: string,
  email: string,
  options: { quantity?: number; consent?: boolean } = {},
) {
  const started = await postCheckout(app, host, eventId, {
    ...buyer,
    email,
    [`qty_${typeId}`]: String(options.quantity ?? 1),
    ...(options.consent ? { marketing_consent: 'yes' } : {}),
  });
  if (started.statusCode !== 303) throw new Error(`checkout: ${started.statusCode} ${started.body.slice(0, 200)}`);
  const token = tokenFrom(started.headers.location);
  const paid = await payWithCard(app, host, token);
  if (paid.statusCode !== 303) throw new Error(`payment: ${paid.statusCode}`);
  return token;
}
