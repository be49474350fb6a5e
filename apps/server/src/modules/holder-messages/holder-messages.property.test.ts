// Audiences as a property (decision 154): after random sequences of real ticket operations (buy, transfer,
// refund, resale listing, door sales, scans, undo, cancelling the event), the audiences 'all' and 'not checked in'
// are exactly the current holders the shared ticket rules name (isSold, isCheckedIn over each ticket's state and
// holder), and a message to all reaches each of them once and nobody else.
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCheckedIn, isSold } from '@marquee/shared';
import { order } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { sellingOrganiser } from '../../../test/checkout-helpers.js';
import { organizationOf } from '../../../test/checkin-helpers.js';
import { newWorld, perform, settle, ticketsOf, type Operation, type World } from '../../../test/ticket-world.js';
import {
  draft,
  outboxRecipients,
  postMessage,
  runMessageJobs,
  sendMessage,
} from '../../../test/holder-message-helpers.js';

let t: TestApp;
let owner: SignedInUser;
let organizationId: string;
const host = 'holders.localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'holders');
  organizationId = await organizationOf(t.app, owner);
});
afterAll(() => t.close());

const index = fc.nat({ max: 30 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      quantity: fc.integer({ min: 1, max: 3 }),
      fan: fc.nat({ max: 3 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('transfer' as const), ticket: index }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund_ticket' as const), ticket: index, confirm: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund_order' as const), order: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('list' as const), ticket: index }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('door_sale' as const),
      quantity: fc.integer({ min: 1, max: 2 }),
      email: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel_event' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('scan' as const), ticket: index, unknown: fc.constant(false) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const) }) },
);

/** The holders by the shared rules: each ticket's holder (its transferee, else its buyer) while a fan holds it. */
async function expected(world: World) {
  const tickets = await ticketsOf(world);
  const orders = tickets.length
    ? await t.app.db
        .select({ id: order.id, email: order.customerEmail })
        .from(order)
        .where(inArray(order.id, [...new Set(tickets.map((each) => each.orderId))]))
    : [];
  const buyerOf = new Map(orders.map((row) => [row.id, row.email]));
  const holders = (keep: (state: (typeof tickets)[number]['status']) => boolean) =>
    [
      ...new Set(
        tickets
          .filter((each) => keep(each.status))
          .map((each) => (each.holderEmail ?? buyerOf.get(each.orderId) ?? '').toLowerCase()),
      ),
    ]
      .filter(Boolean)
      .sort();
  return { all: holders(isSold), notIn: holders((state) => isSold(state) && !isCheckedIn(state)) };
}

const seed = Number(process.env.HOLDER_AUDIENCE_SEED ?? 20261203);
const runs = Number(process.env.HOLDER_AUDIENCE_RUNS ?? 6);

describe('audiences over random ticket moves', () => {
  it('are exactly the current holders, and a message reaches each once', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 10 }), async (operations) => {
        const world = await newWorld(t.app, owner, organizationId, host, new Map());
        for (const each of operations) {
          await perform(world, each);
          await settle(world);
        }
        const want = await expected(world);
        const count = async (audience: string) =>
          (await postMessage(t.app, owner, world.event.id, '/preview', draft({ audience }))).json()
            .recipients as number;
        expect(await count('all')).toBe(want.all.length);
        expect(await count('not_checked_in')).toBe(want.notIn.length);
        if (want.all.length === 0) return;
        round += 1;
        const subject = `Property round ${round}`;
        expect((await sendMessage(t.app, owner, world.event.id, { subject })).statusCode).toBe(201);
        await runMessageJobs(t.app);
        expect(await outboxRecipients(t.app, subject)).toEqual(want.all);
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
  });
});
