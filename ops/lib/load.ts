// A steady mixed load on every app process until told to stop: fans reading the event page and holding tickets,
// the organiser reading the dashboard's event list. Counts every status; status 0 is a timeout or a lost
// connection.
import { HttpClient } from '../../bench/lib/http.js';
import type { ServerProcess } from '../../bench/lib/server-process.js';
import { holdTickets, type Storefront } from './fans.js';

export interface LoadResult {
  requests: number;
  statuses: Map<number, number>;
  /** 5xx answers other than 503 (a clean "try again"). */
  unexpected: number;
}

export interface LoadTarget {
  servers: ServerProcess[];
  shop: Storefront;
  organiser: { cookie: string };
}

const WORKERS = 8;

export async function runLoad(target: LoadTarget, stop: AbortSignal): Promise<LoadResult> {
  const clients = target.servers.map((server) => new HttpClient(server.port, WORKERS, { timeoutMs: 20_000 }));
  const result: LoadResult = { requests: 0, statuses: new Map(), unexpected: 0 };
  let fan = 0;
  const worker = async (index: number) => {
    for (let round = 0; !stop.aborted; round += 1) {
      const via = clients[(index + round) % clients.length]!;
      const kind = (index + round) % 3;
      const reply =
        kind === 0
          ? await via.trySend({ path: `/events/${target.shop.event.id}`, host: target.shop.host })
          : kind === 1
            ? await holdTickets(via, target.shop, `load-${(fan += 1)}@example.com`)
            : await via.trySend({
                path: '/api/events',
                host: target.shop.appHost,
                headers: { cookie: target.organiser.cookie },
              });
      result.requests += 1;
      result.statuses.set(reply.status, (result.statuses.get(reply.status) ?? 0) + 1);
      if (reply.status >= 500 && reply.status !== 503) result.unexpected += 1;
      // A 503 asks to try again shortly; a fan's browser would not hammer the server meanwhile.
      if (reply.status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  } finally {
    await Promise.allSettled(clients.map((made) => made.close()));
  }
  return result;
}
