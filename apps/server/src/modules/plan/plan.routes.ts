// The PRO plan's API (decision 149): what the organisation's plan is now and what PRO costs. Subscribing,
// cancelling and the plan's invoices are in Billing (the owner's); reading the plan is for owners and admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { planAccess } from './plan-access.js';
import { proPrice } from './plan-price.js';

const planSchema = z.object({
  pro: z.boolean(),
  status: z.enum(['none', 'active', 'past_due', 'ended']),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  price: z.object({ amount: z.number().int(), currency: z.string(), interval: z.literal('month') }),
});

export function planRoutes(app: FastifyInstance, config: Config) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/billing/plan', { schema: { response: { 200: planSchema } } }, async (request) => {
    const { organizationId } = await requireOrganization(request);
    const access = await planAccess(app.db, organizationId);
    return {
      pro: access.pro,
      status: access.status,
      current_period_end: access.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: access.cancelAtPeriodEnd,
      price: { ...proPrice(config), interval: 'month' as const },
    };
  });
}
