import { describe, expect, it } from 'vitest';
import { formatSender, parseMailFrom, senderFor } from './sender.js';

describe('senderFor', () => {
  it("keeps MAIL_FROM's address and takes the given display name", () => {
    expect(senderFor('Marquee <hello@marquee.test>', 'Acme Live')).toEqual({
      name: 'Acme Live',
      address: 'hello@marquee.test',
    });
    expect(senderFor('hello@marquee.test', undefined)).toEqual({ address: 'hello@marquee.test' });
    expect(senderFor('"Marquee, Inc." <hello@marquee.test>', undefined)).toEqual({
      name: 'Marquee, Inc.',
      address: 'hello@marquee.test',
    });
  });

  it('turns control characters into spaces and ignores a blank name', () => {
    expect(senderFor('hello@marquee.test', 'Evil\r\nBcc: x@example.com')?.name).toBe('Evil Bcc: x@example.com');
    expect(senderFor('Marquee <hello@marquee.test>', ' \r\n ')).toEqual(parseMailFrom('Marquee <hello@marquee.test>'));
  });
});

describe('formatSender', () => {
  it('quotes a name with specials and escapes quotes in it', () => {
    expect(formatSender({ name: 'Acme Live', address: 'a@b.test' })).toBe('Acme Live <a@b.test>');
    expect(formatSender({ name: 'Tom "T" Ltd.', address: 'a@b.test' })).toBe('"Tom \\"T\\" Ltd." <a@b.test>');
    expect(formatSender({ address: 'a@b.test' })).toBe('a@b.test');
  });
});
