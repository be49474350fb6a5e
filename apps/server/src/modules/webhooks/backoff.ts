// The retry schedule (decision 152): a failed delivery is tried again after these waits, with ±10 % jitter, for
// about three days (71.6 h); after the last one it is marked failed and stays in the log for a manual resend.
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 36_000, 36_000, 50_400];

/** Attempts in one round: the first and one after each wait. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The wait after the `step`-th failed attempt of a round (1-based), or null when the round is over. */
export function retryDelayMs(step: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_SECONDS[step - 1];
  if (base === undefined) return null;
  return Math.round(base * 1000 * (0.9 + 0.2 * random()));
}

/** An endpoint is turned off after failing continuously this long and at least this many attempts in a row. */
export const DISABLE_AFTER_MS = 24 * 3600 * 1000;
export const DISABLE_AFTER_FAILURES = 10;
