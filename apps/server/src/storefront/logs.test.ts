// What the server logs while an organiser signs up and a fan checks out, pays and opens the order page: every
// request's lines carry its request id, and no line holds an e-mail address, an order token, a card number, a
// session cookie or a bearer token. The app logs through the server's own logger options into a captured stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../test/checkout-helpers.js';
import type { SignedInUser } from '../../test/auth-helpers.js';
import { loggerOptions } from '../lib/logging.js';

const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };
const host = 'quiet.localhost:3000';
const card = '4242424242424242';
const fanEmail = 'log.watcher@example.com';

let t: TestApp;
let owner: SignedInUser;
let token: string;
const responses: Array<{ url: string; requestId: string }> = [];

const page = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { host } });
  responses.push({ url, requestId: String(response.headers['x-request-id']) });
  return response;
};

beforeAll(async () => {
  t = await createTestApp({ logger: loggerOptions('info', stream) });
  owner = await sellingOrganiser(t.app, 'quiet');
  const live = await createLiveEvent(t.app, owner);
  const started = await postCheckout(t.app, host, live.id, {
    ...buyer,
    email: fanEmail,
    [`qty_${live.ticket_types[0]!.id}`]: '1',
  });
  token = tokenFrom(started.headers.location);
  await page(`/checkout/${token}`);
  const paid = await payWithCard(t.app, host, token, card);
  const back = new URL(String(paid.headers.location));
  await page(back.pathname + back.search);
  const orderPage = await page(`/orders/${token}`);
  expect(orderPage.statusCode).toBe(200);
  await page(`/orders/${token}/tickets.pdf`);
  // A request that fails validation, with the address in its query string.
  await page(`/checkout/${token}?payment=declined&email=${encodeURIComponent(fanEmail)}`);
});
afterAll(() => t.close());

describe('server logs', () => {
  it('log the requests of a checkout and an order page', () => {
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(requests.some((entry) => entry.req.url === '/orders/[redacted]')).toBe(true);
    expect(requests.some((entry) => entry.req.url === '/checkout/[redacted]/pay')).toBe(true);
  });

  it('carry the request id that the response names in x-request-id', () => {
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    for (const { requestId } of responses) {
      const ofRequest = entries.filter((entry) => entry.reqId === requestId);
      expect(ofRequest.map((entry) => entry.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
    }
  });

  it('hold no e-mail address, order token, card number, cookie or bearer token', () => {
    const text = lines.join('');
    expect(text).not.toContain(token);
    expect(text).not.toContain(fanEmail);
    expect(text).not.toContain(owner.email);
    expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
    expect(text).not.toContain(card);
    expect(text).not.toContain('4242 4242');
    const sessionCookie = /=([^;]+)/.exec(owner.cookie)?.[1];
    expect(sessionCookie).toBeTruthy();
    expect(text).not.toContain(sessionCookie);
    if (owner.token) expect(text).not.toContain(owner.token);
  });
});
