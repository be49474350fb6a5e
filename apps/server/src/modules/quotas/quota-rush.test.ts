// A shared quota and an add-on are never oversold (decisions 128, 134): many fans race for a small quota over two
// ticket types, then for an add-on's small stock with a quota in play, through two app instances (two connection
// pools, as two server processes would have) on one PostgreSQL database, each type and the venue having room to
// spare, then pay. PGlite runs one transaction at a time and cannot show a race, so
// this file runs on PostgreSQL only (CI sets TEST_DATABASE_URL).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoAppsOnPostgres } from '../../../test/two-apps.js';
import { asBrowser } from '../../../test/auth-helpers.js';
import {
  buyer,
  createLiveEvent,
  payWithCard,
  postCheckout,
  sellingOrganiser,
  tokenFrom,
} from '../../../test/checkout-helpers.js';
import { addType } from '../../../test/drop-helpers.js';
import { order, ticket } from '../../db/schema/index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.runIf(onPostgres)('a shared quota under contention (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  const host = 'quotarush.localhost:3000';

  it(
    '240 fans racing for a quota of 25 over two types through two app instances: exactly 25 held, then 25 sold',
    { timeout: 180_000 },
    async () => {
      const owner = await sellingOrganiser(t.app, 'quotarush');
      const live = await createLiveEvent(t.app, owner, { capacity: 500, name: 'The Quota Rush' });
      const general = live.ticket_types[0]!.id;
      const early = await addType(t.app, owner, live.id, { name: 'Early Bird', price: '15.00', capacity: 200 });
      const made = await t.app.inject({
        method: 'POST',
        url: `/api/events/${live.id}/quotas`,
        headers: asBrowser(owner),
        payload: { name: 'Standing', capacity: 25, ticket_type_ids: [general, early] },
      });
      expect(made.statusCode, made.body).toBe(201);
      const quotaId = made.json().id as string;

      const attempts = Array.from({ length: 240 }, (_, index) => {
        const choice =
          index % 3 === 0
            ? { [`qty_${general}`]: '2' }
            : index % 3 === 1
              ? { [`qty_${early}`]: '1' }
              : { [`qty_${general}`]: '1', [`qty_${early}`]: '1' };
        return postCheckout(index % 2 === 0 ? t.app : second.app, host, live.id, {
          ...buyer,
          email: `fan${index}@example.com`,
          ...choice,
        });
      });
      const responses = await Promise.all(attempts);
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status !== 303 && status !== 400 && status !== 409)).toEqual([]);
      // A refusal says what is left, as a type's field or as the quota's own message.
      for (const refused of responses.filter((response) => response.statusCode === 409))
        expect(refused.body).toMatch(
          /Standing tickets? (\(General Admission, Early Bird\) have just sold out|(is|are) left)|sold out|Only \d left/,
        );

      const orders = await t.database.db.select().from(order).where(eq(order.eventId, live.id));
      const heldTickets = orders.reduce((sum, row) => sum + row.quantity, 0);
      expect(heldTickets).toBe(25);
      const quotaRow = async () =>
        rows<{ sold: number; held: number }>(
          await t.database.db.execute(sql`select sold, held from ticket_quota where id = ${quotaId}`),
        )[0]!;
      expect(await quotaRow()).toEqual({ sold: 0, held: 25 });
      const [types] = rows<{ held: number }>(
        await t.database.db.execute(sql`select sum(held)::int as held from ticket_type where event_id = ${live.id}`),
      );
      expect(types!.held).toBe(25);

      const tokens = responses
        .filter((response) => response.statusCode === 303)
        .map((response) => tokenFrom(response.headers.location));
      await Promise.all(tokens.map((token, index) => payWithCard(index % 2 === 0 ? t.app : second.app, host, token)));
      expect(await quotaRow()).toEqual({ sold: 25, held: 0 });
      const tickets = await t.database.db.select().from(ticket).where(eq(ticket.eventId, live.id));
      expect(tickets).toHaveLength(25);
    },
  );

  it(
    '200 fans each taking a ticket and an add-on of 20 in stock, under a quota of 30: exactly 20 held, then 20 sold',
    { timeout: 180_000 },
    async () => {
      const owner = await sellingOrganiser(t.app, 'addonrush');
      const live = await createLiveEvent(t.app, owner, { capacity: 500, name: 'The Merch Rush' });
      const general = live.ticket_types[0]!.id;
      const headers = asBrowser(owner);
      const quota = await t.app.inject({
        method: 'POST',
        url: `/api/events/${live.id}/quotas`,
        headers,
        payload: { name: 'Standing', capacity: 30, ticket_type_ids: [general] },
      });
      expect(quota.statusCode, quota.body).toBe(201);
      const made = await t.app.inject({
        method: 'POST',
        url: `/api/events/${live.id}/add-ons`,
        headers,
        payload: { name: 'T-shirt', price: '15.00', capacity: 20 },
      });
      expect(made.statusCode, made.body).toBe(201);
      const addOnId = made.json().id as string;
      const shop = 'addonrush.localhost:3000';

      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          postCheckout(index % 2 === 0 ? t.app : second.app, shop, live.id, {
            ...buyer,
            email: `merch${index}@example.com`,
            [`qty_${general}`]: '1',
            [`addon_${addOnId}`]: '1',
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode).filter((s) => s !== 303 && s !== 400 && s !== 409)).toEqual([]);
      const addOnRow = async () =>
        rows<{ sold: number; held: number }>(
          await t.database.db.execute(sql`select sold, held from add_on where id = ${addOnId}`),
        )[0]!;
      expect(await addOnRow()).toEqual({ sold: 0, held: 20 });
      const orders = await t.database.db.select().from(order).where(eq(order.eventId, live.id));
      expect(orders).toHaveLength(20);

      const tokens = responses.filter((r) => r.statusCode === 303).map((r) => tokenFrom(r.headers.location));
      await Promise.all(tokens.map((token, index) => payWithCard(index % 2 === 0 ? t.app : second.app, shop, token)));
      expect(await addOnRow()).toEqual({ sold: 20, held: 0 });
    },
  );
});
