// Recognises PostgreSQL error codes through Drizzle's wrapping, on both pg and PGlite.
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/**
 * What may go into a log line for an error. A database error's message and cause carry the SQL, its parameters
 * and the offending values (user data), so only its PostgreSQL code is kept.
 */
export function loggableError(error: unknown): unknown {
  const code = pgErrorCode(error);
  if (code) return { type: 'DatabaseError', code };
  if (error instanceof Error && /^Failed query:/.test(error.message)) return { type: 'DatabaseError' };
  return error;
}

/** The constraint a PostgreSQL error names (a CHECK or unique violation), through Drizzle's wrapping. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint !== '') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// Node's socket errors and node-postgres's own, when the server cannot be reached or dropped the connection.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
  /Cannot use a pool after calling end/,
];

/**
 * True when the database is unavailable rather than the query wrong: it cannot be reached, dropped the
 * connection, is shutting down or starting up (SQLSTATE class 08, 57P01-57P03), or has no connection to spare
 * (53300). Such a request fails with 503, and the same request succeeds once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    }
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
