// Development only (never registered in production): POST /api/dev/pro gives the signed-in owner's organisation a
// month of sandbox PRO, from this machine only, so the browser tests of PRO features (the embeddable checkout,
// decision 153) start from PRO without going through Billing's subscription. Billing's own tests subscribe.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { organizationPlan } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isLoopbackAddress } from '../../lib/loopback.js';
import { requireOrganization } from '../auth/auth.guard.js';

export function devProRoutes(app: FastifyInstance, db: Database) {
  app.post('/api/dev/pro', async (request) => {
    if (!isLoopbackAddress(request.ip)) throw notFound();
    const { organizationId } = await requireOrganization(request, { roles: ['owner'] });
    const start = new Date();
    const end = new Date(start.getTime() + 30 * 86_400_000);
    await db
      .insert(organizationPlan)
      .values({
        organizationId,
        status: 'active',
        provider: 'sandbox',
        currentPeriodStart: start,
        currentPeriodEnd: end,
      })
      .onConflictDoUpdate({
        target: organizationPlan.organizationId,
        set: { status: 'active', currentPeriodEnd: end, endedAt: null },
      });
    return { pro: true, current_period_end: end.toISOString() };
  });
}
