// Ticket QR payloads, signed with Ed25519 so a door device holding only the public key can check a ticket
// offline and nobody can forge or alter one: `MQT1.<ticket code>.<event id>.<signature>`. The key pair is
// derived from AUTH_SECRET (HKDF), so every server process signs alike and nothing extra is stored.
import { createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';
import { TICKET_CODE_PATTERN } from '@marquee/shared';

const PREFIX = 'MQT1';
// PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface TicketSigner {
  /** The payload the QR code carries. */
  payloadFor(ticket: { code: string; eventId: string }): string;
  /** The ticket a payload names, or null when it is malformed, altered or forged. */
  read(payload: string): { code: string; eventId: string } | null;
  /** SPKI DER public key (base64url), for door devices that check tickets offline. */
  publicKey: string;
}

export function createTicketSigner(authSecret: string): TicketSigner {
  const seed = Buffer.from(hkdfSync('sha256', authSecret, 'marquee', 'ticket-qr-ed25519-v1', 32));
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const message = (code: string, eventId: string) => Buffer.from(`${PREFIX}.${code}.${eventId}`);
  return {
    payloadFor({ code, eventId }) {
      const signature = sign(null, message(code, eventId), privateKey).toString('base64url');
      return `${PREFIX}.${code}.${eventId}.${signature}`;
    },
    read(payload) {
      const parts = payload.trim().split('.');
      if (parts.length !== 4 || parts[0] !== PREFIX) return null;
      const [, code = '', eventId = '', signature = ''] = parts;
      if (!TICKET_CODE_PATTERN.test(code) || !/^[0-9a-f-]{36}$/.test(eventId) || !/^[A-Za-z0-9_-]{86}$/.test(signature))
        return null;
      const valid = verify(null, message(code, eventId), publicKey, Buffer.from(signature, 'base64url'));
      return valid ? { code, eventId } : null;
    },
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
  };
}
