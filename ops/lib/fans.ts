// A fan's path through a running server over HTTP, as the storefront's forms send it: hold tickets on the
// organiser's host, start the payment, pay on the sandbox provider's page.
import type { HttpClient, Reply } from '../../bench/lib/http.js';
import { fanCheckoutForm, type LiveEvent } from '../../bench/lib/organiser.js';

export interface Storefront {
  /** The organiser's host, e.g. shop.marquee.test */
  host: string;
  /** The app's host, where the sandbox provider's pages are. */
  appHost: string;
  event: LiveEvent;
}

/** POST /events/:id/checkout: a 303 to /checkout/<token> is a hold. */
export function holdTickets(client: HttpClient, shop: Storefront, email: string, quantity = 1): Promise<Reply> {
  return client.trySend({
    path: `/events/${shop.event.id}/checkout`,
    host: shop.host,
    headers: { origin: `${client.scheme}://${shop.host}` },
    body: fanCheckoutForm(shop.event, email, email.split('@')[0] ?? 'Fan', quantity),
  });
}

export const holdToken = (reply: Reply) => /^\/checkout\/([A-Za-z0-9_-]{43})$/.exec(reply.location)?.[1] ?? null;

/** POST /checkout/<token>/pay: the provider's checkout page, or null. */
export async function startPayment(client: HttpClient, shop: Storefront, token: string): Promise<URL | null> {
  const pay = await client.trySend({
    method: 'POST',
    path: `/checkout/${token}/pay`,
    host: shop.host,
    headers: { origin: `${client.scheme}://${shop.host}` },
    body: '',
  });
  return pay.status === 303 ? new URL(pay.location) : null;
}

/** Submits the sandbox provider's card form (a 303 back to the storefront is a taken payment). */
export function payByCard(client: HttpClient, provider: URL): Promise<Reply> {
  return client.trySend({
    path: provider.pathname,
    host: provider.host,
    headers: { origin: provider.origin },
    body: { card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fan' },
  });
}

/** The whole purchase; resolves to 'paid' or to the step that failed with its status. */
export async function buyTickets(client: HttpClient, shop: Storefront, email: string, quantity = 1): Promise<string> {
  const hold = await holdTickets(client, shop, email, quantity);
  const token = holdToken(hold);
  if (!token) return `hold ${hold.status}`;
  const provider = await startPayment(client, shop, token);
  if (!provider) return 'pay: no provider page';
  const card = await payByCard(client, provider);
  return card.status === 303 && card.location.includes('/return') ? 'paid' : `card ${card.status}`;
}
