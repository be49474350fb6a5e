// The storefront (an organisation's public pages on its subdomain or verified custom domain): the one place that
// registers its route files. Route files share what they need through respond.ts and the page helpers, never
// through each other.
import type { FastifyInstance } from 'fastify';
import { afterSaleRoutes } from './after-sale.routes.js';
import { checkoutSummaryRoutes } from './checkout-summary.routes.js';
import { checkoutRoutes, type CheckoutRoutesDeps } from './checkout.routes.js';
import { embedRoutes } from './embed.routes.js';
import { EMBED_BASE } from './embed-layout.js';
import { eventCalendarRoutes } from './event-calendar.routes.js';
import { fontRoutes } from './fonts.js';
import { homeRoutes } from './home.routes.js';
import { orderPageRoutes } from './order-page.routes.js';
import { orderDetailsRoutes } from './order-details.routes.js';
import { receiptRoutes } from './receipt.routes.js';
import { queueRoutes } from './queue.routes.js';
import { resaleRoutes } from './resale.routes.js';
import { acceptForms } from './respond.js';
import { waitlistRoutes } from './waitlist.routes.js';

export type StorefrontDeps = CheckoutRoutesDeps;

export function registerStorefront(app: FastifyInstance, deps: StorefrontDeps) {
  // The checkout steps of admitted fans, marked by their routes, are timed to the end of their answer: the
  // adaptive admission's measure (decision 148). Other requests are not marked and cost a WeakMap look-up.
  app.addHook('onResponse', (request, reply, done) => {
    deps.queue.pace.finish(request, reply.elapsedTime);
    done();
  });
  homeRoutes(app, deps);
  fontRoutes(app);
  checkoutRoutes(app, deps);
  // The embeddable checkout (decision 153): its guard and script, and the checkout's pages again under /embed,
  // where they render the compact frame and keep the fan's next steps in it until the Pay step.
  embedRoutes(app, deps);
  app.register(
    async (scope) => {
      checkoutRoutes(scope, deps);
      checkoutSummaryRoutes(scope, deps);
    },
    { prefix: EMBED_BASE },
  );
  queueRoutes(app, {
    db: deps.db,
    gate: deps.queue,
    powBits: deps.queuePowBits,
    rateLimitMultiplier: deps.rateLimitMultiplier,
    appUrl: deps.appUrl,
  });
  eventCalendarRoutes(app, deps);
  checkoutSummaryRoutes(app, deps);
  // The order page's forms (refund, transfer, resale) and the waiting list's are plain HTML posts.
  app.register(async (scope) => {
    acceptForms(scope);
    orderPageRoutes(scope, deps);
    orderDetailsRoutes(scope, deps);
    receiptRoutes(scope, deps);
    afterSaleRoutes(scope, deps);
    resaleRoutes(scope, deps);
    waitlistRoutes(scope, deps);
  });
}
