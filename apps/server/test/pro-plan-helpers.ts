// The PRO plan as an owner goes through it on the sandbox, for API tests: subscribe, pay on the sandbox's hosted
// page (which delivers its webhooks), read the plan and its invoices.
import type { FastifyInstance } from 'fastify';
import { asBrowser } from './auth-helpers.js';

export const TEST_CARD = {
  card_number: '4242 4242 4242 4242',
  card_expiry: '12 / 34',
  card_cvc: '123',
  card_name: 'Owner',
};

export const planOf = async (app: FastifyInstance, user: { cookie: string }) =>
  (await app.inject({ method: 'GET', url: '/api/billing/plan', headers: asBrowser(user) })).json();

export const invoicesOf = async (app: FastifyInstance, user: { cookie: string }) =>
  (await app.inject({ method: 'GET', url: '/api/billing/plan/invoices', headers: asBrowser(user) })).json()
    .invoices as Array<Record<string, unknown>>;

export const planPost = (app: FastifyInstance, user: { cookie: string }, action: 'subscribe' | 'cancel' | 'resume') =>
  app.inject({ method: 'POST', url: `/api/billing/plan/${action}`, headers: asBrowser(user) });

/** The hosted page's form as the browser posts it. */
export const paySubscription = (app: FastifyInstance, path: string, card: Record<string, string> = TEST_CARD) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
  });

/** Subscribes through the sandbox's page; returns the page's path. */
export async function subscribeWithSandbox(app: FastifyInstance, user: { cookie: string }) {
  const started = await planPost(app, user, 'subscribe');
  if (started.statusCode !== 200) throw new Error(`subscribe failed: ${started.statusCode} ${started.body}`);
  const path = new URL(started.json().url as string).pathname;
  const paid = await paySubscription(app, path);
  if (paid.statusCode !== 303) throw new Error(`pay failed: ${paid.statusCode}`);
  return { path, subscriptionId: path.split('/').pop()! };
}
