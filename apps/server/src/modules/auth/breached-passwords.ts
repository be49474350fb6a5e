// Refuses passwords known from data breaches: a bundled list of commonly breached passwords, and, only when
// HIBP_RANGE_CHECK is on, the Pwned Passwords range API (k-anonymity: only 5 hex chars of the SHA-1 leave us).
import { createHash } from 'node:crypto';
import fs from 'node:fs';

let bundled: Set<string> | undefined;

function bundledList(): Set<string> {
  if (!bundled) {
    const text = fs.readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    bundled = new Set(text.split('\n').filter((line) => line && !line.startsWith('#')));
  }
  return bundled;
}

export function isCommonlyBreached(password: string): boolean {
  return bundledList().has(password.toLowerCase());
}

export interface BreachCheckOptions {
  rangeCheck: boolean;
  rangeApiUrl?: string;
  fetchImpl?: typeof fetch;
  onRangeCheckError?: (error: unknown) => void;
}

export async function isBreachedPassword(password: string, options: BreachCheckOptions): Promise<boolean> {
  if (isCommonlyBreached(password)) return true;
  if (!options.rangeCheck) return false;
  const sha1 = createHash('sha1').update(password).digest('hex').toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const response = await (options.fetchImpl ?? fetch)(
      `${options.rangeApiUrl ?? 'https://api.pwnedpasswords.com/range'}/${prefix}`,
      {
        headers: { 'add-padding': 'true', 'user-agent': 'Marquee' },
        signal: AbortSignal.timeout(3000),
      },
    );
    if (!response.ok) throw new Error(`range API answered ${response.status}`);
    const body = await response.text();
    return body.split('\n').some((line) => {
      const [hashSuffix, count] = line.trim().split(':');
      return hashSuffix === suffix && Number(count) > 0;
    });
  } catch (error) {
    // The online check is a bonus: when it is unreachable the bundled list has already been applied.
    options.onRangeCheckError?.(error);
    return false;
  }
}
