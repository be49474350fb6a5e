// Counts the statements this process sends through Drizzle (its logger sees every one, inside transactions too),
// for /metrics (`marquee_db_queries`): the waiting room's benchmark reads it to show that a queue poll costs no
// query on the common path (decision 034). The job queue's own statements (pg-boss) do not go through Drizzle.
// `watchQueries` lets a test see the statements' text in the order they are sent (decision 040).
let queries = 0;
const watchers = new Set<(query: string) => void>();

export const queryCounter = {
  logQuery(query: string): void {
    queries += 1;
    for (const watcher of watchers) watcher(query);
  },
};

export const queriesSoFar = () => queries;

/** Calls `watcher` with each statement's text as it is sent; returns the function that stops watching. */
export function watchQueries(watcher: (query: string) => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}
