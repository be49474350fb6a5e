import { describe, expect, it } from 'vitest';
import { loggableUrl, requestIdFrom, serializeError, withoutEmails } from './logging.js';

const token = 'Xk3m9Qz_2-pLrT8vWb4nYc6dEf1gHj5kLm7nPq0sTu9';

describe('loggableUrl', () => {
  it.each([
    [`/orders/${token}`, '/orders/[redacted]'],
    [`/orders/${token}/tickets.pdf`, '/orders/[redacted]/tickets.pdf'],
    [`/checkout/${token}`, '/checkout/[redacted]'],
    [`/checkout/${token}/return?session_id=cs_123`, '/checkout/[redacted]/return'],
    [`/checkout/${token}/pay`, '/checkout/[redacted]/pay'],
    ['/sandbox/checkout/cs_sandbox_abc', '/sandbox/checkout/[redacted]'],
    ['/api/auth/reset-password/abc123?callbackURL=/x', '/api/auth/reset-password/[redacted]'],
  ])('cuts the token out of %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });

  it.each([
    ['/orders/lookup', '/orders/lookup'],
    ['/events/7d1b0b9e/checkout', '/events/7d1b0b9e/checkout'],
    ['/api/dev/mail?to=fran@example.com', '/api/dev/mail'],
    ['/api/events/7d1b0b9e', '/api/events/7d1b0b9e'],
    ['/', '/'],
  ])('keeps %s apart from its query string', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});

describe('withoutEmails', () => {
  it('replaces every address in free text', () => {
    expect(withoutEmails("Can't send mail - all recipients were rejected: 550 5.1.1 <fran.fan+x@example.co.uk>")).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[email]>",
    );
    expect(withoutEmails('user ada@example.com and bob@x.test')).toBe('user [email] and [email]');
    expect(withoutEmails('no address @ here')).toBe('no address @ here');
  });
});

describe('serializeError', () => {
  it('keeps type, code and stack, without e-mail addresses, through causes', () => {
    const cause = new Error('mailbox ada@example.com unavailable');
    const error = Object.assign(new Error('send to fran@example.com failed', { cause }), { code: 'EENVELOPE' });
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized.type).toBe('Error');
    expect(serialized.code).toBe('EENVELOPE');
    expect(serialized.message).toBe('send to [email] failed');
    expect(JSON.stringify(serialized)).not.toMatch(/@example\.com/);
    expect((serialized.cause as Record<string, unknown>).message).toBe('mailbox [email] unavailable');
  });

  it('passes a plain object through', () => {
    expect(serializeError({ type: 'DatabaseError', code: '23505' })).toEqual({ type: 'DatabaseError', code: '23505' });
  });
});

describe('requestIdFrom', () => {
  it('keeps a short safe token and replaces anything else by a UUID', () => {
    expect(requestIdFrom({ 'x-request-id': 'abc-123_456.789' })).toBe('abc-123_456.789');
    for (const given of ['fran@example.com', 'a b c d e f g h', 'x'.repeat(65), 'short', undefined]) {
      expect(requestIdFrom({ 'x-request-id': given })).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/);
    }
    expect(requestIdFrom({ 'x-request-id': ['abcdefgh', 'ijklmnop'] })).toMatch(/^[0-9a-f]{8}-/);
  });
});
