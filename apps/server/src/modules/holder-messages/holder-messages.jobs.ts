// Messages to ticket holders' wiring (decision 154): the dependencies the routes and the send job share, and the
// job handler the worker runs (jobs-wiring.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { messageContext } from './context.js';
import type { HolderMessagesDeps } from './holder-messages.service.js';
import { sendHolderMessage, type HolderSendDeps } from './send.js';
import { createUnsubscribeTokens } from './unsubscribe-tokens.js';

export interface HolderMessages {
  deps: HolderMessagesDeps;
  send: HolderSendDeps;
  deliver(data: unknown): Promise<void>;
  assertEvent(organizationId: string, eventId: string): Promise<void>;
}

export function createHolderMessages(options: {
  db: Database;
  mailer: Mailer;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  appUrl: string;
  authSecret: string;
  perMinute: number;
  perDay: number;
}): HolderMessages {
  const tokens = createUnsubscribeTokens(options.authSecret);
  const deps = { db: options.db, mailer: options.mailer, jobs: options.jobs, appUrl: options.appUrl, tokens };
  const send: HolderSendDeps = { ...deps, log: options.log, perMinute: options.perMinute, perDay: options.perDay };
  return {
    deps,
    send,
    deliver: (data) => sendHolderMessage(send, data),
    async assertEvent(organizationId, eventId) {
      await messageContext(options.db, options.appUrl, organizationId, eventId);
    },
  };
}

export function holderMessageJobHandlers(holder: HolderMessages) {
  return { [QUEUES.holderMessageSend]: (data: unknown) => holder.deliver(data) };
}
