// The waiting list's durable jobs (decision 035): 'waitlist-run' (offer the places that came back for one event),
// 'waitlist-mail' (the joined and offer e-mails, each sent once) and the minute's 'waitlist-sweep' (offers that
// ran out pass to the next in line; places freed by expired holds or raised capacity are offered).
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/client.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { createLeaveTokens, type LeaveTokens } from './waitlist-leave.js';
import { deliverWaitlistMail } from './waitlist-mail.js';
import { runWaitlist, sweepWaitlists } from './waitlist.service.js';

export interface WaitlistDeps {
  db: Database;
  mailer: Mailer;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  appUrl: string;
  publicHost: string;
  /** Keys the entries' leave links (waitlist-leave.ts). */
  authSecret: string;
}

const runSchema = z.object({ eventId: z.string().uuid(), organizationId: z.string().min(1) });

export interface Waitlist {
  run(data: unknown): Promise<number>;
  deliverMail(data: unknown): Promise<void>;
  sweep(): Promise<number>;
  /** Right after a commit: runs the due waiting-list jobs here (the worker retries what fails). */
  deliverQueued(): Promise<void>;
  /** The entries' leave links, for the e-mails and the storefront's leave page. */
  leaveTokens: LeaveTokens;
}

export function createWaitlist(deps: WaitlistDeps): Waitlist {
  const run = async (data: unknown) => {
    const job = runSchema.parse(data);
    const offered = await runWaitlist(deps.db, deps.jobs, job);
    if (offered.length > 0) deps.log.info({ eventId: job.eventId, offers: offered.length }, 'waiting-list offers made');
    return offered.length;
  };
  const leaveTokens = createLeaveTokens(deps.authSecret);
  const deliverMail = (data: unknown) => deliverWaitlistMail({ ...deps, leaveTokens }, data);
  return {
    leaveTokens,
    run,
    deliverMail,
    sweep: () => sweepWaitlists(deps.db, deps.jobs),
    async deliverQueued() {
      await deps.jobs.runDue(QUEUES.waitlistRun, run, 2);
      await deps.jobs.runDue(QUEUES.waitlistMail, deliverMail, 3);
    },
  };
}

export function waitlistJobHandlers(waitlist: Waitlist) {
  return {
    [QUEUES.waitlistRun]: (data: unknown) => waitlist.run(data),
    [QUEUES.waitlistMail]: (data: unknown) => waitlist.deliverMail(data),
    [QUEUES.waitlistSweep]: () => waitlist.sweep(),
  };
}
