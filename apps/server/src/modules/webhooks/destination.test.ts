// Where webhooks may go in production: an organiser cannot add an endpoint on a loopback, private, link-local or
// otherwise non-public address, nor a name that resolves to one; and a delivery whose name resolves to a private
// address when it connects (DNS rebinding) is refused without a connection. Outside production loopback is allowed.
import type dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { organizationOf } from '../../../test/checkin-helpers.js';
import { ownerWithOrganization } from '../../../test/team-helpers.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { startReceiver, webhookApi, type Receiver } from '../../../test/webhook-helpers.js';
import { isPublicAddress } from './destination.js';
import { sendWebhook } from './send.js';

// The names' answers: a public one, a private one, and one that turns private after the first look-up.
let rebindLookups = 0;
const answers: Record<string, () => string> = {
  'public.example.com': () => '93.184.216.34',
  'private.example.com': () => '10.1.2.3',
  'metadata.example.com': () => '169.254.169.254',
  'rebind.example.com': () => (rebindLookups++ === 0 ? '93.184.216.34' : '127.0.0.1'),
};
const resolve = ((hostname: string, _options: unknown, callback: (...args: unknown[]) => void) => {
  const address = answers[hostname]?.();
  if (!address) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
  callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
}) as unknown as typeof dns.lookup;
const production = { policy: { allowPrivate: false, httpsOnly: true }, timeoutMs: 2000, resolve };

let t: TestApp;
let owner: SignedInUser;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ webhooks: production });
  ({ owner } = await ownerWithOrganization(t.app, 'guarded'));
  await grantPro(t.app.db, await organizationOf(t.app, owner));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('in production', () => {
  it.each([
    'https://127.0.0.1/hooks',
    'https://10.0.0.5/hooks',
    'https://192.168.1.10/hooks',
    'https://172.16.0.1/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hooks',
    'https://0.0.0.0/hooks',
    'https://224.0.0.1/hooks',
    'https://[::1]/hooks',
    'https://[fd00::1]/hooks',
    'https://[fe80::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    'https://[::ffff:a00:1]/hooks',
    'https://localhost/hooks',
    'https://private.example.com/hooks',
    'https://metadata.example.com/hooks',
    'http://public.example.com/hooks',
  ])('refuses an endpoint at %s with a clear error', async (url) => {
    const created = await webhookApi(t.app, owner).create({ url, event_types: ['order.paid'] });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields[0].path).toBe('url');
  });

  it('accepts a public https address', async () => {
    const created = await webhookApi(t.app, owner).create({
      url: 'https://public.example.com/hooks',
      event_types: ['order.paid'],
    });
    expect(created.statusCode).toBe(201);
  });

  it('refuses a delivery whose name resolves to a private address when it connects (rebinding)', async () => {
    rebindLookups = 0;
    const created = await webhookApi(t.app, owner).create({
      url: 'https://rebind.example.com/hooks',
      event_types: ['order.paid'],
    });
    expect(created.statusCode).toBe(201);
    const outcome = await sendWebhook(
      'https://rebind.example.com/hooks',
      created.json().secret,
      { id: 'msg_rebind', timestamp: new Date(), body: '{}' },
      production,
    );
    expect(outcome).toMatchObject({ ok: false, statusCode: null });
    expect(outcome.error).toBe('rebind.example.com resolves to 127.0.0.1, which is not public; refused');
  });

  it('refuses a delivery to the loopback receiver: nothing reaches it', async () => {
    const outcome = await sendWebhook(
      receiver.url,
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      { id: 'msg_loop', timestamp: new Date(), body: '{}' },
      { ...production, policy: { allowPrivate: false, httpsOnly: false } },
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toContain('127.0.0.1');
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('outside production', () => {
  it('delivers to loopback (the embedded default and tests)', async () => {
    const outcome = await sendWebhook(
      receiver.url,
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      { id: 'msg_dev', timestamp: new Date(), body: '{}' },
      { policy: { allowPrivate: true, httpsOnly: false }, timeoutMs: 2000 },
    );
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
  });
});

describe('isPublicAddress', () => {
  it('takes public unicast only, IPv4-mapped forms unwrapped', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.1.1', '100.64.0.1', '::1', 'fd00::1', '::ffff:10.0.0.1'])
      expect(isPublicAddress(address)).toBe(false);
  });
});
