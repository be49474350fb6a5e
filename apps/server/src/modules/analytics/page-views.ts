// First-party, cookieless page views of the storefront (decision 023). A page records a view in memory and
// returns at once; every few seconds (and on close) the counts are written per organisation, page and UTC day.
// A visitor is HMAC(day's salt, IP + user agent): the salt is one row per day shared by every process, and the
// row (with the day's visitor hashes) is deleted once the day is over, so a hash cannot be linked to a person
// or to another day. Known bots and prefetches are not counted. A checkout started by a counted visitor of the
// event's page is marked on its order (the day and that day's hash): the conversion rate's numerator.
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { Database } from '../../db/client.js';
import { event, pageViewDaily, pageViewSalt, pageVisitor, type PageKind } from '../../db/schema/index.js';

export interface PageViewTarget {
  organizationId: string;
  /** null for the storefront home page. */
  eventId: string | null;
}

export interface OrderTarget {
  organizationId: string;
  eventId: string;
  orderId: string;
}

export interface PageViewRecorder {
  /** Counts the request as a view of the page unless it is a bot, a prefetch or not a plain GET. Never waits. */
  record(request: FastifyRequest, target: PageViewTarget): void;
  /**
   * Notes the checkout request that made an order; at the next writes the order is marked with its visitor if they
   * are a counted visitor of the event's page today. Never waits.
   */
  recordOrder(request: FastifyRequest, target: OrderTarget): void;
  /**
   * Counts the view for the organisation's tracking link of this code (decision 156) under the same rules as
   * record(); an unknown code is dropped when written. Never waits.
   */
  recordLink(request: FastifyRequest, target: { organizationId: string; code: string }): void;
  /** Writes what has been recorded so far (tests call it; the timer and close do it otherwise). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface Pending {
  organizationId: string;
  day: string;
  page: PageKind;
  eventId: string | null;
  views: number;
  /** IP + user agent of each distinct visitor, hashed at flush with the day's salt and then dropped. */
  visitors: Set<string>;
}

interface PendingOrder extends OrderTarget {
  day: string;
  /** IP + user agent, hashed at flush with the day's salt. */
  visitor: string;
  /** Writes that have looked for the visitor already (their view may still wait in another process). */
  tries: number;
}

const PREFETCH = /prefetch|prerender|preview/i;
/** A view recorded by another process is written within its next flush or two. */
const ORDER_TRIES = 3;

const isHumanAgent = (userAgent: unknown): userAgent is string =>
  typeof userAgent === 'string' && userAgent.trim() !== '' && !isbot(userAgent);

/** Why a request is not a human view: a crawler, a link preview, a browser prefetch or prerender. */
export function isCountableView(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  if (!isHumanAgent(request.headers['user-agent'])) return false;
  for (const header of ['sec-purpose', 'purpose', 'x-purpose', 'x-moz']) {
    const value = request.headers[header];
    if (value !== undefined && PREFETCH.test(String(value))) return false;
  }
  return true;
}

export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHmac('sha256', salt).update(`${ip}\n${userAgent}`).digest().subarray(0, 16).toString('base64url');
}

/**
 * The salt of `day`. Today's is made by whichever process asks first (insert, ignore a conflict, read back), so
 * every process agrees; making it deletes earlier days' salts and visitor hashes. An earlier day's salt may
 * already be gone: then null (views are still counted, visitors of those few seconds are not).
 */
async function saltFor(db: Database, day: string, today: string): Promise<string | null> {
  if (day === today) {
    const inserted = await db
      .insert(pageViewSalt)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing()
      .returning({ day: pageViewSalt.day });
    if (inserted.length > 0) {
      await db.delete(pageViewSalt).where(lt(pageViewSalt.day, today));
      await db.delete(pageVisitor).where(lt(pageVisitor.day, today));
    }
  }
  const [row] = await db.select({ salt: pageViewSalt.salt }).from(pageViewSalt).where(eq(pageViewSalt.day, day));
  return row?.salt ?? null;
}

const keyOf = (target: { organizationId: string; day: string; page: PageKind; eventId: string | null }) =>
  `${target.organizationId}|${target.day}|${target.page}|${target.eventId ?? ''}`;

const CHUNK = 1000;

