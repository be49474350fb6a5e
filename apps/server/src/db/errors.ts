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
