// GET /metrics: Prometheus text for the machine itself or a holder of METRICS_TOKEN, a 404 for everyone else;
// request durations by route pattern, checkout holds by outcome, job runs and mail hand-overs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buyer, createLiveEvent, postCheckout, sellingOrganiser } from '../../test/checkout-helpers.js';
import { createSmtpMailer } from '../adapters/mail/smtp.js';
import { QUEUES } from '../jobs/queue.js';
import { startJobs, type JobHandlers } from '../jobs/runner.js';

const token = 'metrics-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: token } });
});
afterAll(() => t.close());

const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one sample line, e.g. sample(text, 'marquee_checkout_holds_total{outcome="held"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics - who may read it', () => {
  it('answers a loopback client in the Prometheus text format', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE marquee_http_request_duration_seconds histogram');
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('is a 404 in the error envelope for another machine without the token', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '::ffff:192.0.2.1']) {
      const response = await scrape({}, remoteAddress);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route GET /metrics not found' } });
      expect(response.body).not.toContain('marquee_');
    }
  });

  it('is refused on a storefront host as any unknown page is there', async () => {
    const headers = { host: 'someone.localhost:3000', accept: 'text/html' };
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '203.0.113.7' });
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page', headers, remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(refused.body).toBe(unknown.body);
  });

  it('is a 404 for a loopback peer that forwards someone else (a proxy on the same machine)', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const response = await scrape({ [header]: '203.0.113.7' });
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers another machine that sends METRICS_TOKEN as a bearer token, and no other token', async () => {
    expect((await scrape({ authorization: `Bearer ${token}` }, '203.0.113.7')).statusCode).toBe(200);
    expect((await scrape({ authorization: `Bearer ${token}x` }, '203.0.113.7')).statusCode).toBe(404);
    expect((await scrape({ authorization: token }, '203.0.113.7')).statusCode).toBe(404);
    expect((await scrape({ authorization: 'Bearer ' }, '203.0.113.7')).statusCode).toBe(404);
  });

  it('answers no other machine when METRICS_TOKEN is not set, whatever it sends', async () => {
    const untokened = await createTestApp();
    try {
      const response = await untokened.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer undefined' },
        remoteAddress: '203.0.113.7',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await untokened.close();
    }
  });
});

describe('GET /metrics - what it shows', () => {
  it("shows a request's duration under its route pattern, never the raw URL", async () => {
    const id = '7d1b0b9e-3c52-4a55-9d0e-2f6b5f1f9a11';
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: `/api/events/${id}` });
    await t.app.inject({
      method: 'GET',
      url: `/orders/secret-token-${id}`,
      headers: { host: 'nobody.localhost:3000' },
    });
    const unmatched = 'marquee_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}';
    const unmatchedBefore = sample((await scrape()).body, unmatched) ?? 0;
    await t.app.inject({ method: 'GET', url: `/api/no-such-route/${id}` });
    const text = (await scrape()).body;
    expect(
      sample(text, 'marquee_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'marquee_http_request_duration_seconds_count{method="GET",route="/api/events/:id",status_code="401"}',
      ),
    ).toBe(1);
    expect(text).toContain('route="/orders/:token"');
    // Unknown paths (and refused /metrics requests, which answer as unknown paths) share one label.
    expect(sample(text, unmatched)).toBe(unmatchedBefore + 1);
    expect(text).not.toContain(id);
  });

  it('counts checkout holds made and refused, by reason', async () => {
    const owner = await sellingOrganiser(t.app, 'metrics');
    const live = await createLiveEvent(t.app, owner, { capacity: 1 });
    const typeId = live.ticket_types[0]!.id;
    const host = 'metrics.localhost:3000';
    const held = await postCheckout(t.app, host, live.id, { ...buyer, [`qty_${typeId}`]: '1' });
    expect(held.statusCode).toBe(303);
    const invalid = await postCheckout(t.app, host, live.id, { ...buyer, email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    const notOnSale = await postCheckout(t.app, host, '00000000-0000-4000-8000-000000000000', buyer);
    expect(notOnSale.statusCode).toBe(404);

    const text = (await scrape()).body;
    expect(sample(text, 'marquee_checkout_holds_total{outcome="held"}')).toBe(1);
    expect(sample(text, 'marquee_checkout_holds_total{outcome="invalid"}')).toBe(1);
    expect(sample(text, 'marquee_checkout_holds_total{outcome="not_on_sale"}')).toBe(1);
    expect(text).not.toContain(buyer.email);
  });

  it('counts e-mails handed over and e-mails the adapter failed to send', async () => {
    // Sign-up above sent verification codes through the outbox.
    expect(sample((await scrape()).body, 'marquee_mail_sends_total{adapter="outbox",outcome="sent"}')).toBeGreaterThan(
      0,
    );

    // A real SMTP mailer pointed at a port nothing listens on: the hand-over fails and is counted.
    const down = await createTestApp({ mailer: createSmtpMailer('smtp://127.0.0.1:9', 'Marquee <no-reply@x.test>') });
    try {
      await expect(
        down.app.mailer.send({ to: 'fan@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' }),
      ).rejects.toThrow();
      const text = (await down.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(sample(text, 'marquee_mail_sends_total{adapter="smtp",outcome="failed"}')).toBe(1);
      expect(sample(text, 'marquee_mail_sends_total{adapter="smtp",outcome="sent"}')).toBeUndefined();
    } finally {
      await down.close();
    }
  });

  it('counts job runs and failures by queue, and shows the queue depth', async () => {
    const handlers = Object.fromEntries(
      Object.values(QUEUES).map((name) => [name, async () => undefined]),
    ) as unknown as JobHandlers;
    handlers[QUEUES.checkoutRefund] = async () => Promise.reject(new Error('boom'));
    await t.app.jobs.send(QUEUES.checkoutMail, { probe: 1 });
    await t.app.jobs.send(QUEUES.checkoutRefund, { probe: 2 });
    const waiting = (await scrape()).body;
    expect(sample(waiting, 'marquee_job_queue_jobs{queue="checkout-mail",state="waiting"}')).toBe(1);
    const runner = await startJobs(t.app.jobs, handlers, t.app.log, t.app.metrics);
    try {
      // The checkout queues are polled every second.
      for (let waited = 0; waited < 20_000; waited += 250) {
        const text = (await scrape()).body;
        if (sample(text, 'marquee_job_runs_total{job="checkout-refund",outcome="failed"}')) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await runner.stop();
    }
    const text = (await scrape()).body;
    expect(sample(text, 'marquee_job_runs_total{job="checkout-mail",outcome="succeeded"}')).toBe(1);
    expect(sample(text, 'marquee_job_runs_total{job="checkout-refund",outcome="failed"}')).toBe(1);
    expect(sample(text, 'marquee_job_duration_seconds_count{job="checkout-refund"}')).toBe(1);
    expect(sample(text, 'marquee_job_queue_jobs{queue="checkout-mail",state="waiting"}')).toBe(0);
  }, 60_000);
});
