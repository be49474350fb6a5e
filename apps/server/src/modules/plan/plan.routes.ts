// The PRO plan's API (decision 149): what the organisation's plan is now and what PRO costs (owners and admins);
// subscribing, cancelling, resuming and the invoices are in Billing, the owner's; the providers' subscription
// webhooks (raw body, their own secret) and, with the sandbox, its hosted subscription page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import { isSandboxPayments } from '../../adapters/payments/sandbox.js';
import type { Config } from '../../config.js';
import { organization } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { planAccess } from './plan-access.js';
import { renderPlanInvoicePdf } from './plan-invoice-pdf.js';
import { proPrice } from './plan-price.js';
import { receivePlanWebhook } from './plan-webhook.js';
import {
  cancelSubscription,
  getInvoice,
  listInvoices,
  resumeSubscription,
  startSubscription,
  type PlanServiceDeps,
} from './plan.service.js';
import { sandboxSubscribeRoutes } from './sandbox-subscribe.routes.js';

/** Subscribing and the plan's invoices are the owner's, as payouts and billing are (decision 030). */
const OWNER_ONLY = { roles: ['owner'] } as const;

const planSchema = z.object({
  pro: z.boolean(),
  status: z.enum(['none', 'active', 'past_due', 'ended']),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  price: z.object({ amount: z.number().int(), currency: z.string(), interval: z.literal('month') }),
});

const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  issued_at: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'failed']),
  pdf_url: z.string(),
});

export interface PlanRoutesDeps {
  config: Config;
  payments: PaymentsProvider;
  jobs: JobQueue;
}

export async function planRoutes(app: FastifyInstance, deps: PlanRoutesDeps) {
  const { config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service: PlanServiceDeps = {
    db: app.db,
    payments: deps.payments,
    jobs: deps.jobs,
    price: proPrice(config),
    appUrl: config.appUrl,
  };

  async function planOf(organizationId: string) {
    const access = await planAccess(app.db, organizationId);
    return {
      pro: access.pro,
      status: access.status,
      current_period_end: access.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: access.cancelAtPeriodEnd,
      price: { ...proPrice(config), interval: 'month' as const },
    };
  }

  api.get('/api/billing/plan', { schema: { response: { 200: planSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request);
    return planOf(organizationId);
  });

  api.post(
    '/api/billing/plan/subscribe',
    { schema: { response: { 200: z.object({ url: z.string() }) } } },
    async (request) => {
      const auth = await requireOrganization(request, OWNER_ONLY);
      return startSubscription({ ...service, log: request.log }, auth);
    },
  );

  api.post('/api/billing/plan/cancel', { schema: { response: { 200: planSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request, OWNER_ONLY);
    await cancelSubscription({ ...service, log: request.log }, organizationId);
    return planOf(organizationId);
  });

  api.post('/api/billing/plan/resume', { schema: { response: { 200: planSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request, OWNER_ONLY);
    await resumeSubscription({ ...service, log: request.log }, organizationId);
    return planOf(organizationId);
  });

  api.get(
    '/api/billing/plan/invoices',
    { schema: { response: { 200: z.object({ invoices: z.array(invoiceSchema) }) } } },
    async (request) => {
      const { organizationId } = await requireOrganization(request, OWNER_ONLY);
      const rows = await listInvoices(app.db, organizationId);
      return {
        invoices: rows.map((row) => ({
          id: row.id,
          number: row.number,
          issued_at: row.issuedAt.toISOString(),
          period_start: row.periodStart.toISOString(),
          period_end: row.periodEnd.toISOString(),
          amount: row.amount,
          currency: row.currency,
          status: row.status,
          pdf_url: `/api/billing/plan/invoices/${row.id}/pdf`,
        })),
      };
    },
  );

  api.get(
    '/api/billing/plan/invoices/:id/pdf',
    { schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const { organizationId } = await requireOrganization(request, OWNER_ONLY);
      const invoice = await getInvoice(app.db, organizationId, request.params.id);
      const [org] = await app.db
        .select({ name: organization.name })
        .from(organization)
        .where(eq(organization.id, organizationId))
        .limit(1);
      const pdf = await renderPlanInvoicePdf(invoice, { organizationName: org?.name ?? '' });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="marquee-${invoice.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  // Stripe Billing's platform events (its own endpoint and secret): the signature covers the raw bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/webhooks/stripe-billing',
        { schema: { response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const outcome = await receivePlanWebhook(
            { ...service, log: request.log },
            body,
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true as const, duplicate: outcome.duplicate };
        },
      );
  });

  if (isSandboxPayments(deps.payments)) {
    await app.register(sandboxSubscribeRoutes, { ...service, payments: deps.payments });
  }
}
