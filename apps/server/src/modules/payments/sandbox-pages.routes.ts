// The sandbox provider's hosted pages on the app host: onboarding (/sandbox/connect/onboard, reached through an
// account link), the "express dashboard" (/sandbox/connect/dashboard, through a login link) and checkout
// (/sandbox/checkout/:id). Each page says plainly that it is a sandbox. Completing onboarding or paying delivers
// a signed webhook (account.updated, checkout.session.completed) through the same receiveWebhook() the Stripe
// endpoint uses.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY, isCurrencyCode } from '@marquee/shared';
import type { SandboxCheckoutRecord, SandboxLink, SandboxPaymentsProvider } from '../../adapters/payments/sandbox.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { member, organizationSettings } from '../../db/schema/index.js';
import { getRequestAuth } from '../auth/auth.guard.js';
import { receiveWebhook } from './payments.service.js';
import type { CheckoutNotifier } from '../checkout/notifier.js';
import { QUEUES, type JobQueue } from '../../jobs/queue.js';
import { deliverSandboxEvent, type SandboxDeliveryJob } from './sandbox-delivery.js';
import {
  declineCode,
  emptyForm,
  formFrom,
  validateCardForm,
  validateOnboardingForm,
  type CardForm,
} from './sandbox-forms.js';
import { renderOnboardingPage } from './sandbox-onboarding-page.js';
import { renderCheckoutPage, renderDashboardPage, renderMessagePage } from './sandbox-pages.js';

// The date check lived here before the forms moved to sandbox-forms.ts; its tests import it from here.
export { isoDateOfBirth } from './sandbox-forms.js';

export interface SandboxPagesDeps {
  config: Config;
  db: Database;
  payments: SandboxPaymentsProvider;
  notifier?: CheckoutNotifier;
  jobs: JobQueue;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  // The address carries a bearer-like token: never cache it, never leak it in a Referer.
  return reply
    .status(status)
    .headers({ 'cache-control': 'no-store', 'referrer-policy': 'same-origin', 'x-robots-tag': 'noindex' })
    .type('text/html; charset=utf-8')
    .send(html);
}

function messagePage(reply: FastifyReply, status: number, title: string, text: string) {
  return sendPage(reply, status, renderMessagePage(title, text));
}

/** The page's form posts here and is then redirected to the organiser's storefront: allow that origin too. */
function allowFormRedirects(reply: FastifyReply, urls: string[]) {
  const current = reply.getHeader('content-security-policy');
  if (typeof current !== 'string') return;
  const origins = [...new Set(urls.map((url) => new URL(url).origin))].join(' ');
  reply.header('content-security-policy', current.replace("form-action 'self'", `form-action 'self' ${origins}`));
}

const successUrlFor = (session: SandboxCheckoutRecord) =>
  session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);

