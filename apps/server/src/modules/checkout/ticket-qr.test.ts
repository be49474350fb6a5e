// Ticket QR payloads: what one server signs, any server with the same secret reads; an altered code or event,
// a forged signature or another secret's signature is refused; codes are unique-looking and unambiguous.
import { describe, expect, it } from 'vitest';
import { ORDER_CODE_PATTERN, TICKET_CODE_PATTERN } from '@marquee/shared';
import { newAccessToken, newOrderCode, newTicketCode } from '../../lib/codes.js';
import { createTicketSigner } from './ticket-qr.js';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const eventId = '3f9a2c1e-8b7d-4e6f-a5b4-c3d2e1f0a9b8';

describe('ticket QR payloads', () => {
  it('round-trips through another signer with the same secret', () => {
    const code = newTicketCode();
    const payload = createTicketSigner(secret).payloadFor({ code, eventId });
    expect(payload).toMatch(/^MQT1\.T-[2-9A-Z]{10}\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{86}$/);
    expect(createTicketSigner(secret).read(payload)).toEqual({ code, eventId });
  });

  it('refuses an altered ticket code, an altered event, a forged signature and another secret', () => {
    const signer = createTicketSigner(secret);
    const payload = signer.payloadFor({ code: 'T-ABCDEFGHJK', eventId });
    const [prefix, , event, signature] = payload.split('.');
    expect(signer.read(`${prefix}.T-ABCDEFGHJM.${event}.${signature}`)).toBeNull();
    expect(signer.read(`${prefix}.T-ABCDEFGHJK.${eventId.replace('3f', '4f')}.${signature}`)).toBeNull();
    expect(signer.read(`${prefix}.T-ABCDEFGHJK.${event}.${'A'.repeat(86)}`)).toBeNull();
    expect(createTicketSigner(`${secret}-other`).read(payload)).toBeNull();
    for (const junk of ['', 'MQT1', 'MQT1...', `MQT2.T-ABCDEFGHJK.${event}.${signature}`, payload + '.x'])
      expect(signer.read(junk)).toBeNull();
  });

  it('exposes only a public key', () => {
    const signer = createTicketSigner(secret);
    expect(signer.publicKey).toMatch(/^[A-Za-z0-9_-]{40,60}$/);
    expect(createTicketSigner(secret).publicKey).toBe(signer.publicKey);
  });
});

describe('codes', () => {
  it('order codes, ticket codes and tokens have their shapes and no confusable characters', () => {
    for (let index = 0; index < 200; index += 1) {
      expect(newOrderCode()).toMatch(ORDER_CODE_PATTERN);
      expect(newTicketCode()).toMatch(TICKET_CODE_PATTERN);
      expect(newOrderCode()).not.toMatch(/[01OIL]/);
    }
    const tokens = new Set(Array.from({ length: 100 }, () => newAccessToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
