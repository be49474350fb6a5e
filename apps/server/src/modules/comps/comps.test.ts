// Guest list and comps (issue 31, point 2; decisions 126 and 127): a comp issued one at a time or from a CSV file
// is a paid order with revenue 0 marked 'comp', its tickets admitted by the door, counted in the figures with revenue
// 0, e-mailed like a sale, refused a refund; every bad line of a file is reported with its line number and nothing
// is imported; duplicates are refused unless forced; capacity holds; the door list as CSV and PDF.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMP_MESSAGES, MAX_COMP_IMPORT_ROWS } from '@marquee/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { asBrowser, type SignedInUser } from '../../../test/auth-helpers.js';
import { createLiveEvent, sellingOrganiser } from '../../../test/checkout-helpers.js';
import {
  buyPaidOrder,
  cancelRequest,
  deliverCheckoutMail,
  mailTo,
  runRefundJobs,
} from '../../../test/cancellation-helpers.js';
import { fanPost, orderDetail, orderPage, refundRequest } from '../../../test/after-sale-helpers.js';
import { addMember, organizationOf, scan } from '../../../test/checkin-helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { event, order, ticket } from '../../db/schema/index.js';

let t: TestApp;
let owner: SignedInUser;
let door: SignedInUser;
let rival: SignedInUser;
const host = 'guestco.localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  owner = await sellingOrganiser(t.app, 'guestco');
  rival = await sellingOrganiser(t.app, 'guestrival');
  door = await addMember(t.app, await organizationOf(t.app, owner), 'door');
});
afterAll(() => t.close());

const db = () => t.database.db;
const issue = (eventId: string, body: object, user = owner) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/comps`, headers: asBrowser(user), payload: body });
const importCsv = (eventId: string, csv: string, force?: boolean, user = owner) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/comps/import`,
    headers: asBrowser(user),
    payload: { csv, ...(force === undefined ? {} : { force }) },
  });
