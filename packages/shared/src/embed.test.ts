// The embed's site rule (decision 153): an origin and nothing else, https unless local http is allowed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEmbedOrigin } from './embed.js';

const strict = { allowHttp: false };

describe('checkEmbedOrigin', () => {
  it('takes a site as its lower-case origin, a trailing slash and the default port dropped', () => {
    expect(checkEmbedOrigin(' https://WWW.Example.com/ ', strict)).toEqual({
      ok: true,
      origin: 'https://www.example.com',
    });
    expect(checkEmbedOrigin('https://shop.example.com:443', strict)).toEqual({
      ok: true,
      origin: 'https://shop.example.com',
    });
    expect(checkEmbedOrigin('https://shop.example.com:8443', strict)).toEqual({
      ok: true,
      origin: 'https://shop.example.com:8443',
    });
  });

  it('refuses http unless allowed, and every path, query, fragment, user or wildcard', () => {
    expect(checkEmbedOrigin('http://www.example.com', strict).ok).toBe(false);
    expect(checkEmbedOrigin('http://127.0.0.1:4100', { allowHttp: true })).toEqual({
      ok: true,
      origin: 'http://127.0.0.1:4100',
    });
    for (const text of [
      'https://example.com/a',
      'https://example.com//',
      'https://example.com?x',
      'https://example.com#x',
      'https://u:p@example.com',
      'https://*.example.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'example.com',
      'https://localhost-only',
    ])
      expect(checkEmbedOrigin(text, strict).ok, text).toBe(false);
  });

  it('an accepted origin is accepted again as itself (what is stored is what the CSP lists)', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 2, maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 65535 })),
        (labels, port) => {
          const typed = `https://${labels.join('.')}${port === null ? '' : `:${port}`}`;
          const first = checkEmbedOrigin(typed, strict);
          if (!first.ok) return;
          expect(checkEmbedOrigin(first.origin, strict)).toEqual(first);
          expect(first.origin).not.toMatch(/[\s;,'"]/);
        },
      ),
    );
  });
});
