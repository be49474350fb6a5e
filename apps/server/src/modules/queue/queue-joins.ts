// Joins, batched (decision 041). Every join of an event takes its queue row's lock (the draw is ordered against
// joins by it, and places after the draw count up on it), so joins one statement each queue on that lock: about
// 300 a second on the development machine, fewer than a drop's crowd brings. A process therefore sends one join
// statement per event at a time, for every browser that arrived meanwhile, in arrival order: the lock is taken
// once per batch, places stay first come first served and contiguous, and the batch grows with the crowd.
// Nothing is kept between requests: a batch lives only while its browsers wait for their answers.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

export interface JoinResult {
  /** Null: in the lobby until the draw. */
  place: number | null;
}

/** Browsers in one statement at most (two parameters each). */
export const JOIN_BATCH_MAX = 500;

interface Waiting {
  browserId: string;
  organizationId: string;
  /** A browser another process entered between this statement's check and its insert is tried once more. */
  tries: number;
  resolve(result: JoinResult | null): void;
  reject(error: unknown): void;
}

type Outcome = { place: number | null } | 'no-queue' | 'again';

/** One statement for `browsers` of one event: each one's entry (new or existing), or why there is none. */
async function joinBatch(
  db: Database,
  eventId: string,
  organizationId: string,
  browsers: string[],
): Promise<Map<string, Outcome>> {
  const input = sql.join(
    browsers.map((browserId, index) => sql`(${browserId}::text, ${index}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with input (browser_id, ord) as (values ${input}),
    fresh as (
      select i.browser_id, row_number() over (order by i.ord) as n from input i
      where not exists (select 1 from queue_entry e where e.event_id = ${eventId} and e.browser_id = i.browser_id)
    ),
    q as (
      update event_queue
      set last_place = last_place + case when drawn_at is null then 0 else (select count(*) from fresh) end
      where event_id = ${eventId}
      returning drawn_at, last_place
    ),
    added as (
      insert into queue_entry (organization_id, event_id, browser_id, place, lottery)
      select ${organizationId}, ${eventId}, f.browser_id,
        case when q.drawn_at is null then null else q.last_place - (select count(*) from fresh) + f.n end, random()
      from q, fresh f
      on conflict (event_id, browser_id) do nothing
      returning browser_id, place
    )
    select browser_id, place from added
    union all
    select browser_id, place from queue_entry
    where event_id = ${eventId} and browser_id in (select browser_id from input)
    union all
    select null, null from event_queue where event_id = ${eventId}`);
  const rows = (result as unknown as { rows: Array<{ browser_id: string | null; place: number | string | null }> })
    .rows;
  const queueExists = rows.some((row) => row.browser_id === null);
  const outcomes = new Map<string, Outcome>();
  for (const row of rows)
    if (row.browser_id !== null) outcomes.set(row.browser_id, { place: row.place === null ? null : Number(row.place) });
  for (const browserId of browsers)
    if (!outcomes.has(browserId)) outcomes.set(browserId, queueExists ? 'again' : 'no-queue');
  return outcomes;
}

/** The joins of one event in one process: at most one statement in flight, the next batch gathering meanwhile. */
class EventJoins {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly eventId: string,
    private readonly idle: () => void,
  ) {}

  add(waiting: Waiting) {
    this.waiting.push(waiting);
    if (!this.running) void this.run();
  }

  private async run() {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, JOIN_BATCH_MAX);
      const browsers = [...new Set(batch.map((entry) => entry.browserId))];
      try {
        const outcomes = await joinBatch(this.db, this.eventId, batch[0]!.organizationId, browsers);
        for (const entry of batch) {
          const outcome = outcomes.get(entry.browserId)!;
          if (outcome === 'again' && entry.tries < 1) this.waiting.push({ ...entry, tries: entry.tries + 1 });
          else entry.resolve(typeof outcome === 'object' ? outcome : null);
        }
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.running = false;
    this.idle();
  }
}

const joinsByDatabase = new WeakMap<Database, Map<string, EventJoins>>();

/** This browser's entry, through its event's next batch. Null when the queue row does not exist yet. */
export function joinInBatch(
  db: Database,
  input: { eventId: string; organizationId: string; browserId: string },
): Promise<JoinResult | null> {
  let events = joinsByDatabase.get(db);
  if (!events) {
    events = new Map();
    joinsByDatabase.set(db, events);
  }
  const byEvent = events;
  let joins = byEvent.get(input.eventId);
  if (!joins) {
    const created = new EventJoins(db, input.eventId, () => {
      if (byEvent.get(input.eventId) === created) byEvent.delete(input.eventId);
    });
    byEvent.set(input.eventId, created);
    joins = created;
  }
  const target = joins;
  return new Promise((resolve, reject) =>
    target.add({ browserId: input.browserId, organizationId: input.organizationId, tries: 0, resolve, reject }),
  );
}
