// The transaction handle every module's writes take, and the retry around a transaction that PostgreSQL aborted
// to break a deadlock or a serialization conflict.
import type { Database } from './client.js';
import { pgErrorCode } from './errors.js';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs `work` again when PostgreSQL broke a deadlock or a serialization conflict by aborting it. */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}
