// One sale of the checkout rush, as a fan's browser makes it after the hold: POST /checkout/:token/pay (303 to the
// sandbox's card page), the card form posted (303 to /checkout/:token/return), the return page followed (202
// 'processing' while the payment is confirmed, then 303 to /orders/:token) and the order page read. A sale counts
// only when that page shows the fan's ticket, QR code and all.
import type { HttpClient } from './http.js';

/** Why a sale did not count: the step that failed, with its answer's status ('timeout': none in time). */
export type SaleFailure = string;

const failed = (step: 'pay' | 'card' | 'return' | 'order page', status: number): SaleFailure =>
  `${step} ${status === 0 ? 'timeout' : status}`;

/** Times the return page is asked again while it says 'processing', and the wait between (ms). */
const RETURN_TRIES = 50;
const RETURN_WAIT_MS = 100;

/**
 * Tickets the order page shows as the fan's to use: items of its ticket list (`<li class="ticket">`, from
 * storefront/after-sale-pages.tsx) with the QR code (an inline SVG) and the ticket's code (`Ticket <code>`), both
 * rendered before anything else in the item.
 */
export function ticketsOnOrderPage(html: string): number {
  return html
    .split('<li class="ticket">')
    .slice(1)
    .filter((item) => {
      const head = item.split('</li>', 1)[0]!;
      return head.includes('<svg') && /Ticket [A-Za-z0-9-]{4,}/.test(head);
    }).length;
}

/** Pays hold `token` through the sandbox and reads its order page: null when it shows one ticket, else the failure. */
export async function paySale(
  client: HttpClient,
  token: string,
  shop: { host: string; headers: Record<string, string> },
  appHost: string,
): Promise<SaleFailure | null> {
  const pay = await client.trySend({
    method: 'POST',
    path: `/checkout/${token}/pay`,
    host: shop.host,
    headers: shop.headers,
    body: '',
    discardBody: true,
  });
  if (pay.status !== 303 || !pay.location.startsWith('http')) return failed('pay', pay.status);
  const provider = new URL(pay.location);
  const card = await client.trySend({
    path: provider.pathname,
    host: provider.host,
    headers: { origin: `http://${appHost}` },
    body: { card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fan' },
    discardBody: true,
  });
  if (card.status !== 303 || !card.location.includes(`/checkout/${token}/return`)) return failed('card', card.status);
  const back = new URL(card.location, `http://${shop.host}`);
  let orderPath = '';
  for (let attempt = 0; attempt < RETURN_TRIES && !orderPath; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETURN_WAIT_MS));
    const returned = await client.trySend({ path: back.pathname + back.search, host: back.host, discardBody: true });
    if (returned.status === 303 && returned.location.includes(`/orders/${token}`))
      orderPath = new URL(returned.location, `http://${shop.host}`).pathname;
    else if (returned.status !== 202) return failed('return', returned.status);
  }
  if (!orderPath) return 'return still processing';
  const page = await client.trySend({ path: orderPath, host: shop.host });
  if (page.status !== 200) return failed('order page', page.status);
  return ticketsOnOrderPage(page.body) === 1 ? null : 'no ticket';
}

/** The failures as `3x no ticket, 1x pay timeout`, or '' without any. */
export function failureSummary(failures: Map<SaleFailure, number>) {
  return [...failures.entries()].map(([reason, n]) => `${n}x ${reason}`).join(', ');
}
