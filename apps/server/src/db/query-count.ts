// Counts the statements this process sends through Drizzle (its logger sees every one, inside transactions too),
// for /metrics (`marquee_db_queries`): the waiting room's benchmark reads it to show that a queue poll costs no
// query on the common path (decision 034). The job queue's own statements (pg-boss) do not go through Drizzle.
let queries = 0;

export const queryCounter = {
  logQuery(): void {
    queries += 1;
  },
};

export const queriesSoFar = () => queries;
