// The subscription webhook endpoint (POST /api/webhooks/stripe-billing), here with the sandbox's signatures: an
// event changes the plan only when it is signed and says what the plan is (PRO's price and currency, the plan's
// subscription and customer), and a replayed event counts once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxPayments, type SandboxPaymentsProvider } from '../../adapters/payments/sandbox.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { ownerWithOrganization } from '../../../test/team-helpers.js';
import { invoicesOf, planOf, subscribeWithSandbox } from '../../../test/pro-plan-helpers.js';

let t: TestApp;
let sandbox: SandboxPaymentsProvider;
beforeAll(async () => {
  t = await createTestApp();
  if (!isSandboxPayments(t.app.payments)) throw new Error('the sandbox is the default');
  sandbox = t.app.payments;
});
afterAll(() => t.close());

let counter = 0;
const seconds = (days: number) => Math.floor((Date.now() + days * 86_400_000) / 1000);
const NEXT_START = seconds(20);
const NEXT_END = seconds(50);

function invoicePaid(input: {
  organizationId: string;
  subscriptionId: string;
  customerId: string;
  amount?: number;
  currency?: string;
  id?: string;
}) {
  counter += 1;
  return {
    id: input.id ?? `evt_test_${counter}`,
    object: 'event',
    type: 'invoice.paid',
    created: seconds(0),
    data: {
      object: {
        id: `in_test_${counter}`,
        object: 'invoice',
        customer: input.customerId,
        amount_paid: input.amount ?? 2900,
        amount_due: input.amount ?? 2900,
        currency: input.currency ?? 'gbp',
        created: seconds(0),
        parent: {
          subscription_details: {
            subscription: input.subscriptionId,
            metadata: { organization_id: input.organizationId },
          },
        },
        lines: { data: [{ period: { start: NEXT_START, end: NEXT_END } }] },
      },
    },
  };
}

const deliver = (event: object, signature?: string) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe-billing',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? sandbox.sandbox.signWebhookPayload(payload),
    },
    payload,
  });
};

async function subscribed(subdomain: string) {
  const { owner, organization } = await ownerWithOrganization(t.app, subdomain);
  const { subscriptionId } = await subscribeWithSandbox(t.app, owner);
  const row = (await sandbox.subscriptions.get(subscriptionId))!;
  return { owner, ids: { organizationId: organization.id, subscriptionId, customerId: row.customerId } };
}

describe('POST /api/webhooks/stripe-billing', () => {
  it('extends the plan with a matching renewal invoice, once however often it is delivered', async () => {
    const { owner, ids } = await subscribed('hookrenew');
    const event = invoicePaid(ids);
    const first = await deliver(event);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await invoicesOf(t.app, owner)).toHaveLength(2);
    expect(new Date((await planOf(t.app, owner)).current_period_end).getTime()).toBe(NEXT_END * 1000);
  });

  it('changes nothing for a wrong amount, a wrong currency, another customer or a bad signature', async () => {
    const { owner, ids } = await subscribed('hookwrong');
    const before = await planOf(t.app, owner);
    expect((await deliver(invoicePaid({ ...ids, amount: 100 }))).statusCode).toBe(200);
    expect((await deliver(invoicePaid({ ...ids, currency: 'eur' }))).statusCode).toBe(200);
    expect((await deliver(invoicePaid({ ...ids, customerId: 'cus_someone_else' }))).statusCode).toBe(200);
    const forged = await deliver(invoicePaid(ids), 't=1,v1=00');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe-billing',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(invoicePaid(ids)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await planOf(t.app, owner)).toEqual(before);
    expect(await invoicesOf(t.app, owner)).toHaveLength(1);

    const cancelByOther = {
      id: 'evt_test_cancel_other',
      object: 'event',
      type: 'customer.subscription.updated',
      created: seconds(0),
      data: {
        object: { id: ids.subscriptionId, customer: 'cus_someone_else', status: 'active', cancel_at_period_end: true },
      },
    };
    await deliver(cancelByOther);
    expect((await planOf(t.app, owner)).cancel_at_period_end).toBe(false);
  });

  it('starts no plan for an organisation from an invoice that is not PRO', async () => {
    const { owner, organization } = await ownerWithOrganization(t.app, 'hooknone');
    const ids = { organizationId: organization.id, subscriptionId: 'sub_x', customerId: 'cus_x' };
    await deliver(invoicePaid({ ...ids, amount: 2899 }));
    expect((await planOf(t.app, owner)).pro).toBe(false);
    await deliver(invoicePaid(ids));
    expect((await planOf(t.app, owner)).pro).toBe(true);
  });
});