export async function sandboxPagesRoutes(app: FastifyInstance, deps: SandboxPagesDeps) {
  const { db, payments } = deps;
  const sandbox = payments.sandbox;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /**
   * The link from the address, checked: forged or malformed -> 404 page; for someone signed in to a different
   * organisation -> 403 page. (With no session the signed link itself is the permission, as with Stripe.)
   */
  async function linkFrom(request: FastifyRequest, reply: FastifyReply, kind: SandboxLink['kind']) {
    const token = (request.query as { token?: unknown }).token;
    const link = typeof token === 'string' ? sandbox.readLink(token) : null;
    if (!link || link.kind !== kind) {
      await messagePage(
        reply,
        404,
        'Link not valid',
        'This link is not valid. Start again from Billing in your Marquee dashboard.',
      );
      return null;
    }
    const auth = await getRequestAuth(request);
    if (auth) {
      const [membership] = await db
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.userId, auth.userId), eq(member.organizationId, link.organizationId)))
        .limit(1);
      if (!membership) {
        await messagePage(
          reply,
          403,
          'Not your organisation',
          'This link belongs to another organisation’s payout account.',
        );
        return null;
      }
    }
    const account = await sandbox.getAccount(link.accountId);
    if (!account || account.organizationId !== link.organizationId) {
      await messagePage(reply, 404, 'Link not valid', 'This payout account no longer exists.');
      return null;
    }
    return { link, token: token as string, account };
  }

  /** An expired or already-used onboarding link sends the browser back to refresh_url, as Stripe does. */
  function isSpent(link: SandboxLink, linksValidAfter: Date | null) {
    return link.expiresAt <= Date.now() || (linksValidAfter !== null && link.issuedAt < linksValidAfter.getTime());
  }

  app.get('/sandbox/connect/onboard', async (request, reply) => {
    const found = await linkFrom(request, reply, 'onboard');
    if (!found) return reply;
    if (isSpent(found.link, found.account.linksValidAfter) && found.link.refreshUrl)
      return reply.redirect(found.link.refreshUrl, 303);
    const form = emptyForm();
    form.business_name = found.account.businessName ?? '';
    const action = `/sandbox/connect/onboard?token=${encodeURIComponent(found.token)}`;
    return sendPage(reply, 200, renderOnboardingPage({ action, accountId: found.account.id, form, errors: {} }));
  });

  app.post('/sandbox/connect/onboard', async (request, reply) => {
    const found = await linkFrom(request, reply, 'onboard');
    if (!found) return reply;
    const { link, account } = found;
    if (isSpent(link, account.linksValidAfter) && link.refreshUrl) return reply.redirect(link.refreshUrl, 303);

    const form = formFrom(request.body);
    const { errors, details } = validateOnboardingForm(form);
    if (!details) {
      const action = `/sandbox/connect/onboard?token=${encodeURIComponent(found.token)}`;
      return sendPage(reply, 422, renderOnboardingPage({ action, accountId: account.id, form, errors }));
    }

    await sandbox.completeOnboarding(account.id, details);
    // Tell the platform, exactly as Stripe would: a signed account.updated event through the webhook handler.
    const event = {
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      account: account.id,
      data: { object: await sandbox.accountObject(account.id) },
    };
    const payload = JSON.stringify(event);
    await receiveWebhook(
      { db, payments, notifier: deps.notifier, log: request.log },
      payload,
      sandbox.signWebhookPayload(payload),
    );
    return reply.redirect(link.returnUrl ?? `${deps.config.appUrl}/dashboard/billing?setup=complete`, 303);
  });

  app.get('/sandbox/connect/dashboard', async (request, reply) => {
    const found = await linkFrom(request, reply, 'dashboard');
    if (!found) return reply;
    const { link, account } = found;
    if (link.expiresAt <= Date.now()) {
      return messagePage(
        reply,
        410,
        'Link expired',
        'This dashboard link has expired. Open it again from Billing in your Marquee dashboard.',
      );
    }
    const [settings] = await db
      .select({ currency: organizationSettings.defaultCurrency })
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, account.organizationId))
      .limit(1);
    const currency = settings && isCurrencyCode(settings.currency) ? settings.currency : DEFAULT_CURRENCY;
    const billingUrl = `${deps.config.appUrl}/dashboard/billing`;
    // What the account holds in its currency, settling or available: sales less our fee, the sandbox's and refunds.
    const held = await deps.payments.retrieveBalance(account.id);
    const balance = [...held.available, ...held.pending]
      .filter((entry) => entry.currency.toUpperCase() === currency)
      .reduce((total, entry) => total + entry.amount, 0);
    return sendPage(reply, 200, renderDashboardPage({ account, currency, balance, billingUrl }));
  });

  async function openSession(request: FastifyRequest, reply: FastifyReply) {
    const { id } = request.params as { id: string };
    const session = /^cs_sandbox_[0-9a-f]{32}$/.test(id) ? await sandbox.getCheckoutSession(id) : null;
    if (!session) {
      await messagePage(reply, 404, 'Checkout not found', 'This checkout does not exist.');
      return null;
    }
    if (session.status === 'complete') {
      await reply.redirect(successUrlFor(session), 303);
      return null;
    }
    if (session.status !== 'open' || session.expiresAt.getTime() <= Date.now()) {
      allowFormRedirects(reply, [session.cancelUrl]);
      const back = { href: session.cancelUrl, label: 'Go back' };
      await sendPage(reply, 410, renderMessagePage('Checkout expired', 'This checkout has expired.', back));
      return null;
    }
    allowFormRedirects(reply, [session.successUrl, session.cancelUrl]);
    return session;
  }

  app.get('/sandbox/checkout/:id', async (request, reply) => {
    const session = await openSession(request, reply);
    if (!session) return reply;
    const empty = { card_number: '', card_expiry: '', card_cvc: '', card_name: '' };
    return sendPage(reply, 200, renderCheckoutPage(session, empty, {}));
  });

  app.post('/sandbox/checkout/:id', async (request, reply) => {
    const session = await openSession(request, reply);
    if (!session) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
    const form: CardForm = {
      card_number: text('card_number'),
      card_expiry: text('card_expiry'),
      card_cvc: text('card_cvc'),
      card_name: text('card_name'),
    };
    const errors = validateCardForm(form);
    if (errors.card && Object.keys(errors).length === 1) {
      // A declined card goes back to the merchant's page (as a fan would press Back on Stripe's page), which
      // keeps the hold and says why; the reason travels as a fixed code, never as free text.
      const back = new URL(session.cancelUrl);
      back.searchParams.set('payment', 'declined');
      back.searchParams.set('reason', declineCode(errors.card));
      return reply.redirect(back.toString(), 303);
    }
    if (Object.keys(errors).length > 0) return sendPage(reply, 402, renderCheckoutPage(session, form, errors));

    // The payment and the job that delivers its webhook commit together (sandbox-delivery.ts).
    const taken = await db.transaction(async (tx) => {
      const row = await sandbox.completeCheckout(session.id, tx as unknown as Database);
      if (!row) return null;
      const event = {
        id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        account: row.accountId,
        data: { object: sandbox.checkoutSessionObject(row) },
      };
      const job: SandboxDeliveryJob = { payload: JSON.stringify(event) };
      return { paid: row, job, jobId: await deps.jobs.send(QUEUES.sandboxWebhook, job, tx) };
    });
    if (!taken) return reply.redirect(`/sandbox/checkout/${session.id}`, 303);
    const { paid, job, jobId } = taken;
    await deliverSandboxEvent({ db, payments, notifier: deps.notifier, log: request.log }, job.payload);
    // Delivered: the queued copy is no longer needed (if a worker already took it, its delivery is a no-op).
    if (jobId) await deps.jobs.cancel(QUEUES.sandboxWebhook, jobId);
    return reply.redirect(successUrlFor(paid), 303);
  });
}
