// Helpers for the after-sale tests (refunds, requests, transfers): the organiser's API calls, the fan's order
// page forms, and running the after-sale jobs as the worker would.
import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../src/jobs/queue.js';
import { afterSaleJobHandlers } from '../src/modules/refunds/after-sale.jobs.js';
import { asBrowser, type SignedInUser } from './auth-helpers.js';
import { form } from './checkout-helpers.js';

export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export const refundRequest = (app: FastifyInstance, user: SignedInUser, orderId: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    headers: { ...asBrowser(user), 'user-agent': CHROME_MAC },
    payload: payload as object,
  });

export const decide = (
  app: FastifyInstance,
  user: SignedInUser,
  orderId: string,
  requestId: string,
  payload: unknown,
) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refund-requests/${requestId}`,
    headers: { ...asBrowser(user), 'user-agent': CHROME_MAC },
    payload: payload as object,
  });

export const orderDetail = async (app: FastifyInstance, user: SignedInUser, orderId: string) =>
  (await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: user.cookie } })).json();

/** Posts one of the order page's forms as the fan's phone would. */
export const fanPost = (app: FastifyInstance, host: string, path: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: {
      host,
      origin: `http://${host}`,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': SAFARI_IPHONE,
    },
    payload: form(fields),
  });

export const orderPage = (app: FastifyInstance, host: string, token: string) =>
  app.inject({ method: 'GET', url: `/orders/${token}`, headers: { host } });

/** Runs the due refund and mail jobs of the after-sale queues, as the worker would, until none are left. */
export async function runAfterSaleJobs(app: FastifyInstance) {
  const handlers = afterSaleJobHandlers(app.afterSale);
  for (let round = 0; round < 10; round += 1) {
    const ran =
      (await app.jobs.runDue(QUEUES.orderRefund, handlers[QUEUES.orderRefund], 20)) +
      (await app.jobs.runDue(QUEUES.afterSaleMail, handlers[QUEUES.afterSaleMail], 20));
    if (ran === 0) return;
  }
}
