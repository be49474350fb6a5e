// buildApp(options) assembles the whole server without listening, so tests can drive it with app.inject.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { createAuth, type Auth } from './modules/auth/auth.js';
import { requireUserOutsideDoor } from './modules/auth/auth.guard.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { isOriginForm, REQUEST_TARGET_MESSAGE } from './modules/auth/auth-paths.js';
import { AppError } from './lib/errors.js';
import { organizationRoutes } from './modules/organizations/organizations.routes.js';
import { domainRoutes } from './modules/domains/domains.routes.js';
import type { DomainProvider } from './adapters/domains/domains.js';
import { eventRoutes } from './modules/events/events.routes.js';
import { ticketTypeRoutes } from './modules/ticket-types/ticket-types.routes.js';
import { quotaRoutes } from './modules/quotas/quotas.routes.js';
import { addOnRoutes } from './modules/add-ons/add-ons.routes.js';
import { bookingFeeRoutes } from './modules/events/events.booking-fee.js';
import { vatRoutes } from './modules/vat/vat.routes.js';
import { questionRoutes } from './modules/questions/questions.routes.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { customerRoutes } from './modules/customers/customers.routes.js';
import { teamRoutes } from './modules/team/team.routes.js';
import { guidanceRoutes } from './modules/guidance/guidance.routes.js';
import { cancellationRoutes } from './modules/cancellations/cancellation.routes.js';
import { createAfterSale, type AfterSale } from './modules/refunds/after-sale.jobs.js';
import { createWaitlist, type Waitlist } from './modules/resale/waitlist.jobs.js';
import { waitlistApiRoutes } from './modules/resale/resale.routes.js';
import { refundRoutes } from './modules/refunds/refunds.routes.js';
import { codeRoutes } from './modules/codes/codes.routes.js';
import { queueApiRoutes } from './modules/queue/queue.routes.js';
import { createQueueGate, type QueueGate } from './storefront/queue-gate.js';
import { checkinRoutes } from './modules/checkin/checkin.routes.js';
import { compRoutes } from './modules/comps/comps.routes.js';
import { createHolderMessages, type HolderMessages } from './modules/holder-messages/holder-messages.jobs.js';
import { holderMessageRoutes } from './modules/holder-messages/holder-messages.routes.js';
import { assertCanSell } from './modules/payments/payments.service.js';
import type { AssertCanSell } from './modules/events/events.service.js';
import type { FileStorage } from './adapters/storage/storage.js';
import { classifyHost, type HostKind } from './lib/hosts.js';
import { errorEnvelope, errorHandlerPlugin } from './plugins/error-handler.js';
import { originCheckPlugin } from './plugins/origin-check.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerStagingBanner } from './plugins/staging-banner.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { publicConfigRoutes } from './modules/health/public-config.routes.js';
import { publicUploadRoutes, registerUploads } from './modules/uploads/uploads.routes.js';
import { registerStorefront } from './storefront/index.js';
import { artworkPreviews } from './modules/uploads/artwork-preview.js';
import { sendStorefrontError, sendStorefrontNotFound } from './storefront/respond.js';
import { PAGE_LOADER_CSP } from './storefront/page-loader.js';
import { createPageViewRecorder, type PageViewRecorder } from './modules/analytics/page-views.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { trackingLinkRoutes } from './modules/tracking-links/tracking-links.routes.js';
import { pixelRoutes } from './modules/tracking-links/pixels.routes.js';
import { registerStorefrontPixels } from './modules/tracking-links/storefront-pixels.js';
import { settlementRoutes } from './modules/reports/settlement.routes.js';
import { planRoutes } from './modules/plan/plan.routes.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { registerApiV1 } from './modules/api-v1/v1.plugin.js';
import { embedRoutes } from './modules/embed/embed.routes.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './modules/webhooks/dispatcher.js';
import type { WebhookSettings } from './modules/webhooks/webhooks.service.js';
import { crmRoutes } from './modules/crm/crm.routes.js';
import { createCrmSync, type CrmSync } from './modules/crm/crm.jobs.js';
import { createCrmSecrets } from './modules/crm/crm-secrets.js';
import type { Mailer } from './adapters/mail/mailer.js';
import { passwordResetCodeEmail, verificationCodeEmail } from './adapters/mail/templates.js';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.js';
import { devProRoutes } from './modules/plan/dev-pro.routes.js';
import type { PaymentsProvider } from './adapters/payments/payments.js';
import {
  crmEndpoints,
  createDomainProvider,
  createMailer,
  createPaymentsProvider,
  createStorage,
} from './adapters/compose.js';
import { registerPayments } from './modules/payments/payments.routes.js';
import { isSandboxPayments } from './adapters/payments/sandbox.js';
import { createTicketSigner, type TicketSigner } from './modules/checkout/ticket-qr.js';
import { createCheckoutNotifier } from './modules/checkout/notifications.js';
import type { CheckoutNotifier } from './modules/checkout/notifier.js';
import { requestIdFrom } from './lib/logging.js';
import { countMailSends, createMetrics, metricsRoutes, queueDepthMetrics, type AppMetrics } from './plugins/metrics.js';
import { createJobQueue, type JobQueue } from './jobs/queue.js';
import { createMailLane, type MailLane } from './jobs/mail-lane.js';

