// The sale digest (decision 147) with two app processes (two connection pools) on one PostgreSQL database: sales
// paid through both at once, their organiser-sale jobs and the digest job run by both at the same time, and still
// the first sale is e-mailed once on its own and every other sale is in the one digest, once. PGlite runs one
// transaction at a time and cannot show a race, so this runs on PostgreSQL only (CI sets TEST_DATABASE_URL).
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoAppsOnPostgres } from '../../../test/two-apps.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { mailOutbox, order, saleDigestOrder } from '../../db/schema/index.js';
import { QUEUES } from '../../jobs/queue.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const host = 'digest-race.localhost:3000';
const SALES = 12;

describe.runIf(onPostgres)('the sale digest with two processes (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it('places each sale once and sends the first alone and the rest in one digest, whichever process runs what', async () => {
    const owner = await sellingOrganiser(t.app, 'digest-race');
    const live = await createLiveEvent(t.app, owner, { name: 'Race Drop', capacity: SALES });
    const typeId = live.ticket_types[0]!.id;
    const tokens: string[] = [];
    for (let index = 0; index < SALES; index += 1) {
      const started = await postCheckout(t.app, host, live.id, {
        ...buyer,
        email: `race${index}@example.com`,
        [`qty_${typeId}`]: '1',
      });
      tokens.push(tokenFrom(started.headers.location));
    }
    // Paid through both processes at once; each process's mail lane places the sales it made.
    const paid = await Promise.all(
      tokens.map((token, index) => payWithCard(index % 2 ? second.app : t.app, host, token)),
    );
    expect(paid.map((reply) => reply.statusCode)).toEqual(tokens.map(() => 303));
    const orders = await t.database.db.select().from(order).where(eq(order.eventId, live.id));
    expect(orders.map((row) => row.status)).toEqual(tokens.map(() => 'paid'));
    // Every organiser-sale job again in both processes at once (retries overlapping the first runs).
    await Promise.allSettled(
      orders.flatMap((row) =>
        [t.app, second.app].map((app) =>
          app.checkout.notifier.deliverMail({
            kind: 'organiser-sale',
            orderId: row.id,
            organizationId: row.organizationId,
          }),
        ),
      ),
    );
    const placed = await t.database.db
      .select()
      .from(saleDigestOrder)
      .where(eq(saleDigestOrder.organizationId, orders[0]!.organizationId));
    expect(placed).toHaveLength(SALES);
    expect(placed.filter((row) => row.atOnce)).toHaveLength(1);
    expect(new Set(placed.map((row) => row.windowStart.getTime())).size).toBe(1);

    // The window ends: both processes run its digest job at once, then again (a retry).
    const { rows } = await t.database.executeSql(
      `update pgboss.job set start_after = now() - interval '1 second' where name = $1 and data->>'organizationId' = $2 returning data`,
      [QUEUES.saleDigest, orders[0]!.organizationId],
    );
    expect(rows).toHaveLength(1);
    const job = rows[0]!.data as { organizationId: string; windowStart: string };
    const runs = await Promise.allSettled(
      [t.app, second.app, t.app, second.app].map((app) => app.checkout.notifier.deliverSaleDigest(job)),
    );
    for (const run of runs) if (run.status === 'rejected') expect((run.reason as Error).name).toBe('MailInFlightError');
    await second.app.checkout.notifier.deliverSaleDigest(job);

    const mails = await t.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.email), like(mailOutbox.subject, '%Race Drop%')));
    const codesIn = (text: string) => [...text.matchAll(/\bMQ-[A-Z0-9]{6}\b/g)].map((match) => match[0]);
    const atOnce = placed.find((row) => row.atOnce)!;
    const code = (id: string) => orders.find((row) => row.id === id)!.code;
    expect(mails.filter((mail) => mail.subject.startsWith('New order')).map((mail) => codesIn(mail.subject))).toEqual([
      [code(atOnce.orderId)],
    ]);
    const digests = mails.filter((mail) => mail.subject.startsWith('Sales summary'));
    expect(digests).toHaveLength(1);
    expect(codesIn(digests[0]!.text).sort()).toEqual(
      placed
        .filter((row) => !row.atOnce)
        .map((row) => code(row.orderId))
        .sort(),
    );
  });
});
