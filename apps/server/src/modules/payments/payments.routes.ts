// Payments API (spec section 7): connect-account and login links, billing stats, and the Stripe webhook
// (raw body, signature checked). The sandbox's hosted pages are registered only when the sandbox is in use.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CURRENCY_CODES } from '@marquee/shared';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import { isSandboxPayments } from '../../adapters/payments/sandbox.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { createConnectAccountLink, createDashboardLink, getBillingStats, receiveWebhook } from './payments.service.js';
import type { JobQueue } from '../../jobs/queue.js';
import { sandboxPagesRoutes } from './sandbox-pages.routes.js';
import { ordersTotalsFromSales } from '../checkout/orders-totals.js';
import type { CheckoutNotifier } from '../checkout/notifier.js';

/** Payouts and billing are the owner's (decision 030). */
const OWNER_ONLY = { roles: ['owner'] } as const;

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsProvider;
  }
}

export interface PaymentsRoutesDeps {
  config: Config;
  db: Database;
  payments: PaymentsProvider;
  /** Runs what a paid or unfulfilled checkout needs after the webhook's transaction (e-mails, refunds). */
  notifier?: CheckoutNotifier;
  /** The durable queue (the sandbox's webhook deliveries). */
  jobs: JobQueue;
}

/** An http(s) URL on the app's own origin: onboarding may only send the browser back to us. */
export function appUrlSchema(appUrl: string) {
  const origin = new URL(appUrl).origin;
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'http:' || url.protocol === 'https:') &&
            url.origin === origin &&
            !url.username &&
            !url.password
          );
        } catch {
          return false;
        }
      },
      { message: `Must be an address on ${origin}` },
    );
}

const amountSchema = z.object({ amount: z.number().int(), currency: z.enum(CURRENCY_CODES), trend: z.number() });

export const billingStatsResponseSchema = z.object({
  metrics: z.object({
    total_revenue: amountSchema,
    pending_payouts: amountSchema,
    completed_payouts: amountSchema.extend({ count: z.number().int() }),
    platform_fees: amountSchema,
    /** The part of the platform fees the organiser paid on events where they absorb the fee (decision 135). */
    absorbed_fees: amountSchema,
  }),
  payout_details: z.object({
    schedule: z.object({ interval: z.string(), day: z.string().nullable() }),
    next_payout: z
      .object({ arrival_date: z.number().int().nullable(), amount: z.number().int(), currency: z.enum(CURRENCY_CODES) })
      .nullable(),
    bank_account: z.object({ last4: z.string(), bank_name: z.string().nullable() }).nullable(),
    stripe_account_id: z.string().nullable(),
  }),
});

export async function paymentsRoutes(app: FastifyInstance, deps: PaymentsRoutesDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = { db: deps.db, payments: deps.payments };
  const appUrl = appUrlSchema(deps.config.appUrl);

  api.post(
    '/api/stripe/create-connect-account',
    {
      schema: {
        body: z.object({ refresh_url: appUrl, return_url: appUrl }),
        response: { 200: z.object({ account_link_url: z.string() }) },
      },
    },
    async (request) => {
      const auth = await requireOrganization(request, OWNER_ONLY);
      return createConnectAccountLink(service, auth, {
        refreshUrl: request.body.refresh_url,
        returnUrl: request.body.return_url,
      });
    },
  );

  api.post(
    '/api/stripe/create-login-link',
    { schema: { response: { 200: z.object({ url: z.string() }) } } },
    async (request) => {
      const auth = await requireOrganization(request, OWNER_ONLY);
      return createDashboardLink(service, auth.organizationId);
    },
  );

  api.get('/api/billing/stats', { schema: { response: { 200: billingStatsResponseSchema } } }, async (request) => {
    const auth = await requireOrganization(request, OWNER_ONLY);
    return getBillingStats({ ...service, ordersTotals: ordersTotalsFromSales }, auth.organizationId);
  });

  // The signature covers the exact bytes Stripe sent, so this route (and only this one) keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/webhooks/stripe',
        { schema: { response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const outcome = await receiveWebhook(
            { ...service, notifier: deps.notifier, log: request.log },
            body,
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true as const, duplicate: outcome.duplicate };
        },
      );
  });

  if (isSandboxPayments(deps.payments)) {
    await app.register(sandboxPagesRoutes, {
      config: deps.config,
      db: deps.db,
      payments: deps.payments,
      notifier: deps.notifier,
      jobs: deps.jobs,
    });
  }
}

/** Decorates app.payments and registers the payments routes. */
export async function registerPayments(app: FastifyInstance, deps: PaymentsRoutesDeps): Promise<void> {
  app.decorate('payments', deps.payments);
  await paymentsRoutes(app, deps);
}
