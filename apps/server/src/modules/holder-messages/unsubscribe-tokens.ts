// The one-click unsubscribe link of a marketing e-mail (decision 154): `/unsubscribe/<payload>.<mac>`, where the
// payload names the organisation and the address (base64url) and the MAC is an HMAC of it under a key derived
// from AUTH_SECRET. The link alone authenticates its POST (RFC 8058: mail providers post to it with no cookie and
// no Origin), and it cannot be made for an address or an organisation without the secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UnsubscribeTarget {
  organizationId: string;
  email: string;
}

export interface UnsubscribeTokens {
  tokenFor(target: UnsubscribeTarget): string;
  /** The organisation and address a token names, or null when it is malformed or its MAC does not match. */
  targetOf(token: string): UnsubscribeTarget | null;
}

const MAC_LENGTH = 22; // 16 bytes, base64url

export function createUnsubscribeTokens(authSecret: string): UnsubscribeTokens {
  const key = createHmac('sha256', authSecret).update('marquee-marketing-unsubscribe-v1').digest();
  const mac = (payload: string) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');
  return {
    tokenFor({ organizationId, email }) {
      const payload = Buffer.from(JSON.stringify([organizationId, email.toLowerCase()])).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    targetOf(token) {
      const [payload = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || payload.length === 0 || payload.length > 800 || given.length !== MAC_LENGTH) return null;
      const expected = Buffer.from(mac(payload));
      const received = Buffer.from(given);
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
      try {
        const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (!Array.isArray(parsed) || parsed.length !== 2) return null;
        const [organizationId, email] = parsed as unknown[];
        if (typeof organizationId !== 'string' || typeof email !== 'string') return null;
        return { organizationId, email };
      } catch {
        return null;
      }
    },
  };
}

export const unsubscribePath = (tokens: UnsubscribeTokens, target: UnsubscribeTarget) =>
  `/unsubscribe?t=${tokens.tokenFor(target)}`;
