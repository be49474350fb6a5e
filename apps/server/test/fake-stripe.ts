// A small stand-in for Stripe's HTTP API on 127.0.0.1, enough for the payments adapter: it answers JSON shaped
// like Stripe's for the endpoints used and records each request's method, path, Stripe-Account header and
// form-encoded body, so tests can show exactly what the official SDK sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  method: string;
  /** Path with the query string, e.g. /v1/payouts?created[gte]=... (decoded). */
  path: string;
  stripeAccount: string | undefined;
  authorization: string | undefined;
  /** The form-encoded body as flat key/value pairs, e.g. { 'payment_intent_data[application_fee_amount]': '80' }. */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface FakeStripePayout {
  id: string;
  amount: number;
  currency: string;
  status: string;
  arrival_date: number;
  created: number;
}

export interface FakeStripe {
  url: string;
  requests: RecordedStripeRequest[];
  /** What GET /v1/balance answers (per connected account, the same for all). */
  balance: {
    available: Array<{ amount: number; currency: string }>;
    pending: Array<{ amount: number; currency: string }>;
  };
  payouts: FakeStripePayout[];
  bankAccount: { last4: string; bank_name: string } | null;
  /** Refunds of these payment intents fail (500, not to be retried by the SDK) this many more times. */
  refundFailures: Map<string, number>;
  /**
   * What GET /v1/payment_intents/:id answers (the transfer destination of a destination charge, and its charge's
   * balance transaction: Stripe's fee in the settlement currency, or 'unsettled' for none yet); else 404.
   */
  paymentIntents: Map<
    string,
    { transferDestination: string | null; charge?: { fee: number; currency: string } | 'unsettled' }
  >;
  close(): Promise<void>;
}

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const accounts = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const fake: Omit<FakeStripe, 'url' | 'close'> = {
    requests,
    balance: { available: [], pending: [] },
    payouts: [],
    bankAccount: { last4: '6789', bank_name: 'STRIPE TEST BANK' },
    refundFailures: new Map(),
    paymentIntents: new Map(),
  };
  let sessionCounter = 0;
  // Stripe answers a repeated idempotency key with the first response.
  const refundsByKey = new Map<string, Record<string, unknown>>();
  let refundCounter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const method = req.method ?? '';
      const stripeAccount = req.headers['stripe-account'];
      requests.push({
        method,
        path: decodeURIComponent(url.pathname + url.search),
        stripeAccount: typeof stripeAccount === 'string' ? stripeAccount : undefined,
        authorization: req.headers.authorization,
        form,
        idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined,
      });
      const now = Math.floor(Date.now() / 1000);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${requests.length}` });
        res.end(JSON.stringify(body));
      };
      const notFound = () =>
        send(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` },
        });
      const path = url.pathname;
      const accountMatch = path.match(/^\/v1\/accounts\/([^/]+)$/);
      const externalMatch = path.match(/^\/v1\/accounts\/([^/]+)\/external_accounts$/);
      const loginMatch = path.match(/^\/v1\/accounts\/([^/]+)\/login_links$/);
      const intentMatch = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
      const subscriptionMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);

      if (method === 'POST' && path === '/v1/accounts') {
        counter += 1;
        const id = `acct_fake${String(counter).padStart(4, '0')}`;
        const account = {
          id,
          object: 'account',
          type: form.type,
          email: form.email ?? null,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          metadata: { organization_id: form['metadata[organization_id]'] },
          settings: { payouts: { schedule: { interval: 'weekly', weekly_anchor: 'monday', delay_days: 7 } } },
          created: now,
        };
        accounts.set(id, account);
        return send(200, account);
      }
      if (method === 'GET' && accountMatch) {
        const account = accounts.get(accountMatch[1] ?? '');
        return account
          ? send(200, account)
          : send(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
      }
      if (method === 'GET' && externalMatch) {
        const data = fake.bankAccount
          ? [{ id: 'ba_fake', object: 'bank_account', currency: 'gbp', ...fake.bankAccount }]
          : [];
        return send(200, list(data, path));
      }
      if (method === 'POST' && loginMatch) {
        return send(200, {
          object: 'login_link',
          created: now,
          url: `https://connect.stripe.com/express/${loginMatch[1]}/fake_login`,
        });
      }
      if (method === 'POST' && path === '/v1/account_links') {
        return send(200, {
          object: 'account_link',
          created: now,
          expires_at: now + 300,
          url: `https://connect.stripe.com/setup/e/${form.account}/fake_onboarding`,
        });
      }
      if (method === 'GET' && path === '/v1/balance') {
        return send(200, { object: 'balance', livemode: false, ...fake.balance });
      }
      if (method === 'GET' && path === '/v1/payouts') {
        const since = Number(url.searchParams.get('created[gte]') ?? 0);
        const data = fake.payouts
          .filter((payout) => payout.created >= since)
          .map((payout) => ({ object: 'payout', ...payout }));
        return send(200, list(data, path));
      }
      if (method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_fake${++sessionCounter}`;
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          mode: form.mode,
        });
      }
      if (method === 'GET' && intentMatch) {
        const id = intentMatch[1] ?? '';
        const intent = fake.paymentIntents.get(id);
        if (!intent) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        // The charge, with its balance transaction when the request expands it (as the SDK asks).
        const expand = [...url.searchParams.entries()].some(
          ([key, value]) => key.startsWith('expand') && value === 'latest_charge.balance_transaction',
        );
        const charge = intent.charge;
        const chargeId = `ch_fake_${id}`;
        const balance =
          charge && charge !== 'unsettled'
            ? { id: `txn_fake_${id}`, object: 'balance_transaction', fee: charge.fee, currency: charge.currency }
            : null;
        return send(200, {
          id,
          object: 'payment_intent',
          status: 'succeeded',
          transfer_data: intent.transferDestination ? { destination: intent.transferDestination } : null,
          latest_charge: !charge
            ? null
            : expand
              ? { id: chargeId, object: 'charge', balance_transaction: balance }
              : chargeId,
        });
      }
      if (method === 'POST' && subscriptionMatch) {
        // Stripe Billing's subscription update (cancel_at_period_end); any sub_ id is known to the fake.
        const id = subscriptionMatch[1] ?? '';
        if (!id.startsWith('sub_')) {
          return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        }
        return send(200, {
          id,
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: form.cancel_at_period_end === 'true',
        });
      }
      if (method === 'POST' && path === '/v1/refunds') {
        const intent = form.payment_intent ?? '';
        const failures = fake.refundFailures.get(intent) ?? 0;
        if (failures > 0) {
          fake.refundFailures.set(intent, failures - 1);
          res.setHeader('stripe-should-retry', 'false');
          return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        }
        const key = req.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? refundsByKey.get(key) : undefined;
        if (earlier) return send(200, earlier);
        const refund = {
          id: `re_fake${++refundCounter}`,
          object: 'refund',
          amount: Number(form.amount ?? 5000),
          status: 'succeeded',
          payment_intent: form.payment_intent,
        };
        if (typeof key === 'string') refundsByKey.set(key, refund);
        return send(200, refund);
      }
      return notFound();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  });
}
