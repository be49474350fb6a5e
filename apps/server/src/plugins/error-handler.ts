// The one root error handler: every failure leaves as { error: { code, message } }. Validation errors list
// their fields; a 5xx is logged with the request id and never sends internals to the client. A storefront page
// (a route with config.storefrontPage) answers with the storefront's HTML error page instead, which the app hands in.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/errors.js';
import { isDatabaseUnavailable, loggableError } from '../db/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An HTML page of an organisation's storefront: its errors are HTML pages too. */
    storefrontPage?: boolean;
  }
}

export interface ErrorEnvelope {
  error: { code: string; message: string; fields?: FieldError[] };
}

export function errorEnvelope(code: string, message: string, fields?: FieldError[]): ErrorEnvelope {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const statusCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export interface ErrorHandlerOptions {
  /** Sends the storefront's HTML error page with `status` (storefront/respond.ts). */
  sendStorefrontError: (reply: FastifyReply, status: number) => FastifyReply;
}

/** A storefront page, or an address on an organisation's host that matched no route (its 404 is HTML too). */
const isStorefrontPage = (request: FastifyRequest) =>
  request.routeOptions.config?.storefrontPage === true ||
  (request.is404 && request.siteHost != null && request.siteHost.kind !== 'app' && !request.url.startsWith('/api/'));

/** What a client is told while the database is unreachable (restarting, failing over): try again shortly. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

export const errorHandlerPlugin = fp(async (app: FastifyInstance, { sendStorefrontError }: ErrorHandlerOptions) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      // Not a bug to page anyone about at error level: readiness reports it, and it passes by itself.
      request.log.warn({ err: loggableError(error) }, 'request failed: database unavailable');
      reply.header('retry-after', '5');
      if (isStorefrontPage(request)) return sendStorefrontError(reply, 503);
      return reply.status(503).send(errorEnvelope('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE));
    }
    if (isStorefrontPage(request)) {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
      return sendStorefrontError(reply, status);
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: loggableError(error) }, error.message);
      return reply.status(error.statusCode).send(errorEnvelope(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const fields = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || where,
        message: issue.message ?? 'Invalid value',
      }));
      const summary = fields.map((field) => `${field.path}: ${field.message}`).join('; ');
      return reply.status(400).send(errorEnvelope('VALIDATION_ERROR', `Invalid ${where}: ${summary}`, fields));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return reply
        .status(status)
        .send(errorEnvelope('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
    }
    // 4xx from Fastify itself (bad JSON, body too large, unsupported media type...): safe to describe.
    return reply.status(status).send(errorEnvelope(statusCodes[status] ?? 'BAD_REQUEST', error.message));
  });
});