/** Adds each (organisation, day, code)'s views to its link's day; a code no link of the organisation has is dropped. */
async function writeLinkViews(
  db: Database,
  entries: Array<{ organizationId: string; day: string; code: string; views: number }>,
) {
  for (let index = 0; index < entries.length; index += CHUNK) {
    const values = sql.join(
      entries
        .slice(index, index + CHUNK)
        .map((entry) => sql`(${entry.organizationId}, ${entry.day}::date, ${entry.code}, ${entry.views}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      insert into tracking_link_view_daily (tracking_link_id, organization_id, day, views)
      select l.id, l.organization_id, v.day, v.views
      from (values ${values}) as v(organization_id, day, code, views)
      join tracking_link l on l.organization_id = v.organization_id and l.code = v.code
      on conflict (tracking_link_id, day) do update set views = tracking_link_view_daily.views + excluded.views`);
  }
}

export function createPageViewRecorder(options: {
  db: Database;
  log: FastifyBaseLogger;
  enabled?: boolean;
  flushIntervalMs?: number;
  /** A flush starts early when this many views wait. */
  maxPending?: number;
  now?: () => Date;
}): PageViewRecorder {
  const { db, log } = options;
  const enabled = options.enabled ?? true;
  const now = options.now ?? (() => new Date());
  const maxPending = options.maxPending ?? 20_000;
  let pending = new Map<string, Pending>();
  let pendingOrders: PendingOrder[] = [];
  let pendingLinks = new Map<string, { organizationId: string; day: string; code: string; views: number }>();
  let pendingViews = 0;
  let salt: { day: string; value: string | null } | null = null;
  let running: Promise<void> = Promise.resolve();

  function add(target: Omit<Pending, 'views' | 'visitors'>, visitor: string) {
    const key = keyOf(target);
    let entry = pending.get(key);
    if (!entry) {
      entry = { ...target, views: 0, visitors: new Set() };
      pending.set(key, entry);
    }
    entry.views += 1;
    entry.visitors.add(visitor);
  }

  async function write(batch: Map<string, Pending>) {
    const today = utcDay(now());
    const entries = [...batch.values()];
    // An event deleted since its page was viewed has nothing to count against.
    const eventIds = [...new Set(entries.flatMap((entry) => (entry.eventId ? [entry.eventId] : [])))];
    const existing = new Set<string>();
    for (let index = 0; index < eventIds.length; index += CHUNK) {
      const rows = await db
        .select({ id: event.id })
        .from(event)
        .where(inArray(event.id, eventIds.slice(index, index + CHUNK)));
      for (const row of rows) existing.add(row.id);
    }
    const live = entries.filter((entry) => entry.eventId === null || existing.has(entry.eventId));
    const salts = new Map<string, string | null>();
    for (const day of new Set(live.map((entry) => entry.day))) {
      if (salt?.day !== day) salt = { day, value: await saltFor(db, day, today) };
      salts.set(day, salt.value);
    }
    const visitorRows = live.flatMap((entry) => {
      const daySalt = salts.get(entry.day);
      if (!daySalt) return [];
      return [...entry.visitors].map((raw) => {
        const [ip = '', userAgent = ''] = raw.split('\n');
        return {
          organizationId: entry.organizationId,
          day: entry.day,
          page: entry.page,
          eventId: entry.eventId,
          visitor: visitorHash(daySalt, ip, userAgent),
        };
      });
    });
    await db.transaction(async (tx) => {
      const newVisitors = new Map<string, number>();
      for (let index = 0; index < visitorRows.length; index += CHUNK) {
        const inserted = await tx
          .insert(pageVisitor)
          .values(visitorRows.slice(index, index + CHUNK))
          .onConflictDoNothing()
          .returning({
            organizationId: pageVisitor.organizationId,
            day: pageVisitor.day,
            page: pageVisitor.page,
            eventId: pageVisitor.eventId,
          });
        for (const row of inserted) newVisitors.set(keyOf(row), (newVisitors.get(keyOf(row)) ?? 0) + 1);
      }
      for (let index = 0; index < live.length; index += CHUNK) {
        await tx
          .insert(pageViewDaily)
          .values(
            live.slice(index, index + CHUNK).map((entry) => ({
              organizationId: entry.organizationId,
              day: entry.day,
              page: entry.page,
              eventId: entry.eventId,
              views: entry.views,
              visitors: newVisitors.get(keyOf(entry)) ?? 0,
            })),
          )
          .onConflictDoUpdate({
            target: [pageViewDaily.organizationId, pageViewDaily.page, pageViewDaily.eventId, pageViewDaily.day],
            set: {
              views: sql`${pageViewDaily.views} + excluded.views`,
              visitors: sql`${pageViewDaily.visitors} + excluded.visitors`,
            },
          });
      }
    });
  }

  /**
   * Marks each order whose checkout came from a counted visitor of its event's page that day (their hash is in
   * page_visitor, written just before). An order not matched yet is looked for again at the next writes, a few
   * times: the visitor's view may be waiting in another process.
   */
  async function markOrders(batch: PendingOrder[]): Promise<PendingOrder[]> {
    const today = utcDay(now());
    const rows: Array<PendingOrder & { hash: string }> = [];
    for (const entry of batch) {
      if (salt?.day !== entry.day) salt = { day: entry.day, value: await saltFor(db, entry.day, today) };
      if (!salt.value) continue;
      const [ip = '', userAgent = ''] = entry.visitor.split('\n');
      rows.push({ ...entry, hash: visitorHash(salt.value, ip, userAgent) });
    }
    const marked = new Set<string>();
    for (let index = 0; index < rows.length; index += CHUNK) {
      const values = sql.join(
        rows
          .slice(index, index + CHUNK)
          .map(
            (row) =>
              sql`(${row.orderId}::uuid, ${row.organizationId}, ${row.eventId}::uuid, ${row.day}::date, ${row.hash})`,
          ),
        sql`, `,
      );
      const result = await db.execute(sql`
        update "order" o set visit_day = v.day, visitor = v.hash
        from (values ${values}) as v(order_id, organization_id, event_id, day, hash)
        where o.id = v.order_id and o.organization_id = v.organization_id and o.event_id = v.event_id
          and o.visitor is null
          and exists (select 1 from page_visitor p where p.organization_id = v.organization_id and p.day = v.day
            and p.page = 'event' and p.event_id = v.event_id and p.visitor = v.hash)
        returning o.id`);
      for (const row of (result as unknown as { rows: Array<{ id: string }> }).rows) marked.add(row.id);
    }
    return rows
      .filter((row) => !marked.has(row.orderId) && row.tries + 1 < ORDER_TRIES && row.day === today)
      .map(({ hash: _hash, ...row }) => ({ ...row, tries: row.tries + 1 }));
  }

  function flush(): Promise<void> {
    running = running.then(async () => {
      if (pending.size === 0 && pendingOrders.length === 0 && pendingLinks.size === 0) return;
      const batch = pending;
      const orders = pendingOrders;
      const links = pendingLinks;
      pending = new Map();
      pendingOrders = [];
      pendingLinks = new Map();
      pendingViews = 0;
      try {
        if (batch.size > 0) await write(batch);
      } catch (error) {
        // Counting never breaks a page; a lost batch is a few seconds of views.
        log.error({ err: error }, 'page views: flush failed');
      }
      try {
        if (links.size > 0) await writeLinkViews(db, [...links.values()]);
      } catch (error) {
        log.error({ err: error }, 'page views: tracking link views failed');
      }
      try {
        if (orders.length > 0) pendingOrders.push(...(await markOrders(orders)));
      } catch (error) {
        log.error({ err: error }, 'page views: marking orders failed');
      }
    });
    return running;
  }

  const timer = enabled ? setInterval(() => void flush(), options.flushIntervalMs ?? 5000) : null;
  timer?.unref();

  return {
    record(request, target) {
      if (!enabled || !isCountableView(request)) return;
      const day = utcDay(now());
      const visitor = `${request.ip}\n${String(request.headers['user-agent'])}`;
      add(
        {
          organizationId: target.organizationId,
          day,
          page: target.eventId ? 'event' : 'home',
          eventId: target.eventId,
        },
        visitor,
      );
      add({ organizationId: target.organizationId, day, page: 'site', eventId: null }, visitor);
      pendingViews += 1;
      if (pendingViews >= maxPending) void flush();
    },
    recordLink(request, target) {
      if (!enabled || !isCountableView(request)) return;
      const day = utcDay(now());
      const key = `${target.organizationId}|${day}|${target.code}`;
      const entry = pendingLinks.get(key);
      if (entry) entry.views += 1;
      else pendingLinks.set(key, { organizationId: target.organizationId, day, code: target.code, views: 1 });
      pendingViews += 1;
      if (pendingViews >= maxPending) void flush();
    },
    recordOrder(request, target) {
      const userAgent = request.headers['user-agent'];
      if (!enabled || !isHumanAgent(userAgent)) return;
      pendingOrders.push({ ...target, day: utcDay(now()), visitor: `${request.ip}\n${userAgent}`, tries: 0 });
      pendingViews += 1;
      if (pendingViews >= maxPending) void flush();
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
