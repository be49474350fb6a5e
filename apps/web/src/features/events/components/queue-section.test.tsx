// The waiting room's live view (decision 148): the rate admitted now beside the organiser's ceiling, why they
// differ in plain words, and a polite live region that names only the reason (the figures move every poll).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { QueueStatus } from '@marquee/shared';
import { QueueLive } from './queue-section';

const open: QueueStatus = {
  mode: 'on',
  enabled: true,
  auto_capacity: 1000,
  rate_per_minute: 8400,
  admitting_per_minute: 540,
  admission_reason: 'slowed',
  checkout_ms: 310,
  checkout_target_ms: 200,
  opens_at: null,
  state: 'open',
  in_lobby: 0,
  waiting: 12000,
  admitted: 800,
  in_checkout: 150,
  sold: 600,
  capacity: 2000,
};

/** The rendered view's text, tags removed; and its live region's. */
function view(status: QueueStatus) {
  const html = renderToStaticMarkup(<QueueLive status={status} />);
  const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  const live = /<p class="sr-only" role="status" aria-live="polite">(.*?)<\/p>/.exec(html);
  return { html, text: text(html), live: live ? text(live[1]!).trim() : null };
}

describe('QueueLive', () => {
  it('slowed: the rate now, the ceiling, and the checkout time that slowed it against the target', () => {
    const { text, live } = view(open);
    expect(text).toContain('Admitting now 540/min');
    expect(text).toContain('Your ceiling 8,400/min');
    expect(text).toContain(
      'Slowed to 540 a minute: checkouts took 310 ms (target 200 ms). It climbs back towards your ceiling of 8,400 once they are faster.',
    );
    expect(live).toBe('Admission slowed down: checkouts are over their target.');
  });

  it('climbing back, starting below the ceiling, and at the ceiling, each in its own words', () => {
    const climbing = view({ ...open, admission_reason: 'climbing', admitting_per_minute: 1200, checkout_ms: 90 });
    expect(climbing.text).toContain(
      'Climbing back towards your ceiling of 8,400: admitting 1,200 a minute, checkouts take 90 ms (target 200 ms).',
    );
    expect(climbing.live).toBe('Admission is climbing back towards your ceiling.');
    const starting = view({ ...open, admission_reason: 'starting', admitting_per_minute: 900, checkout_ms: null });
    expect(starting.text).toContain(
      'Admitting 900 a minute and climbing towards your ceiling of 8,400: no checkouts to time yet.',
    );
    const ceiling = view({ ...open, admission_reason: 'ceiling', admitting_per_minute: 8400, checkout_ms: 45 });
    expect(ceiling.text).toContain('Admitting 8,400 a minute, your ceiling. Checkouts take 45 ms (target 200 ms).');
    expect(ceiling.live).toBe('Admitting at your ceiling.');
    // The announcement does not change with the figures, so a screen reader hears each reason once.
    expect(view({ ...open, checkout_ms: 450, admitting_per_minute: 378 }).live).toBe(view(open).live);
  });

  it('before the on-sale it says where admission starts; with the queue stopped it says nothing of a rate', () => {
    const lobby = view({ ...open, state: 'lobby', admission_reason: 'starting', admitting_per_minute: 900 });
    expect(lobby.text).toContain(
      'From the on-sale, 900 fans a minute to start with, climbing towards your ceiling of 8,400 while checkouts take under 200 ms.',
    );
    expect(lobby.live).toBe('');
    const soldOut = view({ ...open, state: 'sold_out' });
    expect(soldOut.text).not.toContain('Slowed to');
    expect(soldOut.text).toContain('Sold out: the queue has stopped');
    expect(soldOut.live).toBe('');
  });
});
