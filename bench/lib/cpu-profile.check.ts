// A sanity check of the SPLIT=1 attribution (bench/lib/cpu-profile.ts) on a hand-made profile:
// `node --import tsx bench/lib/cpu-profile.check.ts` prints 'ok' or throws.
import assert from 'node:assert/strict';
import { attributeSamples, sandboxMark, type CpuProfile } from './cpu-profile.js';

const src = 'file:///work/main/apps/server/src';
const frame = (functionName: string, url = '') => ({ functionName, url });
// (root) -> route handler -> sandbox page -> receiveWebhook -> fulfilment -> sandbox adapter (verifies a webhook)
//                                        \-> drizzle (the sandbox's own query)
//        -> (idle), (garbage collector)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 8, 9] },
    { id: 2, callFrame: frame('handler', `${src}/storefront/checkout.routes.ts`), children: [3] },
    { id: 3, callFrame: frame('', `${src}/modules/payments/sandbox-pages.routes.ts`), children: [4, 7] },
    { id: 4, callFrame: frame('receiveWebhook', `${src}/modules/payments/payments.service.ts`), children: [5] },
    { id: 5, callFrame: frame('fulfilPaidSession', `${src}/modules/checkout/fulfilment.ts`), children: [6] },
    { id: 6, callFrame: frame('constructWebhookEvent', `${src}/adapters/payments/sandbox.ts`) },
    { id: 7, callFrame: frame('execute', 'file:///work/main/node_modules/drizzle-orm/pg-core/session.js') },
    { id: 8, callFrame: frame('(idle)') },
    { id: 9, callFrame: frame('(garbage collector)') },
  ],
  startTime: 1_000,
  endTime: 1_080,
  // One sample every 10 us from 1,010 on: handler, sandbox page, receiveWebhook, fulfilment, sandbox adapter,
  // drizzle under the sandbox, idle, garbage collector.
  samples: [2, 3, 4, 5, 6, 7, 8, 9],
  timeDeltas: [10, 10, 10, 10, 10, 10, 10, 10],
};

const whole = attributeSamples(profile, sandboxMark);
assert.equal(whole.windowed, false);
assert.equal(whole.samples, 8);
// The sandbox page, the adapter below the fulfilment and the sandbox's own query; the last sample lasts until the end.
assert.equal(whole.sandboxSamples, 3);
assert.equal(whole.sandboxMicros, 30);
assert.equal(whole.productMicros, 10 + 10 + 10 + 0);
assert.equal(whole.idleMicros, 10);
assert.equal(whole.idleSamples, 1);

// Only the samples taken at 1,030 to 1,060 (receiveWebhook, fulfilment, sandbox adapter).
const windowed = attributeSamples(profile, sandboxMark, { from: 1_030, to: 1_060 });
assert.equal(windowed.windowed, true);
assert.equal(windowed.samples, 3);
assert.equal(windowed.sandboxSamples, 1);
assert.equal(windowed.productMicros, 20);

// A window outside the profile counts the whole profile, and says so.
assert.equal(attributeSamples(profile, sandboxMark, { from: 0, to: 2_000 }).windowed, false);
assert.equal(sandboxMark(frame('x', `${src}/adapters/payments/stripe.ts`)), null);
assert.equal(sandboxMark(frame('x', `${src}/modules/payments/sandbox-forms.ts?tsx=1`)), 'sandbox');
console.log('ok');
