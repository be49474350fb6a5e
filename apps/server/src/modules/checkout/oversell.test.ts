// Capacity is never oversold: far more fans than tickets start checkouts at once through two app instances
// (two connection pools, as two server processes would have) on one PostgreSQL database, then pay. PGlite
// runs one transaction at a time and cannot show a race, so this file runs on PostgreSQL only (CI sets
// TEST_DATABASE_URL).
import { eq } from 'drizzle-orm';
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
import { event, order, ticket, ticketType } from '../../db/schema/index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('checkout under contention (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  const host = 'rush.localhost:3000';

  it(
    '300 fans racing for 40 tickets through two app instances: exactly 40 held, then exactly 40 sold',
    { timeout: 120_000 },
    async () => {
      const owner = await sellingOrganiser(t.app, 'rush');
      const live = await createLiveEvent(t.app, owner, { capacity: 40, name: 'The Rush' });
      const typeId = live.ticket_types[0]!.id;
      const attempts = Array.from({ length: 300 }, (_, index) =>
        postCheckout(index % 2 === 0 ? t.app : second.app, host, live.id, {
          ...buyer,
          email: `fan${index}@example.com`,
          [`qty_${typeId}`]: index % 3 === 0 ? '2' : '1',
        }),
      );
      const responses = await Promise.all(attempts);
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status !== 303 && status !== 400 && status !== 409)).toEqual([]);
      // A hold that lost the race is the event page again, saying what is left as counted after the race.
      for (const refused of responses.filter((response) => response.statusCode === 409))
        expect(refused.body).toMatch(/This event is sold out\.|Only 1 left/);
      const [counters] = await t.database.db.select().from(event).where(eq(event.id, live.id));
      const held = await t.database.db.select().from(order).where(eq(order.eventId, live.id));
      const heldTickets = held.reduce((sum, row) => sum + row.quantity, 0);
      expect(counters!.held).toBe(heldTickets);
      expect(heldTickets).toBe(40);
      const [type] = await t.database.db.select().from(ticketType).where(eq(ticketType.id, typeId));
      expect(type!.held).toBe(heldTickets);

      const tokens = responses
        .filter((response) => response.statusCode === 303)
        .map((response) => tokenFrom(response.headers.location));
      await Promise.all(tokens.map((token, index) => payWithCard(index % 2 === 0 ? t.app : second.app, host, token)));
      const [after] = await t.database.db.select().from(event).where(eq(event.id, live.id));
      expect(after!.held).toBe(0);
      expect(after!.sold).toBe(heldTickets);
      const tickets = await t.database.db.select().from(ticket).where(eq(ticket.eventId, live.id));
      expect(tickets).toHaveLength(heldTickets);
    },
  );
});
