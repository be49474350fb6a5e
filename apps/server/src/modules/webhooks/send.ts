// One attempt at a webhook: a signed POST (Standard Webhooks headers) over node's http/https with the guarded
// look-up (destination.ts), a time limit, and no redirects followed (a 3xx is a failure whose Location is logged).
import http from 'node:http';
import https from 'node:https';
import type dns from 'node:dns';
import { Webhook } from 'standardwebhooks';
import { checkDestinationUrl, guardedLookup, RefusedDestination, type DestinationPolicy } from './destination.js';

/** The characters of a response body kept in the log. */
export const WEBHOOK_BODY_LIMIT = 1024;

export interface SendOptions {
  policy: DestinationPolicy;
  timeoutMs: number;
  /** Tests answer names with chosen addresses. */
  resolve?: typeof dns.lookup;
}

export interface SignedMessage {
  id: string;
  timestamp: Date;
  body: string;
}

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  responseBody: string;
  durationMs: number;
  error: string | null;
}

export function signedHeaders(secret: string, message: SignedMessage): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Marquee-Webhooks/1',
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(message.id, message.timestamp, message.body),
  };
}

export async function sendWebhook(
  url: string,
  secret: string,
  message: SignedMessage,
  options: SendOptions,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = checkDestinationUrl(url, options.policy);
  } catch (error) {
    return done({ ok: false, statusCode: null, responseBody: '', error: (error as Error).message });
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(outcome));
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...signedHeaders(secret, message), 'content-length': Buffer.byteLength(message.body) },
        lookup: guardedLookup(options.policy, options.resolve) as never,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < WEBHOOK_BODY_LIMIT) body += chunk;
        });
        const end = () => {
          const trimmed = body.slice(0, WEBHOOK_BODY_LIMIT);
          const ok = status >= 200 && status < 300;
          const location = response.headers.location;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? `Redirected to ${String(location ?? 'nowhere').slice(0, 300)}; redirects are not followed`
              : `Answered ${status}`;
          finish({ ok, statusCode: status, responseBody: trimmed, error });
          request.destroy();
        };
        response.on('end', end);
        response.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      finish({
        ok: false,
        statusCode: null,
        responseBody: '',
        error: `No answer within ${options.timeoutMs / 1000} s`,
      });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => {
      const reason =
        error instanceof RefusedDestination
          ? error.message
          : `Could not connect (${(error as NodeJS.ErrnoException).code ?? error.name})`;
      finish({ ok: false, statusCode: null, responseBody: '', error: reason });
    });
    request.end(message.body);
  });
}
