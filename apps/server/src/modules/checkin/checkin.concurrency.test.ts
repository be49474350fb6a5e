// Two devices scan one ticket at the same moment through two app instances (two connection pools, as two
// server processes) on one PostgreSQL database: exactly one admits it. PGlite runs one transaction at a time and
// cannot show a race, so this runs on PostgreSQL only (CI sets TEST_DATABASE_URL).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoAppsOnPostgres } from '../../../test/two-apps.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { buyPaidOrder } from '../../../test/cancellation-helpers.js';
import { DEVICE, OTHER_DEVICE, checkinGet, checkinPost } from '../../../test/checkin-helpers.js';
import { checkIn, ticket } from '../../db/schema/index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('check-in under contention (PostgreSQL)', () => {
  const { t, second } = twoAppsOnPostgres({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });

  it('two simultaneous check-ins of one ticket admit it once, online or synced', async () => {
    const owner = await sellingOrganiser(t.app, 'race');
    const live = await createLiveEvent(t.app, owner, { name: 'Race Night' });
    const typeId = (await checkinGet(t.app, owner, `/api/checkin/events/${live.id}`)).json().ticket_types[0].id;
    const paid = await buyPaidOrder(t.app, 'race.localhost:3000', live.id, typeId, 10, 'racer@example.com');
    const tickets = await t.database.db.select().from(ticket).where(eq(ticket.orderId, paid.id));
    for (const [index, one] of tickets.entries()) {
      const payload = t.app.checkout.signer.payloadFor({ code: one.code, eventId: live.id });
      const url = `/api/checkin/events/${live.id}/${index % 2 ? 'sync' : 'scan'}`;
      const body = (device: string) =>
        index % 2
          ? {
              device_id: device,
              scans: [{ client_id: `race-${index}-${device}`, payload, scanned_at: new Date().toISOString() }],
            }
          : { device_id: device, payload };
      const answers = await Promise.all([
        checkinPost(t.app, owner, url, body(DEVICE)),
        checkinPost(second.app, owner, url, body(OTHER_DEVICE)),
      ]);
      const results = answers.map((answer) => {
        const json = answer.json();
        return (json.results ? json.results[0] : json).result as string;
      });
      // Offline scans dated in the same millisecond may both say "admitted" to their devices (each was the first
      // at its own door); the database still holds exactly one admission.
      if (index % 2 === 0) expect(results.sort()).toEqual(['admitted', 'already_checked_in']);
      const rows = await t.database.db.select().from(checkIn).where(eq(checkIn.ticketId, one.id));
      expect(rows.filter((row) => row.status === 'admitted')).toHaveLength(1);
      expect(rows).toHaveLength(2);
    }
  });
});
