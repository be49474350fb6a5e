// The sandbox's hosted subscription page (/sandbox/subscribe/:id) on the app host, registered only with the
// sandbox provider. Paying takes the first month and, in the same transaction, queues its webhooks (the
// checkout, the first invoice), which are then delivered at once; the browser goes back to Billing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxPaymentsProvider } from '../../adapters/payments/sandbox.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { validateCardForm, type CardForm } from '../payments/sandbox-forms.js';
import { renderMessagePage } from '../payments/sandbox-pages.js';
import type { PlanWebhookDeps } from './plan-webhook.js';
import { deliverNow, firstPaymentEvents, queueSandboxEvents } from './sandbox-billing.js';
import { renderSubscribePage } from './sandbox-subscribe-page.js';

export interface SandboxSubscribeDeps extends PlanWebhookDeps {
  payments: SandboxPaymentsProvider;
  jobs: JobQueue;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .headers({ 'cache-control': 'no-store', 'referrer-policy': 'same-origin', 'x-robots-tag': 'noindex' })
    .type('text/html; charset=utf-8')
    .send(html);
}

export async function sandboxSubscribeRoutes(app: FastifyInstance, deps: SandboxSubscribeDeps) {
  const { subscriptions } = deps.payments;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function openSubscription(request: FastifyRequest, reply: FastifyReply) {
    const { id } = request.params as { id: string };
    const row = /^sub_sandbox_[0-9a-f]{24}$/.test(id) ? await subscriptions.get(id) : null;
    if (!row) {
      await sendPage(reply, 404, renderMessagePage('Subscription not found', 'This subscription page does not exist.'));
      return null;
    }
    if (row.status !== 'incomplete') {
      await reply.redirect(row.successUrl, 303);
      return null;
    }
    if (row.checkoutExpiresAt.getTime() <= Date.now()) {
      const back = { href: row.cancelUrl, label: 'Back to Billing' };
      await sendPage(reply, 410, renderMessagePage('Page expired', 'This subscription page has expired.', back));
      return null;
    }
    return row;
  }

  app.get('/sandbox/subscribe/:id', async (request, reply) => {
    const row = await openSubscription(request, reply);
    if (!row) return reply;
    const empty = { card_number: '', card_expiry: '', card_cvc: '', card_name: '' };
    return sendPage(reply, 200, renderSubscribePage(row, empty, {}));
  });

  app.post('/sandbox/subscribe/:id', async (request, reply) => {
    const row = await openSubscription(request, reply);
    if (!row) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim().slice(0, 100) : '');
    const form: CardForm = {
      card_number: text('card_number'),
      card_expiry: text('card_expiry'),
      card_cvc: text('card_cvc'),
      card_name: text('card_name'),
    };
    const errors = validateCardForm(form);
    if (Object.keys(errors).length > 0) return sendPage(reply, 402, renderSubscribePage(row, form, errors));

    const queued = await deps.db.transaction(async (tx) => {
      const paid = await subscriptions.activate(row.id, tx as unknown as Database);
      if (!paid) return null;
      return queueSandboxEvents(deps.jobs, tx as unknown as Database, firstPaymentEvents(deps.payments, paid));
    });
    if (!queued) return reply.redirect(`/sandbox/subscribe/${row.id}`, 303);
    await deliverNow({ ...deps, log: request.log }, queued);
    return reply.redirect(row.successUrl, 303);
  });
}
