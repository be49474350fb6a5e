// The consent script's behaviour in a stand-in page (vm): nothing is loaded from Meta or Google before Accept or
// after Decline; Accept loads both pixels and sends the page view; the choice is remembered on the next page
// load; a paid order's Purchase is sent once, not again on reload.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CONSENT_SCRIPT } from './pixel-script.js';

type Listener = (event: { target: unknown }) => void;

function loadPage(storage: Map<string, string>, options: { purchase?: boolean } = {}) {
  const loaded: string[] = [];
  let listener: Listener | null = null;
  const box = {
    hidden: true,
    addEventListener: (_type: string, handler: Listener) => (listener = handler),
  };
  const purchase = {
    getAttribute: (name: string) =>
      ({ 'data-order': 'MQ-ABC234', 'data-value': '21.50', 'data-currency': 'GBP' })[name] ?? null,
  };
  const window: Record<string, unknown> = {};
  const document = {
    currentScript: {
      getAttribute: (name: string) => ({ 'data-meta': '1234567', 'data-ga': 'G-TEST123' })[name] ?? null,
    },
    getElementById: (id: string) =>
      id === 'mq-consent' ? box : id === 'mq-purchase' && options.purchase ? purchase : null,
    createElement: () => ({ async: false, src: '' }),
    head: { appendChild: (element: { src: string }) => loaded.push(element.src) },
  };
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  };
  window.window = window;
  Object.assign(window, { document, localStorage });
  runInNewContext(CONSENT_SCRIPT, window);
  const click = (choice: 'accept' | 'decline') => {
    const button = { getAttribute: () => choice };
    listener!({ target: { closest: () => button } });
  };
  const calls = () => ({
    fbq: ((window.fbq as { queue?: unknown[][] } | undefined)?.queue ?? []).map((args) => [...args]),
    gtag: ((window.dataLayer as unknown[][] | undefined) ?? []).map((args) => [...args]),
  });
  return { box, loaded, click, calls };
}

describe('the consent script', () => {
  it('shows the notice and loads nothing until the fan accepts', () => {
    const storage = new Map<string, string>();
    const page = loadPage(storage);
    expect(page.box.hidden).toBe(false);
    expect(page.loaded).toEqual([]);
    page.click('accept');
    expect(page.box.hidden).toBe(true);
    expect(page.loaded).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    ]);
    expect(page.calls().fbq).toEqual([
      ['init', '1234567'],
      ['track', 'PageView'],
    ]);
    expect(page.calls().gtag.map((args) => args[0])).toEqual(['js', 'config']);
    expect(storage.get('mq-consent')).toBe('accepted');
  });

  it('remembers Accept on the next page: loads at once, no notice', () => {
    const page = loadPage(new Map([['mq-consent', 'accepted']]));
    expect(page.box.hidden).toBe(true);
    expect(page.loaded).toHaveLength(2);
  });

  it('remembers Decline: nothing loaded, now or on the next page', () => {
    const storage = new Map<string, string>();
    const page = loadPage(storage);
    page.click('decline');
    expect(page.loaded).toEqual([]);
    expect(storage.get('mq-consent')).toBe('declined');
    const next = loadPage(storage);
    expect(next.box.hidden).toBe(true);
    expect(next.loaded).toEqual([]);
  });

  it("sends a paid order's Purchase with its value and currency once, not again on reload", () => {
    const storage = new Map([['mq-consent', 'accepted']]);
    const page = loadPage(storage, { purchase: true });
    expect(page.calls().fbq).toContainEqual([
      'track',
      'Purchase',
      { value: 21.5, currency: 'GBP' },
      { eventID: 'MQ-ABC234' },
    ]);
    expect(page.calls().gtag).toContainEqual([
      'event',
      'purchase',
      { transaction_id: 'MQ-ABC234', value: 21.5, currency: 'GBP' },
    ]);
    const again = loadPage(storage, { purchase: true });
    expect(again.calls().fbq.filter((args) => args[1] === 'Purchase')).toEqual([]);
  });
});
