// Customer Sync's secrets (decision 155): the credentials a connection keeps are encrypted at rest with
// AES-256-GCM under a key derived (HKDF-SHA256) from the auth secret, and the OAuth state parameter is signed
// (HMAC-SHA256) and bound to the organisation, the user and the provider, with an expiry.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CrmProvider } from '../../db/schema/index.js';

export type CrmCredentials =
  | { provider: 'mailchimp'; kind: 'key'; key: string; dc: string }
  | { provider: 'mailchimp'; kind: 'oauth'; accessToken: string; dc: string }
  | { provider: 'hubspot'; kind: 'key'; token: string }
  | { provider: 'hubspot'; kind: 'oauth'; accessToken: string; refreshToken: string; expiresAt: number };

const derive = (secret: string, purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'marquee-crm', purpose, 32));

export interface CrmSecrets {
  seal(credentials: CrmCredentials): string;
  open(sealed: string): CrmCredentials;
  signState(state: OAuthState): string;
  /** The state's content when its signature holds and it has not expired; null otherwise. */
  readState(token: string, now?: number): OAuthState | null;
}

export interface OAuthState {
  organizationId: string;
  userId: string;
  provider: CrmProvider;
  /** Epoch milliseconds. */
  expiresAt: number;
  nonce: string;
}

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export function createCrmSecrets(authSecret: string): CrmSecrets {
  const key = derive(authSecret, 'credentials');
  const stateKey = derive(authSecret, 'oauth-state');
  const mac = (payload: string) => createHmac('sha256', stateKey).update(payload).digest('base64url');
  return {
    seal(credentials) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('crm: unreadable credentials');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(text) as CrmCredentials;
    },
    signState(state) {
      const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    readState(token, now = Date.now()) {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OAuthState;
        return typeof state.expiresAt === 'number' && state.expiresAt > now ? state : null;
      } catch {
        return null;
      }
    },
  };
}
