// The organiser's refunds API (decision 032): refund an order's tickets and/or an amount, and answer a fan's
// refund request. Owner or admin of the order's organisation (another organisation's order is a 404); Origin is
// checked by the plugin. Each answers with the order's detail as it now is; the provider's refund and the fan's
// e-mail run right after the commit (and by the worker's retries when that fails).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderDetailSchema, refundDecisionSchema, refundInputSchema } from '@marquee/shared';
import { AppError } from '../../lib/errors.js';
import { deviceOf } from '../audit/audit.js';
import { requireOrganization } from '../auth/auth.guard.js';
import { getOrder } from '../orders/orders.service.js';
import type { AfterSale } from './after-sale.jobs.js';
import { decideRefundRequest, refundOrder } from './refunds.service.js';

const MANAGERS = new Set(['owner', 'admin']);

export function refundRoutes(app: FastifyInstance, deps: { afterSale: AfterSale }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  async function manager(request: Parameters<typeof requireOrganization>[0]) {
    const auth = await requireOrganization(request);
    if (!MANAGERS.has(auth.role)) throw new AppError('FORBIDDEN', 'Only an owner or admin can refund orders');
    return { organizationId: auth.organizationId, userId: auth.userId, device: deviceOf(request) };
  }

  /** Runs the refund and mail jobs just queued; a failure is left to the worker's retries. */
  async function afterCommit() {
    try {
      await deps.afterSale.deliverQueued();
    } catch (error) {
      app.log.warn({ err: error }, 'after-sale jobs left to the worker');
    }
  }

  api.post(
    '/api/orders/:orderId/refunds',
    {
      schema: {
        params: z.object({ orderId: z.string().max(64) }),
        body: refundInputSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) => {
      const who = await manager(request);
      await refundOrder(db, app.jobs, who, request.params.orderId, request.body);
      await afterCommit();
      return getOrder(db, who.organizationId, request.params.orderId);
    },
  );

  api.post(
    '/api/orders/:orderId/refund-requests/:requestId',
    {
      schema: {
        params: z.object({ orderId: z.string().max(64), requestId: z.string().max(64) }),
        body: refundDecisionSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) => {
      const who = await manager(request);
      await decideRefundRequest(db, app.jobs, who, request.params.orderId, request.params.requestId, request.body);
      await afterCommit();
      return getOrder(db, who.organizationId, request.params.orderId);
    },
  );
}
