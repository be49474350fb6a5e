// buildApp(options) assembles the whole server without listening, so tests can drive it with app.inject.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createStorage, type FileStorage } from './adapters/storage/storage.js';
import { classifyHost, type HostKind } from './lib/hosts.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { registerWebApp } from './plugins/web-app.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { publicUploadRoutes } from './modules/uploads/uploads.routes.js';
import { storefrontRoutes } from './storefront/storefront.routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    siteHost: HostKind;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built web app lives; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Where uploaded files go; defaults to what the configuration selects (DATA_DIR/uploads or S3). */
  storage?: FileStorage;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const requestIdPattern = /^[A-Za-z0-9._-]{8,128}$/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const hostNames = { appHost: new URL(config.appUrl).host, publicHost: config.publicHost };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('siteHost', null as never);
  app.addHook('onRequest', async (request, reply) => {
    request.siteHost = classifyHost(request.headers.host, hostNames);
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction ? { maxAge: 15552000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCompress, { threshold: 1024 });

  healthRoutes(app, database);
  const storage = options.storage ?? createStorage(config);
  app.decorate('storage', storage);
  publicUploadRoutes(app, storage);
  storefrontRoutes(app, database.db);
  await registerWebApp(app, { distDir: options.webDistDir ?? defaultWebDist });

  return app;
}
