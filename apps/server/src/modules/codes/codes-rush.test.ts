// Codes are never used more often than allowed, even in a rush: many fans try a single-use access code and a
// limited promo code at the same moment through two app instances (two pools, as two server processes) on one
// PostgreSQL database. PGlite runs one transaction at a time and cannot show a race, so this file runs on
// PostgreSQL only (CI sets TEST_DATABASE_URL).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoAppsOnPostgres } from '../../../test/two-apps.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { addType, checkout, makeCode, putSales } from '../../../test/drop-helpers.js';
import { buyerTickets, event, eventCode, order } from '../../db/schema/index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('codes under contention (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  const host = 'coderush.localhost:3000';

  const appFor = (index: number) => (index % 2 === 0 ? t.app : second.app);
  const unexpected = (statuses: number[]) =>
    statuses.filter((status) => status !== 303 && status !== 400 && status !== 409);

  it('60 fans with one single-use access code at once: exactly one hold uses it', { timeout: 120_000 }, async () => {
    const owner = await sellingOrganiser(t.app, 'coderush');
    const live = await createLiveEvent(t.app, owner, { capacity: 500, name: 'Code Rush' });
    const presale = await addType(t.app, owner, live.id, { name: 'Presale', price: '10.00', hidden: true });
    await makeCode(t.app, owner, live.id, { kind: 'access', code: 'ONLYONE', max_uses: 1, ticket_type_ids: [presale] });
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        checkout(
          appFor(index),
          host,
          live.id,
          { [presale]: 1 },
          { access_code: 'ONLYONE', email: `one${index}@example.com` },
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(unexpected(statuses)).toEqual([]);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    const [code] = await t.database.db.select().from(eventCode).where(eq(eventCode.eventId, live.id));
    expect(code!.uses).toBe(1);
    const orders = await t.database.db.select().from(order).where(eq(order.eventId, live.id));
    expect(orders).toHaveLength(1);
    const [counters] = await t.database.db.select().from(event).where(eq(event.id, live.id));
    expect(counters!.held).toBe(1);
  });

  it('80 fans with a promo code limited to 5 uses: exactly 5 orders carry it', { timeout: 120_000 }, async () => {
    const owner = await sellingOrganiser(t.app, 'promorush');
    const live = await createLiveEvent(t.app, owner, { capacity: 500, name: 'Promo Rush' });
    const general = live.ticket_types[0]!.id;
    await makeCode(t.app, owner, live.id, { kind: 'promo', code: 'FIVE', discount_value: '50', max_uses: 5 });
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, index) =>
        checkout(
          appFor(index),
          'promorush.localhost:3000',
          live.id,
          { [general]: 1 },
          {
            promo_code: 'FIVE',
            email: `promo${index}@example.com`,
          },
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(unexpected(statuses)).toEqual([]);
    expect(statuses.filter((status) => status === 303)).toHaveLength(5);
    const orders = await t.database.db.select().from(order).where(eq(order.eventId, live.id));
    expect(orders.filter((row) => row.promoCode === 'FIVE')).toHaveLength(5);
    const [code] = await t.database.db.select().from(eventCode).where(eq(eventCode.eventId, live.id));
    expect(code!.uses).toBe(5);
  });

  it('20 checkouts at once from one buyer e-mail: never past the per-person limit', { timeout: 120_000 }, async () => {
    const owner = await sellingOrganiser(t.app, 'buyerrush');
    const live = await createLiveEvent(t.app, owner, { capacity: 500, name: 'Buyer Rush' });
    const general = live.ticket_types[0]!.id;
    await putSales(t.app, owner, live.id, { max_tickets_per_email: 4 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        checkout(
          appFor(index),
          'buyerrush.localhost:3000',
          live.id,
          { [general]: 1 + (index % 2) },
          {
            email: 'same@example.com',
          },
        ),
      ),
    );
    expect(unexpected(responses.map((response) => response.statusCode))).toEqual([]);
    const orders = await t.database.db.select().from(order).where(eq(order.eventId, live.id));
    const tickets = orders.reduce((sum, row) => sum + row.quantity, 0);
    expect(tickets).toBeLessThanOrEqual(4);
    expect(tickets).toBeGreaterThan(0);
    const [count] = await t.database.db.select().from(buyerTickets).where(eq(buyerTickets.eventId, live.id));
    expect(count!.tickets).toBe(tickets);
  });
});
