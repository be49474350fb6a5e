// The waiting room's signed tokens (decision 034): HMAC-SHA256 with a key derived from AUTH_SECRET, so every app
// process signs and checks them alike and a poll needs no database. Three kinds, each bound to one event and one
// browser (the random id in the `mq_b` cookie): a proof-of-work challenge (or, without JavaScript, a time-locked
// join ticket), a place in the queue, and the short-lived admission the checkout requires. Also the cookies that
// carry them and the proof-of-work check.
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ChallengeClaim {
  k: 'c';
  e: string;
  b: string;
  /** Leading zero bits the answer's hash needs. */
  d: number;
  n: string;
  x: number;
}
export interface PlaceClaim {
  k: 'p';
  e: string;
  b: string;
  /** Null while in the lobby (the draw at on-sale gives the place). */
  p: number | null;
  /** When this browser was first admitted (ms), so its admission cannot be renewed by polling. */
  a?: number;
}
export interface AdmissionClaim {
  k: 'a';
  e: string;
  b: string;
  p: number;
  x: number;
}
/**
 * A time-locked join ticket for browsers without JavaScript (the proof-of-work's equivalent): issued with the
 * queue page, accepted only from `t` (ms) until `x`.
 */
export interface TicketClaim {
  k: 't';
  e: string;
  b: string;
  n: string;
  t: number;
  x: number;
}
type Claim = ChallengeClaim | PlaceClaim | AdmissionClaim | TicketClaim;

export type AdmissionProblem = 'missing' | 'forged' | 'expired' | 'other_event' | 'other_browser';

/** A second checkout with an admission that already made a live order (one order per admission). */
export const ADMISSION_USED =
  'You have already started an order with this pass from the waiting room. Finish or cancel that order, or join the queue again for another.';

export const ADMISSION_MESSAGES: Record<AdmissionProblem, string> = {
  missing: 'This event has a waiting room: join the queue and you will be let through to buy tickets in turn.',
  forged: 'Your pass from the waiting room is not valid. Please join the queue to buy tickets.',
  expired: 'Your time to start a checkout ran out. Please join the queue again.',
  other_event: 'Your pass from the waiting room is for another event. Please join this event\u2019s queue.',
  other_browser: 'Your pass from the waiting room belongs to another browser. Please join the queue in this browser.',
};

export const BROWSER_COOKIE = 'mq_b';
/** Per event (its id without dashes keeps the name short and cookie-safe). */
export const placeCookie = (eventId: string) => `mq_p_${eventId.replace(/-/g, '')}`;
export const admissionCookie = (eventId: string) => `mq_a_${eventId.replace(/-/g, '')}`;

const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/;
export const isBrowserId = (value: unknown): value is string => typeof value === 'string' && BROWSER_ID.test(value);
export const newBrowserId = () => randomBytes(16).toString('base64url');

export interface QueueSigner {
  sign(claim: Claim): string;
  read(token: string | undefined): Claim | null;
}

export function queueSigner(authSecret: string): QueueSigner {
  const key = createHmac('sha256', authSecret).update('marquee-waiting-room-v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(claim) {
      const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    read(token) {
      if (typeof token !== 'string' || token.length > 600) return null;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const wanted = mac(body);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
      try {
        const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claim;
        return claim && typeof claim === 'object' && typeof claim.e === 'string' && typeof claim.b === 'string'
          ? claim
          : null;
      } catch {
        return null;
      }
    },
  };
}

/** Why an admission token does not let this browser check out for this event now, or null when it does. */
/** This browser's admission for the event: its queue place, or why it has none. */
export function readAdmission(
  signer: QueueSigner,
  token: string | undefined,
  eventId: string,
  browserId: string | undefined,
  now = Date.now(),
): { problem: AdmissionProblem } | { problem: null; place: number } {
  if (!token) return { problem: 'missing' };
  const claim = signer.read(token);
  if (!claim || claim.k !== 'a') return { problem: 'forged' };
  if (claim.e !== eventId) return { problem: 'other_event' };
  if (!browserId || claim.b !== browserId) return { problem: 'other_browser' };
  if (claim.x <= now) return { problem: 'expired' };
  return { problem: null, place: claim.p };
}

/** Leading zero bits of a digest. */
function zeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** True when SHA-256 of `${challenge}:${answer}` starts with `bits` zero bits. */
export function proofOfWorkHolds(challenge: string, answer: string, bits: number): boolean {
  if (!/^[0-9]{1,12}$/.test(answer)) return false;
  return zeroBits(hash('sha256', `${challenge}:${answer}`, 'buffer')) >= bits;
}

/** Finds an answer (what the page's script does in the browser); for tests and the benchmark. */
export function solveProofOfWork(challenge: string, bits: number): string {
  for (let answer = 0; ; answer += 1) {
    if (proofOfWorkHolds(challenge, String(answer), bits)) return String(answer);
  }
}

export function readCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (name.startsWith('mq_')) cookies[name] = part.slice(index + 1).trim();
  }
  return cookies;
}

export function cookieLine(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
