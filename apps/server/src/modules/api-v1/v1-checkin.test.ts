// Check-ins through /api/v1 (decision 151): a ticket scanned by its code admits once, its door figures follow, and
// the scopes checkins:read and checkins:write are each needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import { insertOrder } from '../../../test/order-fixtures.js';
import { grantPro } from '../../../test/plan-helpers.js';
import { createKey, v1 } from '../../../test/api-key-helpers.js';
import { member, ticket } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('check-ins through the API', () => {
  it('admits a ticket by its code once, and needs the check-in scopes', async () => {
    const owner = await sellingOrganiser(t.app, 'apidoor');
    const [{ organizationId } = { organizationId: '' }] = await t.database.db.select().from(member).limit(1);
    await grantPro(t.database.db, organizationId);
    const live = await createLiveEvent(t.app, owner);
    const sold = await insertOrder(t.database.db, {
      organizationId,
      eventId: live.id,
      ticketTypeId: live.ticket_types[0]!.id,
      email: 'door@example.com',
      amountMinor: 2000,
      status: 'paid',
      paidAt: new Date(),
    });
    const [row] = await t.database.db.select().from(ticket).where(eq(ticket.orderId, sold.id));
    const door = await createKey(t.app, owner, ['checkins:read', 'checkins:write']);
    const scan = { code: row!.code, device_id: 'api-client-1' };

    const first = await v1(t.app, door.secret, 'POST', `/api/v1/checkins/events/${live.id}/scan`, scan);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ result: 'admitted', counts: { checked_in: 1 } });
    const again = await v1(t.app, door.secret, 'POST', `/api/v1/checkins/events/${live.id}/scan`, scan);
    expect(again.json().result).toBe('already_checked_in');
    const figures = await v1(t.app, door.secret, 'GET', `/api/v1/checkins/events/${live.id}`);
    expect(figures.statusCode).toBe(200);

    const readOnly = await createKey(t.app, owner, ['checkins:read']);
    expect((await v1(t.app, readOnly.secret, 'POST', `/api/v1/checkins/events/${live.id}/scan`, scan)).statusCode).toBe(
      403,
    );
    const noDoor = await createKey(t.app, owner, ['events:read', 'attendees:read']);
    expect((await v1(t.app, noDoor.secret, 'GET', `/api/v1/checkins/events/${live.id}`)).statusCode).toBe(403);
    const attendees = (await v1(t.app, noDoor.secret, 'GET', `/api/v1/attendees?event_id=${live.id}`)).json();
    expect(attendees.data[0]).toMatchObject({ code: row!.code, status: 'checked_in' });
  });
});