const compsOf = async (eventId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/comps`, headers: asBrowser(owner) })).json();
const soldOf = async (eventId: string) =>
  (await db().select({ sold: event.sold }).from(event).where(eq(event.id, eventId)))[0]!.sold;
const get = (url: string, user = owner) => t.app.inject({ method: 'GET', url, headers: asBrowser(user) });
const rowErrors = (body: { error: { fields?: Array<{ path: string; message: string }> } }) =>
  (body.error.fields ?? []).map((field) => `${field.path}: ${field.message}`);

async function addType(eventId: string, name: string, capacity: number | null = null) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/ticket-types`,
    headers: asBrowser(owner),
    payload: { name, price: '10.00', capacity, hidden: true },
  });
  if (response.statusCode !== 201) throw new Error(`type: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; name: string };
}

describe('POST /api/events/:id/comps', () => {
  it('issues a comp: a paid order of 0 marked comp, its tickets admitted at the door, e-mailed, counted with revenue 0', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Guest Night', capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    const response = await issue(live.id, {
      name: 'Grace Guest',
      email: 'Grace@Example.com',
      ticket_type_id: typeId,
      quantity: 2,
      note: 'Headliner +1',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ issued: 1, tickets: 2 });
    expect(await soldOf(live.id)).toBe(2);

    const list = await compsOf(live.id);
    expect(list).toMatchObject({ total: 1, tickets: 2 });
    expect(list.comps[0]).toMatchObject({
      name: 'Grace Guest',
      email: 'grace@example.com',
      ticket_type: 'General Admission',
      quantity: 2,
      note: 'Headliner +1',
      status: 'paid',
    });
    const orders = (await get(`/api/events/${live.id}/orders`)).json();
    expect(orders.orders[0]).toMatchObject({ channel: 'comp', total_minor: 0, status: 'paid', quantity: 2 });
    const detail = await orderDetail(t.app, owner, orders.orders[0].id);
    expect(detail).toMatchObject({ channel: 'comp', amount_minor: 0, fee_minor: 0, refundable_minor: 0 });
    expect(detail.tickets.map((entry: { status: string; holder_name: string }) => entry.status)).toEqual([
      'valid',
      'valid',
    ]);
    expect(detail.history[0]).toMatchObject({ action: 'comp_issued', note: 'Headliner +1' });

    // The door admits it like any ticket, once.
    const first = await scan(t.app, door, live.id, { code: detail.tickets[0].code });
    expect(first.json().result).toBe('admitted');
    expect((await scan(t.app, door, live.id, { code: detail.tickets[0].code })).json().result).toBe(
      'already_checked_in',
    );

    // E-mailed like a sale: the order confirmation with the tickets.
    await deliverCheckoutMail(t.app);
    const mail = await mailTo(t.app, 'grace@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Guest Night');
    expect(mail[0]!.text).toContain(detail.tickets[1].code);

    // The figures count its tickets with revenue 0.
    const summary = (await get(`/api/analytics/summary?period=7d&event_id=${live.id}`)).json();
    expect(summary.cards.tickets_sold.value).toBe(2);
    expect(summary.cards.total_revenue.map((card: { value: number }) => card.value)).toEqual([0]);
    // Given, not sold: not among the recent sales, and its guest is not a customer (a buyer); the orders export
    // says comp.
    expect((await get(`/api/analytics/recent-sales?period=7d&event_id=${live.id}`)).json().sales).toEqual([]);
    expect((await get('/api/customers?search=grace')).json().total).toBe(0);
    // A buyer who is also given a comp sees it apart, marked, in their customer detail.
    await buyPaidOrder(t.app, host, live.id, typeId, 1, 'grace@example.com');
    const buyer = (await get('/api/customers?search=grace')).json().customers[0];
    const customer = (await get(`/api/customers/${buyer.id}`)).json();
    expect(customer.events).toHaveLength(1);
    expect(customer.comps).toEqual([
      { event_id: live.id, event_name: 'Guest Night', tickets: 2, issued_at: expect.any(String) },
    ]);
    const exported = (await get(`/api/analytics/orders.csv?period=7d&event_id=${live.id}`)).body;
    // The comp's row, wherever it sorts beside the paid order made in the same second (its Add-ons cell empty).
    const rows = exported.trim().split('\n').slice(1);
    expect(rows.filter((row) => row.includes(',comp,'))).toEqual([
      expect.stringMatching(/,grace@example\.com,.*,2,0(\.00)?,0(\.00)?,GBP,paid,comp,Grace Guest; Grace Guest,$/),
    ]);
  });

  it('refuses a second comp of the same guest and type unless forced, and a bad e-mail, type or quantity', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Dup Night', capacity: 20 });
    const typeId = live.ticket_types[0]!.id;
    const body = { name: 'Dee Dup', email: 'dee@example.com', ticket_type_id: typeId, quantity: 1 };
    expect((await issue(live.id, body)).statusCode).toBe(201);
    const again = await issue(live.id, { ...body, email: 'DEE@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(COMP_MESSAGES.duplicateExisting);
    expect((await issue(live.id, { ...body, force: true })).statusCode).toBe(201);
    expect((await compsOf(live.id)).total).toBe(2);

    const badEmail = await issue(live.id, { ...body, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields[0]).toMatchObject({ path: 'email', message: COMP_MESSAGES.emailInvalid });
    const other = await createLiveEvent(t.app, owner, { name: 'Other Night' });
    const wrongType = await issue(live.id, {
      ...body,
      email: 'x@example.com',
      ticket_type_id: other.ticket_types[0]!.id,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe(COMP_MESSAGES.typeRequired);
    const zero = await issue(live.id, { ...body, email: 'y@example.com', quantity: 0 });
    expect(zero.statusCode).toBe(400);
    const control = await issue(live.id, { ...body, email: 'z@example.com', name: 'Bad\u0007Name' });
    expect(control.statusCode).toBe(400);
    expect((await compsOf(live.id)).total).toBe(2);
    expect(await soldOf(live.id)).toBe(2);
  });

  it('refuses a comp past the capacity with a clear message and takes nothing', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Tiny Room', capacity: 3 });
    const typeId = live.ticket_types[0]!.id;
    await buyPaidOrder(t.app, host, live.id, typeId, 2, 'payer@example.com');
    const tooMany = await issue(live.id, {
      name: 'Big Party',
      email: 'big@example.com',
      ticket_type_id: typeId,
      quantity: 2,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(COMP_MESSAGES.notEnoughPlaces('the event', 1, 2));
    expect(await soldOf(live.id)).toBe(2);
    expect((await compsOf(live.id)).total).toBe(0);
    const typeFull = await addType(live.id, 'Guest List', 1);
    const overType = await issue(live.id, {
      name: 'Two',
      email: 'two@example.com',
      ticket_type_id: typeFull.id,
      quantity: 2,
    });
    expect(overType.statusCode).toBe(409);
    expect(overType.json().error.message).toBe(COMP_MESSAGES.notEnoughPlaces('Guest List', 1, 2));
    expect(
      (await issue(live.id, { name: 'One', email: 'one@example.com', ticket_type_id: typeFull.id, quantity: 1 }))
        .statusCode,
    ).toBe(201);
    expect(await soldOf(live.id)).toBe(3);
  });

  it('is for the organiser of the event only, with the app Origin, and not for a cancelled event', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Private Night' });
    const body = { name: 'Sam', email: 'sam@example.com', ticket_type_id: live.ticket_types[0]!.id, quantity: 1 };
    expect((await issue(live.id, body, rival)).statusCode).toBe(404);
    expect((await issue(live.id, body, door)).statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/comps`,
      headers: { cookie: owner.cookie },
      payload: body,
    });
    expect(noOrigin.statusCode).toBe(403);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/events/${live.id}/cancel`,
      headers: asBrowser(owner),
      payload: { reason: 'Storm', confirm: 'Private Night' },
    });
    expect(cancelled.statusCode).toBe(200);
    const refused = await issue(live.id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(COMP_MESSAGES.eventClosed('cancelled'));
  });

  it('refuses to refund a comp, clearly, and changes nothing', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'No Refund Night' });
    await issue(live.id, {
      name: 'Rita',
      email: 'rita@example.com',
      ticket_type_id: live.ticket_types[0]!.id,
      quantity: 1,
    });
    const comp = (await compsOf(live.id)).comps[0];
    const refused = await refundRequest(t.app, owner, comp.order_id, { reason: 'Changed mind' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(COMP_MESSAGES.noRefund);
    const [row] = await db().select().from(order).where(eq(order.id, comp.order_id));
    expect(row).toMatchObject({ status: 'paid', refundedMinor: 0 });
    expect(await soldOf(live.id)).toBe(1);
  });

  it('offers the guest no refund on their order page and refuses one asked for anyway', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Guest Page Night', refunds_allowed: true });
    await issue(live.id, {
      name: 'Gil',
      email: 'gil@example.com',
      ticket_type_id: live.ticket_types[0]!.id,
      quantity: 1,
    });
    const [row] = await db().select().from(order).where(eq(order.customerEmail, 'gil@example.com'));
    const page = await orderPage(t.app, host, row!.accessToken);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Ask for a refund');
    const asked = await fanPost(t.app, host, `/orders/${row!.accessToken}/refund-request`, { reason: 'Please' });
    expect(asked.body).toContain(COMP_MESSAGES.noRefund);
    const [after] = await db().select().from(order).where(eq(order.id, row!.id));
    expect(after!.status).toBe('paid');
  });

  it('tells a guest of a cancelled event that their comp no longer admits, with no talk of a refund', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Storm Night' });
    await issue(live.id, {
      name: 'Hal',
      email: 'hal@example.com',
      ticket_type_id: live.ticket_types[0]!.id,
      quantity: 1,
    });
    await deliverCheckoutMail(t.app);
    expect((await cancelRequest(t.app, owner, live.id, { reason: 'Storm', confirm: 'Storm Night' })).statusCode).toBe(
      200,
    );
    await runRefundJobs(t.app);
    await deliverCheckoutMail(t.app);
    const mail = await mailTo(t.app, 'hal@example.com');
    const cancelled = mail.find((entry) => entry.subject === 'Cancelled: Storm Night');
    expect(cancelled?.text).toContain('Your complimentary tickets from');
    expect(cancelled?.text).not.toMatch(/refund/i);
  });
});

describe('POST /api/events/:id/comps/import', () => {
  it('imports a file (any column order and case, quoted commas, BOM, CRLF, hidden types by name)', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Import Night', capacity: 100 });
    await addType(live.id, 'Guest List');
    const csv =
      '\ufeffEmail,Name,Type,Quantity,Note\r\n' +
      'ann@example.com,"Ann, Artist",guest list,2,"Band, +1"\r\n' +
      'bob@example.com,Bob Press,General Admission,1,\r\n' +
      '\r\n' +
      'cat@example.com,Cat Crew,GUEST LIST,1,\r\n';
    const response = await importCsv(live.id, csv);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ issued: 3, tickets: 4 });
    const list = await compsOf(live.id);
    expect(list.total).toBe(3);
    expect(list.comps.find((comp: { email: string }) => comp.email === 'ann@example.com')).toMatchObject({
      name: 'Ann, Artist',
      ticket_type: 'Guest List',
      quantity: 2,
      note: 'Band, +1',
    });
    expect(await soldOf(live.id)).toBe(4);
    await deliverCheckoutMail(t.app);
    expect(await mailTo(t.app, 'cat@example.com')).toHaveLength(1);
  });

  it('reports every bad line with its line number (bad e-mail, unknown type, quantity, duplicates) and imports nothing', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Bad File Night', capacity: 100 });
    const csv = [
      'name,email,type,quantity,note',
      'Good One,good@example.com,General Admission,1,',
      'Bad Mail,not-an-email,General Admission,1,',
      'Bad Type,badtype@example.com,Backstage,1,',
      ',noname@example.com,General Admission,x,',
      'Good One Again,GOOD@example.com,general admission,1,',
    ].join('\n');
    const response = await importCsv(live.id, csv);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(COMP_MESSAGES.rowsRefused(4));
    expect(rowErrors(response.json())).toEqual([
      `rows.3.email: ${COMP_MESSAGES.emailInvalid}`,
      `rows.4.type: ${COMP_MESSAGES.typeUnknown('Backstage')}`,
      `rows.5.name: ${COMP_MESSAGES.nameRequired}`,
      `rows.5.quantity: ${COMP_MESSAGES.quantity}`,
      `rows.6.row: ${COMP_MESSAGES.duplicateInFile(2)}`,
    ]);
    expect((await compsOf(live.id)).total).toBe(0);
    expect(await soldOf(live.id)).toBe(0);
  });

  it('refuses a guest who already has a comp of that type unless forced', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Again Night', capacity: 100 });
    const typeId = live.ticket_types[0]!.id;
    await issue(live.id, { name: 'Early', email: 'early@example.com', ticket_type_id: typeId, quantity: 1 });
    const csv =
      'name,email,type,quantity\nNew,new@example.com,General Admission,1\nEarly,early@example.com,General Admission,1\n';
    const refused = await importCsv(live.id, csv);
    expect(refused.statusCode).toBe(422);
    expect(rowErrors(refused.json())).toEqual([`rows.3.row: ${COMP_MESSAGES.duplicateExisting}`]);
    expect((await compsOf(live.id)).total).toBe(1);
    const forced = await importCsv(live.id, csv, true);
    expect(forced.statusCode).toBe(201);
    expect((await compsOf(live.id)).total).toBe(3);
  });

  it('refuses a file with too many rows, an empty file, missing columns or broken quoting, and imports nothing', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Huge Night', capacity: null });
    const rows = Array.from(
      { length: MAX_COMP_IMPORT_ROWS + 1 },
      (_, index) => `Guest ${index},guest${index}@example.com,General Admission,1`,
    );
    const tooMany = await importCsv(live.id, ['name,email,type,quantity', ...rows].join('\n'));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toBe(COMP_MESSAGES.tooManyRows(MAX_COMP_IMPORT_ROWS + 1));
    const empty = await importCsv(live.id, 'name,email,type,quantity\n');
    expect(empty.json().error.message).toBe(COMP_MESSAGES.empty);
    const columns = await importCsv(live.id, 'name,mail\nA,a@example.com\n');
    expect(columns.json().error.message).toBe(COMP_MESSAGES.missingColumns(['email', 'type', 'quantity']));
    const quoting = await importCsv(live.id, 'name,email,type,quantity\n"Open,a@example.com,General Admission,1\n');
    expect(quoting.statusCode).toBe(422);
    expect(quoting.json().error.message).toMatch(/^The file could not be read as CSV/);
    expect((await compsOf(live.id)).total).toBe(0);
    expect(await soldOf(live.id)).toBe(0);
  });

  it('refuses a file that does not fit the capacity as a whole and imports none of it', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Full File Night', capacity: 3 });
    const csv = 'name,email,type,quantity\nA,a@example.com,General Admission,2\nB,b@example.com,General Admission,2\n';
    const response = await importCsv(live.id, csv);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(COMP_MESSAGES.notEnoughPlaces('the event', 3, 4));
    expect((await compsOf(live.id)).total).toBe(0);
    expect(await soldOf(live.id)).toBe(0);
  });

  it('never goes past capacity or issues a duplicate when imports and forms race', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Race Night', capacity: 10 });
    const file = (prefix: string) =>
      'name,email,type,quantity\n' +
      Array.from(
        { length: 6 },
        (_, index) => `${prefix}${index},${prefix}${index}@example.com,General Admission,1`,
      ).join('\n');
    const answers = await Promise.all([importCsv(live.id, file('a')), importCsv(live.id, file('b'))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await soldOf(live.id)).toBe(6);
    const same = { name: 'Twin', email: 'twin@example.com', ticket_type_id: live.ticket_types[0]!.id, quantity: 1 };
    const twins = await Promise.all([issue(live.id, same), issue(live.id, same), issue(live.id, same)]);
    expect(twins.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const singles = await Promise.all(
      Array.from({ length: 6 }, (_, index) => issue(live.id, { ...same, email: `single${index}@example.com` })),
    );
    expect(singles.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(await soldOf(live.id)).toBe(10);
    const tickets = await db().select().from(ticket).where(eq(ticket.eventId, live.id));
    expect(tickets).toHaveLength(10);
  });

  it('issues a guest once when two imports of the same file race, and says which lines were already issued', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Same File Night', capacity: 100 });
    const csv =
      'name,email,type,quantity\n' +
      Array.from({ length: 20 }, (_, index) => `S${index},same${index}@example.com,General Admission,1`).join('\n');
    const answers = await Promise.all([importCsv(live.id, csv), importCsv(live.id, csv)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(rowErrors(refused.json())).toHaveLength(20);
    expect(rowErrors(refused.json())[0]).toBe(`rows.2.row: ${COMP_MESSAGES.duplicateExisting}`);
    expect((await compsOf(live.id)).total).toBe(20);
    expect(await soldOf(live.id)).toBe(20);
  });
});

describe('GET /api/events/:id/door-list.csv and .pdf', () => {
  it('lists every valid ticket: holder, e-mail, type, ticket, order, comp or paid, checked in; formulas defused', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Door List Night', capacity: 50 });
    const typeId = live.ticket_types[0]!.id;
    const paid = await buyPaidOrder(t.app, host, live.id, typeId, 2, 'payer2@example.com');
    await issue(live.id, {
      name: '=HYPERLINK("http://x")',
      email: 'formula@example.com',
      ticket_type_id: typeId,
      quantity: 1,
    });
    await issue(live.id, { name: 'Zed Guest', email: 'zed@example.com', ticket_type_id: typeId, quantity: 1 });
    const paidTickets = await db().select().from(ticket).where(eq(ticket.orderId, paid.id)).orderBy(ticket.code);
    // One refunded ticket is off the list; one checked in shows so.
    expect(
      (await refundRequest(t.app, owner, paid.id, { ticket_ids: [paidTickets[0]!.id], reason: 'x' })).statusCode,
    ).toBe(200);
    expect((await scan(t.app, door, live.id, { code: paidTickets[1]!.code })).json().result).toBe('admitted');

    const csv = await get(`/api/events/${live.id}/door-list.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="door-list-door-list-night.csv"');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Email,Ticket Type,Ticket,Order,Kind,Checked In');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/x""\)",formula@example.com,General Admission,T-\w+,MQ-\w+,Comp,No$/,
    );
    expect(lines[2]).toBe(
      `Fran Fan,payer2@example.com,General Admission,${paidTickets[1]!.code},${paid.code},Paid,Yes`,
    );
    expect(lines[3]).toMatch(/^Zed Guest,zed@example.com,General Admission,T-\w+,MQ-\w+,Comp,No$/);
    expect(csv.body).not.toContain(paidTickets[0]!.code);

    const pdf = await get(`/api/events/${live.id}/door-list.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const read = await readPdf(pdf.rawPayload);
    expect(read.title).toBe('Door list: Door List Night');
    expect(read.pages).toHaveLength(1);
    expect(read.pages[0]).toContain('Door list: Door List Night');
    expect(read.pages[0]).toContain('3 tickets (2 comps) · 1 checked in when printed');
    expect(read.pages[0]).toContain('Zed Guest');
    expect(read.pages[0]).toContain(paidTickets[1]!.code);
    expect(read.pages[0]).not.toContain(paidTickets[0]!.code);

    expect((await get(`/api/events/${live.id}/door-list.csv`, rival)).statusCode).toBe(404);
    expect((await get(`/api/events/${live.id}/door-list.pdf`, door)).statusCode).toBe(403);
  });

  it('spreads a long list over numbered pages with the header on each', async () => {
    const live = await createLiveEvent(t.app, owner, { name: 'Long List Night', capacity: null });
    const csv =
      'name,email,type,quantity\n' +
      Array.from(
        { length: 70 },
        (_, index) => `Guest ${String(index).padStart(2, '0')},g${index}@example.com,General Admission,1`,
      ).join('\n');
    expect((await importCsv(live.id, csv)).statusCode).toBe(201);
    const read = await readPdf((await get(`/api/events/${live.id}/door-list.pdf`)).rawPayload);
    expect(read.pages.length).toBeGreaterThan(1);
    for (const [index, text] of read.pages.entries()) {
      expect(text).toContain('Ticket Type');
      expect(text).toContain(`Page ${index + 1} of ${read.pages.length}`);
    }
    expect(read.pages.join('\n')).toContain('Guest 69');
  });
});
