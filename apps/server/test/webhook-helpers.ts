// Helpers for the webhook tests: a local receiver (the third party's HTTP boundary) that verifies every delivery
// with the Standard Webhooks library as a real receiver would, and the endpoint routes as the dashboard calls them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { asBrowser, type SignedInUser } from './auth-helpers.js';

export interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  verified: boolean;
  headers: http.IncomingHttpHeaders;
}

/** What the receiver answers a request: a status (and optional headers), or 'hang' (never answers). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: string;
  /** Every request, verified or not, in arrival order. */
  requests: Received[];
  /** The verified deliveries answered 2xx. */
  accepted: Received[];
  secret: string | null;
  answer: (request: Received) => Answer;
  close(): Promise<void>;
}

export async function startReceiver(answer: Receiver['answer'] = () => ({ status: 200, body: 'ok' })) {
  const hanging = new Set<http.ServerResponse>();
  const receiver: Receiver = {
    url: '',
    requests: [],
    accepted: [],
    secret: null,
    answer,
    close: async () => {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: boolean;
      let parsed: { type?: string; data?: Record<string, unknown> } = {};
      try {
        parsed = (
          receiver.secret
            ? new Webhook(receiver.secret).verify(body, request.headers as Record<string, string>)
            : JSON.parse(body)
        ) as typeof parsed;
        verified = receiver.secret !== null;
      } catch {
        verified = false;
      }
      const received: Received = {
        id: String(request.headers['webhook-id'] ?? ''),
        type: parsed.type ?? '',
        data: parsed.data ?? {},
        verified,
        headers: request.headers,
      };
      receiver.requests.push(received);
      const reply = receiver.answer(received);
      if (reply === 'hang') {
        hanging.add(response);
        return;
      }
      if (reply.status >= 200 && reply.status < 300 && verified) receiver.accepted.push(received);
      response.writeHead(reply.status, reply.headers ?? {});
      response.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

export const ALL_TYPES = [
  'order.created',
  'order.paid',
  'order.refunded',
  'ticket.transferred',
  'ticket.checked_in',
  'event.published',
  'event.cancelled',
  'customer.created',
  'customer.updated',
  'waitlist.offered',
];

export const webhookApi = (app: FastifyInstance, user: SignedInUser) => ({
  list: () => app.inject({ method: 'GET', url: '/api/integrations/webhooks', headers: { cookie: user.cookie } }),
  create: (payload: object) =>
    app.inject({ method: 'POST', url: '/api/integrations/webhooks', headers: asBrowser(user), payload }),
  update: (id: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/integrations/webhooks/${id}`, headers: asBrowser(user), payload }),
  remove: (id: string) =>
    app.inject({ method: 'DELETE', url: `/api/integrations/webhooks/${id}`, headers: asBrowser(user) }),
  secret: (id: string) =>
    app.inject({ method: 'GET', url: `/api/integrations/webhooks/${id}/secret`, headers: { cookie: user.cookie } }),
  rotate: (id: string) =>
    app.inject({ method: 'POST', url: `/api/integrations/webhooks/${id}/rotate-secret`, headers: asBrowser(user) }),
  test: (id: string) =>
    app.inject({ method: 'POST', url: `/api/integrations/webhooks/${id}/test`, headers: asBrowser(user) }),
  deliveries: (id: string, page = 1) =>
    app.inject({
      method: 'GET',
      url: `/api/integrations/webhooks/${id}/deliveries?page=${page}`,
      headers: { cookie: user.cookie },
    }),
  resend: (id: string, deliveryId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/integrations/webhooks/${id}/deliveries/${deliveryId}/resend`,
      headers: asBrowser(user),
    }),
});

/** Adds an endpoint for `types` pointing at the receiver and gives the receiver its secret. */
export async function addEndpoint(app: FastifyInstance, user: SignedInUser, receiver: Receiver, types = ALL_TYPES) {
  const created = await webhookApi(app, user).create({ url: receiver.url, event_types: types, description: 'CRM' });
  if (created.statusCode !== 201) throw new Error(`endpoint create failed: ${created.statusCode} ${created.body}`);
  const endpoint = created.json() as { id: string; secret: string };
  receiver.secret = endpoint.secret;
  return endpoint;
}
