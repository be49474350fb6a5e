// Helpers for the Customer Sync tests: a PRO selling organiser, a fan's paid checkout with or without
// marketing consent, the organiser's Integrations calls, and running the sync job as the worker would.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { organization } from '../src/db/schema/index.js';
import { QUEUES } from '../src/jobs/queue.js';
import type { Database } from '../src/db/client.js';
import { asBrowser, type SignedInUser } from './auth-helpers.js';
import { buyer, payWithCard, postCheckout, tokenFrom } from './checkout-helpers.js';

export async function organizationIdOf(db: Database, slug: string): Promise<string> {
  const [row] = await db.select({ id: organization.id }).from(organization).where(eq(organization.slug, slug));
  return row!.id;
}

/** A fan pays for `quantity` tickets of the event's first ticket type. */
export async function fanBuys(
  app: FastifyInstance,
  host: string,
  event: { id: string; ticket_types: Array<{ id: string }> },
  fan: { email: string; first_name?: string; consent: boolean; quantity?: number },
) {
  const started = await postCheckout(app, host, event.id, {
    ...buyer,
    email: fan.email,
    first_name: fan.first_name ?? buyer.first_name,
    [`qty_${event.ticket_types[0]!.id}`]: String(fan.quantity ?? 1),
    ...(fan.consent ? { marketing_consent: 'yes' } : {}),
  });
  if (started.statusCode !== 303)
    throw new Error(`checkout failed: ${started.statusCode} ${started.body.slice(0, 200)}`);
  const paid = await payWithCard(app, host, tokenFrom(started.headers.location));
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode}`);
}

export const crmCall = (
  app: FastifyInstance,
  user: SignedInUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) =>
  app.inject({
    method,
    url: `/api/integrations/crm${path}`,
    headers: asBrowser(user),
    ...(payload ? { payload } : {}),
  });

/** Runs the due sync jobs as the worker would (a failed one is failed, to be retried with back-off). */
export async function runSyncJobs(app: FastifyInstance) {
  let ran = 0;
  for (let round = 0; round < 5; round += 1) {
    const count = await app.jobs.runDue(QUEUES.crmSync, app.crmSync.handlers[QUEUES.crmSync], 10);
    ran += count;
    if (count === 0) break;
  }
  return ran;
}

/** Sync now, then the job. */
export async function syncNow(app: FastifyInstance, user: SignedInUser, provider: 'mailchimp' | 'hubspot') {
  const queued = await crmCall(app, user, 'POST', `/${provider}/sync`);
  if (queued.statusCode !== 202) throw new Error(`sync now failed: ${queued.statusCode} ${queued.body}`);
  return runSyncJobs(app);
}
