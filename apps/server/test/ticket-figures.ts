// Every screen's figures for the ticket-truth property suite, held against counts made here straight from the
// database (plain SQL, none of the product's counting functions): the event page and its card, the check-in app
// and its log, the waiting-room panel, the offline list, Analytics, the dashboard and Customers, and the money at
// the payment provider.
import { sql } from 'drizzle-orm';
import { PLACE_STATES, TICKET_STATES } from '@marquee/shared';
import { checkinGet } from './checkin-helpers.js';
import { Broken, type World } from './ticket-world.js';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

function same(where: string, what: string, shown: unknown, truth: unknown) {
  if (JSON.stringify(shown) !== JSON.stringify(truth))
    throw new Broken(`${where}: ${what} shows ${JSON.stringify(shown)}, the database says ${JSON.stringify(truth)}`);
}

async function get(world: World, url: string) {
  const response = await checkinGet(world.app, world.owner, url);
  if (response.statusCode !== 200)
    throw new Broken(`GET ${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  return response.json();
}

/** The event's truth: tickets fans hold, tickets in, and ticket revenue (paid less refunded). */
async function eventTruth(world: World) {
  const [counts] = rows<{ sold: number; checked_in: number }>(
    await world.app.db.execute(sql`
      select count(*) filter (where status in ('valid', 'checked_in', 'listed'))::int as sold,
        count(*) filter (where status = 'checked_in')::int as checked_in
      from ticket where event_id = ${world.event.id}`),
  );
  const [money] = rows<{ revenue: string }>(
    await world.app.db.execute(sql`
      select coalesce(sum(greatest(amount_minor - refunded_minor, 0)), 0) as revenue
      from "order" where event_id = ${world.event.id} and paid_at is not null`),
  );
  return { sold: counts!.sold, checked_in: counts!.checked_in, revenue: Number(money!.revenue) };
}

/** The organisation's truth over all its events, and its customers. */
async function organizationTruth(world: World) {
  const [totals] = rows<{ sold: number; revenue: string }>(
    await world.app.db.execute(sql`
      select
        (select count(*)::int from ticket where organization_id = ${world.organizationId}
          and status in ('valid', 'checked_in', 'listed')) as sold,
        (select coalesce(sum(greatest(amount_minor - refunded_minor, 0)), 0) from "order"
          where organization_id = ${world.organizationId} and paid_at is not null) as revenue`),
  );
  const customers = rows<{ email: string; events: number; spent: string }>(
    await world.app.db.execute(sql`
      select customer_email as email,
        count(distinct event_id) filter (where status in ('paid', 'partially_refunded'))::int as events,
        coalesce(sum(greatest(amount_minor - refunded_minor, 0)), 0) as spent
      from "order"
      where organization_id = ${world.organizationId} and paid_at is not null and customer_email <> ''
      group by customer_email
      having bool_or(status in ('paid', 'partially_refunded'))
      order by customer_email`),
  );
  return { sold: totals!.sold, revenue: Number(totals!.revenue), customers };
}

/**
 * The shared quota's truth (decision 128): tickets of its types that take a place, and tickets of its types in
 * pending orders (live holds), counted from the tickets and orders themselves.
 */
async function quotaTruth(world: World) {
  const [counts] = rows<{ sold: number; held: number; capacity: number }>(
    await world.app.db.execute(sql`
      select
        (select count(*)::int from ticket t join ticket_type y on y.id = t.ticket_type_id
          where t.event_id = ${world.event.id} and ${world.quotaId}::uuid = any(y.quota_ids)
            and t.status in (${sql.join(
              PLACE_STATES.map((state) => sql`${state}`),
              sql`, `,
            )})) as sold,
        (select coalesce(sum(l.quantity), 0)::int from order_line l join "order" o on o.id = l.order_id
          join ticket_type y on y.id = l.ticket_type_id
          where o.event_id = ${world.event.id} and o.status = 'pending' and ${world.quotaId}::uuid = any(y.quota_ids))
          as held,
        (select capacity from ticket_quota where id = ${world.quotaId}) as capacity`),
  );
  return counts!;
}

/** Holds every screen's figures against the database; throws Broken with what disagreed. */
export async function checkFigures(world: World, where: string) {
  const id = world.event.id;
  const truth = await eventTruth(world);
  if (truth.checked_in > truth.sold) throw new Broken(`${where}: ${truth.checked_in} checked in of ${truth.sold} sold`);

  const page = await get(world, `/api/events/${id}`);
  same(where, 'event page sold / revenue', [page.sold, page.revenue_minor], [truth.sold, truth.revenue]);
  const lists = await get(world, '/api/events');
  const card = [...lists.upcoming, ...lists.previous].find((entry: { id: string }) => entry.id === id);
  same(where, 'event card sold / revenue', [card?.sold, card?.revenue_minor], [truth.sold, truth.revenue]);

  const door = await get(world, `/api/checkin/events/${id}`);
  same(where, 'check-in app checked in / sold', [door.checked_in, door.sold], [truth.checked_in, truth.sold]);
  const log = await get(world, `/api/checkin/events/${id}/log`);
  same(where, 'check-in log checked in / sold', [log.checked_in, log.sold], [truth.checked_in, truth.sold]);
  const quotas = await get(world, `/api/events/${id}/quotas`);
  const quota = (quotas.quotas as Array<{ id: string; sold: number; held: number }>).find(
    (entry) => entry.id === world.quotaId,
  );
  const quotaTruthNow = await quotaTruth(world);
  same(where, 'quota sold / held', [quota?.sold, quota?.held], [quotaTruthNow.sold, quotaTruthNow.held]);
  if (quotaTruthNow.sold + quotaTruthNow.held > quotaTruthNow.capacity)
    throw new Broken(
      `${where}: the quota holds ${quotaTruthNow.sold + quotaTruthNow.held} of ${quotaTruthNow.capacity}`,
    );

  const queue = await get(world, `/api/events/${id}/queue`);
  same(where, 'waiting-room panel sold', queue.sold, truth.sold);

  const offline = await get(world, `/api/checkin/events/${id}/offline`);
  const states = rows<{ code: string; status: string }>(
    await world.app.db.execute(sql`select code, status from ticket where event_id = ${id} order by code`),
  );
  const listed = (offline.tickets as Array<[string, number, string, string, string, number, number]>)
    .map((row) => ({ code: row[0], status: TICKET_STATES[row[5]] }))
    .sort((a, b) => a.code.localeCompare(b.code));
  same(where, 'offline list states', listed, states);

  const analytics = await get(world, `/api/analytics/summary?event_id=${id}`);
  const gbp = (analytics.cards.total_revenue as Array<{ currency: string; value: number }>).find(
    (entry) => entry.currency === 'GBP',
  );
  same(
    where,
    'analytics tickets / revenue',
    [analytics.cards.tickets_sold.value, gbp?.value ?? 0],
    [truth.sold, truth.revenue],
  );

  const organization = await organizationTruth(world);
  const overview = await get(world, '/api/dashboard/overview');
  same(
    where,
    'dashboard tickets / revenue',
    [overview.metrics.tickets_sold.value, overview.metrics.total_revenue.value],
    [organization.sold, organization.revenue],
  );
  const customers = await get(world, '/api/customers?sort=email&direction=asc');
  same(where, 'customers total', customers.total, organization.customers.length);
  const shown = (
    customers.customers as Array<{
      email: string;
      events_attended: number;
      total_spent: Array<{ amount_minor: number }>;
    }>
  ).map((entry) => [entry.email, entry.events_attended, entry.total_spent[0]?.amount_minor ?? 0]);
  same(
    where,
    'customers events / spent',
    shown,
    organization.customers.slice(0, 50).map((entry) => [entry.email, entry.events, Number(entry.spent)]),
  );

  // The money: what each paid order says was refunded is what the provider refunded.
  const money = rows<{ code: string; refunded: string; provider: string }>(
    await world.app.db.execute(sql`
      select o.code, o.refunded_minor as refunded, coalesce(s.amount_refunded, 0) as provider
      from "order" o join sandbox_checkout_session s on s.payment_intent_id = o.payment_intent_id
      where o.event_id = ${id} and o.paid_at is not null order by o.code`),
  );
  for (const entry of money)
    same(where, `order ${entry.code} refunded at the provider`, Number(entry.provider), Number(entry.refunded));
}