declare module 'fastify' {
  interface FastifyRequest {
    siteHost: HostKind;
  }
  interface FastifyInstance {
    mailer: Mailer;
    db: Database;
    auth: Auth;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
    checkout: { signer: TicketSigner; notifier: CheckoutNotifier };
    metrics: AppMetrics;
    /** The durable job queue; buildApp never starts it (server.ts does, or a test that wants a worker). */
    jobs: JobQueue;
    mailLane: MailLane;
    afterSale: AfterSale;
    waitlist: Waitlist;
    holderMessages: HolderMessages;
    /** The waiting room's gate (decision 034); tests refresh its snapshots. */
    queueGate: QueueGate;
    pageViews: PageViewRecorder;
    /** Webhook delivery (decision 152); buildApp never starts the dispatcher (server.ts does, or a test). */
    webhooks: { settings: WebhookSettings; dispatcher: WebhookDispatcher };
    /** Customer Sync (decision 155): its jobs' handlers and the connections' secrets. */
    crmSync: CrmSync;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built web app lives; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Defaults to SMTP when SMTP_URL is set, else the database outbox. A given mailer is closed by its owner. */
  mailer?: Mailer;
  /** Where uploaded files go; defaults to what the configuration selects (DATA_DIR/uploads or S3). */
  storage?: FileStorage;
  /** Defaults to Stripe when STRIPE_SECRET_KEY is set, else the database-backed sandbox. */
  payments?: PaymentsProvider;
  /** Custom-domain provider; defaults to Cloudflare when CLOUDFLARE_API_TOKEN is set, else DNS look-ups. */
  domains?: DomainProvider;
  /** Webhook delivery's address policy, time limit and name look-up (tests); production refuses private addresses. */
  webhooks?: Partial<WebhookSettings> & { perEndpoint?: number; pollMs?: number };
  /** The durable job queue on `database`; defaults to one with the standard retry policy. */
  jobs?: JobQueue;
  /** Throws AppError('PAYOUTS_NOT_ENABLED') when the organisation cannot sell; defaults to the payments rule. */
  assertCanSell?: AssertCanSell;
  /** Told of every route as it is added (the fuzz and tenant suites read the whole route table this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Storefront page-view counting (on by default; the benchmark compares off). */
  pageViews?: { enabled?: boolean; flushIntervalMs?: number };
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const hostNames = { appHost: new URL(config.appUrl).host, publicHost: config.publicHost };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // A URL Fastify cannot decode (e.g. /api/events/%ff) answers in the error envelope like everything else.
    // So does a path parameter longer than the router takes (maxParamLength); on a storefront host a page
    // address answers with the storefront's HTML error page.
    frameworkErrors: (error, request, reply) => {
      const [status, envelope] =
        error.code === 'FST_ERR_BAD_URL'
          ? [400, errorEnvelope('BAD_REQUEST', 'The URL is not valid')]
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? [400, errorEnvelope('BAD_REQUEST', 'A part of the URL is too long')]
            : [500, errorEnvelope('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.')];
      const onStorefront = classifyHost(String(request.headers.host ?? ''), hostNames).kind !== 'app';
      if (onStorefront && !request.url.startsWith('/api/'))
        return void sendStorefrontError(reply as FastifyReply, status);
      void (reply as FastifyReply).status(status).send(envelope);
    },
    // Fastify would take any x-request-id header as it is; requestIdFrom keeps only a short safe token.
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers),
    routerOptions: {
      ignoreTrailingSlash: true,
      constraints: {
        // Storefront routes only match on organisation hosts; unconstrained routes match everywhere.
        site: {
          name: 'site',
          storage() {
            const handlers = new Map<string, unknown>();
            return {
              get: (value: string) => (handlers.get(value) ?? null) as never,
              set: (value: string, store: unknown) => void handlers.set(value, store),
            };
          },
          deriveConstraint: (req: { headers: Record<string, string | string[] | undefined> }) =>
            classifyHost(String(req.headers.host ?? ''), hostNames).kind === 'app' ? 'app' : 'storefront',
          mustMatchWhenDerived: false,
          validate: () => true,
        },
      },
    },
  });

  const { onRoute } = options;
  app.addHook('onRoute', (route) => {
    // A route constrained to organisation hosts is a storefront page: its errors are HTML (see error-handler).
    if ((route.constraints as { site?: string } | undefined)?.site === 'storefront') {
      route.config = { ...route.config, storefrontPage: true };
    }
    onRoute?.(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('siteHost', null as never);
  // Hooks on every request take a callback rather than returning a promise: a few microseconds each, per request.
  app.addHook('onRequest', (request, reply, done) => {
    request.siteHost = classifyHost(request.headers.host, hostNames);
    reply.header('x-request-id', request.id);
    // An absolute-form target (`GET http://host/path`, meant for proxies) is routed by Fastify on its path while
    // request.url keeps the scheme and host: the auth mount's allow-list, log redaction and the API/page split read
    // request.url, so it would slip past each of them. No browser or proxy in front of us sends one.
    done(isOriginForm(request.url) ? undefined : new AppError('BAD_REQUEST', REQUEST_TARGET_MESSAGE));
  });

  await app.register(errorHandlerPlugin, { sendStorefrontError });
  await app.register(originCheckPlugin, { config });
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, {
    isProduction: config.isProduction,
    s3PublicUrl: config.raw.S3_PUBLIC_URL || undefined,
    inlineScripts: [PAGE_LOADER_CSP],
  });
  // Before compression: the staging banner goes into the page, then the page is compressed.
  if (config.paymentsSandboxInProduction) registerStagingBanner(app);
  // Ad pixels after the fan's consent (decision 156): into the page, then the page is compressed.
  registerStorefrontPixels(app, { db: database.db });
  await app.register(fastifyCompress, { threshold: 1024 });

  // Observability: request durations for every route below, GET /metrics (loopback or METRICS_TOKEN only).
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  metricsRoutes(app, { metrics, token: config.raw.METRICS_TOKEN });

  app.decorate('db', database.db);
  const mailer = countMailSends(options.mailer ?? createMailer(config, database.db), metrics);
  app.decorate('mailer', mailer);
  if (!options.mailer) app.addHook('onClose', async () => mailer.close?.());
  const auth = createAuth({
    config,
    db: database.db,
    log: app.log,
    sendCode: async ({ email, code, type }) => {
      const mail = type === 'forget-password' ? passwordResetCodeEmail({ code }) : verificationCodeEmail({ code });
      await app.mailer.send({ to: email, ...mail });
    },
  });
  app.decorate('auth', auth);

  healthRoutes(app, database);
  if (!config.isProduction) devMailRoutes(app, database.db, { open: config.devMailboxOpen });
  // The browser tests' way to PRO for PRO features (Billing's tests subscribe), outside production only.
  if (!config.isProduction) devProRoutes(app, database.db);
  await authRoutes(app, { auth, config });
  organizationRoutes(app, { config });
  domainRoutes(app, { config, provider: options.domains ?? createDomainProvider(config) });
  eventRoutes(app, { config, assertCanSell: options.assertCanSell ?? assertCanSell });
  guidanceRoutes(app, { config, assertCanSell: options.assertCanSell ?? assertCanSell });
  ticketTypeRoutes(app, { assertCanSell: options.assertCanSell ?? assertCanSell });
  quotaRoutes(app);
  addOnRoutes(app);
  bookingFeeRoutes(app);
  vatRoutes(app);
  apiKeyRoutes(app);
  embedRoutes(app, config);
  const webhookSettings: WebhookSettings = {
    policy: { allowPrivate: !config.isProduction, httpsOnly: config.isProduction },
    timeoutMs: config.raw.WEBHOOK_TIMEOUT_SECONDS * 1000,
    ...options.webhooks,
  };
  webhookRoutes(app, webhookSettings);
  questionRoutes(app);
  codeRoutes(app);
  queueApiRoutes(app);
  orderRoutes(app);
  customerRoutes(app);
  teamRoutes(app, { config });
  const storage = options.storage ?? createStorage(config);
  app.decorate('storage', storage);
  publicUploadRoutes(app, storage);
  await registerUploads(app, { db: database.db, storage, resolveAuth: requireUserOutsideDoor });
  const payments = options.payments ?? createPaymentsProvider(config, { db: database.db });
  publicConfigRoutes(app, config, payments.name);
  const ticketSigner = createTicketSigner(config.authSecret);
  const jobs =
    options.jobs ??
    createJobQueue({
      executeSql: database.executeSql,
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
    });
  app.decorate('jobs', jobs);
  if (!options.jobs) app.addHook('onClose', async () => jobs.stop());
  queueDepthMetrics(metrics, jobs);
  const mailLane = createMailLane({ onError: (error) => app.log.error({ err: error }, 'mail lane task failed') });
  app.decorate('mailLane', mailLane);
  app.addHook('onClose', async () => mailLane.close());
  const notifier = createCheckoutNotifier({
    lane: mailLane,
    db: database.db,
    mailer,
    payments,
    signer: ticketSigner,
    log: app.log,
    appUrl: config.appUrl,
    publicHost: config.publicHost,
    jobs,
  });
  app.decorate('checkout', { signer: ticketSigner, notifier });
  const afterSale = createAfterSale({
    db: database.db,
    mailer,
    payments,
    signer: ticketSigner,
    jobs,
    log: app.log,
    appUrl: config.appUrl,
    publicHost: config.publicHost,
  });
  app.decorate('afterSale', afterSale);
  const waitlist = createWaitlist({
    db: database.db,
    mailer,
    jobs,
    log: app.log,
    appUrl: config.appUrl,
    publicHost: config.publicHost,
    authSecret: config.authSecret,
  });
  app.decorate('waitlist', waitlist);
  const webhookDispatcher = createWebhookDispatcher({
    db: database.db,
    mailer,
    log: app.log,
    appUrl: config.appUrl,
    send: webhookSettings,
    perEndpoint: options.webhooks?.perEndpoint,
    pollMs: options.webhooks?.pollMs,
  });
  app.decorate('webhooks', { settings: webhookSettings, dispatcher: webhookDispatcher });
  app.addHook('onClose', async () => webhookDispatcher.stop());
  const crmSync = createCrmSync({
    db: database.db,
    jobs,
    log: app.log,
    secrets: createCrmSecrets(config.authSecret),
    endpoints: crmEndpoints(config),
  });
  app.decorate('crmSync', crmSync);
  crmRoutes(app, { config, sync: crmSync });
  cancellationRoutes(app, { jobs });
  refundRoutes(app, { afterSale });
  waitlistApiRoutes(app);
  checkinRoutes(app);
  compRoutes(app);
  // The public API (decision 151), after the after-sale and jobs it refunds through.
  await registerApiV1(app, { config, assertCanSell: options.assertCanSell ?? assertCanSell });
  const holderMessages = createHolderMessages({
    db: database.db,
    mailer,
    jobs,
    log: app.log,
    appUrl: config.appUrl,
    authSecret: config.authSecret,
    perMinute: config.raw.HOLDER_MAIL_PER_MINUTE,
    perDay: config.raw.HOLDER_MAIL_PER_DAY,
  });
  app.decorate('holderMessages', holderMessages);
  holderMessageRoutes(app, holderMessages);
  await registerPayments(app, { config, db: database.db, payments, notifier, jobs });
  await planRoutes(app, { config, payments, jobs });
  const pageViews = createPageViewRecorder({ db: database.db, log: app.log, ...options.pageViews });
  app.decorate('pageViews', pageViews);
  app.addHook('onClose', async () => pageViews.close());
  analyticsRoutes(app);
  trackingLinkRoutes(app, { config });
  pixelRoutes(app);
  settlementRoutes(app, { providerName: payments.name });
  const queueGate = createQueueGate({
    db: database.db,
    authSecret: config.authSecret,
    powBits: config.raw.QUEUE_POW_BITS,
    rateLimitMultiplier: config.rateLimitMultiplier,
  });
  app.decorate('queueGate', queueGate);
  registerStorefront(app, {
    db: database.db,
    artworkPreview: artworkPreviews(storage),
    appUrl: config.appUrl,
    pageViews,
    payments,
    assertCanSell: options.assertCanSell ?? assertCanSell,
    rateLimitMultiplier: config.rateLimitMultiplier,
    holdSeconds: config.holdSeconds,
    paymentOrigins: isSandboxPayments(payments) ? [new URL(config.appUrl).origin] : ['https://checkout.stripe.com'],
    signer: ticketSigner,
    notifier,
    jobs,
    afterSale,
    waitlist,
    queue: queueGate,
    queuePowBits: config.raw.QUEUE_POW_BITS,
  });
  await registerWebApp(app, {
    distDir: options.webDistDir ?? defaultWebDist,
    storefrontNotFound: sendStorefrontNotFound,
  });

  return app;
}
