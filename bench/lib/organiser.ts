// An organiser ready to sell, made over HTTP against a running server exactly as the dashboard would: sign up,
// verify the e-mailed code (the test mail outbox at /api/dev/mail), create the organisation, enable payouts
// through the sandbox's onboarding form, then create and publish one event.
import { cookieOf, type Reply, type SendOptions } from './http.js';

/** What the organiser's calls need: an HttpClient, or app.inject behind the same shape (bench/general.ts). */
export interface Sender {
  readonly scheme: 'http' | 'https';
  send(options: SendOptions): Promise<Reply>;
}

export interface Organiser {
  cookie: string;
  subdomain: string;
}

/** The newest e-mail text to `email`: by default from the test outbox (/api/dev/mail, absent in production). */
export type MailReader = (email: string) => Promise<string>;

export async function sellingOrganiser(
  client: Sender,
  appHost: string,
  subdomain: string,
  readMail?: MailReader,
): Promise<Organiser> {
  const origin = `${client.scheme}://${appHost}`;
  const email = `organiser-${subdomain}@example.com`;
  const post = (path: string, json: unknown, cookie?: string) =>
    client.send({ path, host: appHost, json, headers: { origin, ...(cookie ? { cookie } : {}) } });
  const signUp = await post('/api/auth/sign-up/email', { email, password: 'Tickets&Rush42', name: 'Bench Organiser' });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${signUp.body}`);
  const mailText = readMail
    ? await readMail(email)
    : await client
        .send({ path: `/api/dev/mail?to=${encodeURIComponent(email)}`, host: appHost })
        .then((mail) => (JSON.parse(mail.body) as Array<{ text: string }>)[0]?.text ?? '');
  const code = /\b(\d{6})\b/.exec(mailText)?.[1];
  if (!code) throw new Error('no verification code mailed');
  const verify = await post('/api/auth/email-otp/verify-email', { email, otp: code });
  if (verify.status !== 200) throw new Error(`verify: ${verify.status} ${verify.body}`);
  const cookie = cookieOf(verify);
  const org = await post(
    '/api/org/create',
    { company_name: 'Bench Events', subdomain, default_currency: 'GBP' },
    cookie,
  );
  if (org.status !== 201) throw new Error(`org create: ${org.status} ${org.body}`);

  const billing = `${origin}/dashboard/billing`;
  const link = await post('/api/stripe/create-connect-account', { refresh_url: billing, return_url: billing }, cookie);
  if (link.status !== 200) throw new Error(`connect account: ${link.status} ${link.body}`);
  const url = new URL((JSON.parse(link.body) as { account_link_url: string }).account_link_url);
  const onboard = await client.send({
    path: url.pathname + url.search,
    host: appHost,
    headers: { origin },
    body: {
      business_name: 'Bench Events Ltd',
      business_type: 'company',
      country: 'GB',
      address_line1: '1 High Street',
      address_city: 'London',
      address_postal_code: 'N1 9GU',
      representative_name: 'Ada Lovelace',
      representative_dob: '1985-12-10',
      bank_account_holder: 'Bench Events Ltd',
      bank_routing: '108800',
      bank_account_number: '00012345',
      registration_number: '12345678',
    },
  });
  if (onboard.status !== 303) throw new Error(`onboarding: ${onboard.status} ${onboard.body.slice(0, 300)}`);
  return { cookie, subdomain };
}

/** How the organiser is e-mailed about sales (decision 147), saved as the Profile page saves it. */
export async function setSaleEmails(
  client: Sender,
  appHost: string,
  organiser: Organiser,
  choice: 'each' | 'digest' | 'off',
): Promise<void> {
  const saved = await client.send({
    method: 'PUT',
    path: '/api/org/settings',
    host: appHost,
    headers: { origin: `${client.scheme}://${appHost}`, cookie: organiser.cookie },
    json: { company_name: 'Bench Events', sale_emails: choice },
  });
  if (saved.status !== 200) throw new Error(`sale e-mails: ${saved.status} ${saved.body}`);
}

export interface LiveEvent {
  id: string;
  slug: string;
  ticketTypeId: string;
}

export async function createLiveEvent(
  client: Sender,
  appHost: string,
  organiser: Organiser,
  capacity: number,
  /** 'off' turns the waiting room off; 'auto' keeps the organiser's default (on above 1,000 places). */
  queue: 'auto' | 'off' = 'off',
): Promise<LiveEvent> {
  const headers = { origin: `${client.scheme}://${appHost}`, cookie: organiser.cookie };
  const created = await client.send({
    path: '/api/events',
    host: appHost,
    headers,
    json: {
      artwork_url: '/uploads/images/poster.webp',
      name: 'The Rush',
      description: 'Everyone wants a ticket.',
      location: 'The Warehouse, London',
      start_local: '2031-06-14T19:00',
      end_local: '2031-06-15T03:00',
      time_zone: 'Europe/London',
      lineup: ['DJ One'],
      currency: 'GBP',
      price: '20.00',
      capacity,
      minimum_age: 0,
      terms_of_service: 'No refunds.',
    },
  });
  if (created.status !== 201) throw new Error(`event create: ${created.status} ${created.body}`);
  const id = (JSON.parse(created.body) as { id: string }).id;
  const published = await client.send({ method: 'POST', path: `/api/events/${id}/publish`, host: appHost, headers });
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${published.body}`);
  const dto = JSON.parse(published.body) as { slug: string; ticket_types: Array<{ id: string }> };
  if (queue === 'off') {
    // A large event queues fans by default (decision 034); the checkout and fault runs measure the sale itself.
    const current = await client.send({ path: `/api/events/${id}/queue`, host: appHost, headers });
    if (current.status !== 200) throw new Error(`queue settings: ${current.status} ${current.body}`);
    const rate = (JSON.parse(current.body) as { rate_per_minute: number }).rate_per_minute;
    const off = await client.send({
      method: 'PUT',
      path: `/api/events/${id}/queue`,
      host: appHost,
      headers,
      json: { mode: 'off', rate_per_minute: rate },
    });
    if (off.status !== 200) throw new Error(`queue off: ${off.status} ${off.body}`);
  }
  return { id, slug: dto.slug, ticketTypeId: dto.ticket_types[0]!.id };
}

export async function eventCounters(client: Sender, appHost: string, organiser: Organiser, eventId: string) {
  const response = await client.send({
    path: `/api/events/${eventId}`,
    host: appHost,
    headers: { cookie: organiser.cookie },
  });
  if (response.status !== 200) throw new Error(`event read: ${response.status} ${response.body}`);
  const dto = JSON.parse(response.body) as { sold: number; held: number; capacity: number | null };
  return { sold: dto.sold, held: dto.held };
}

/** The event page's checkout form as a fan fills it in: `quantity` of the event's first type, the ticks given. */
export function fanCheckoutForm(event: LiveEvent, email: string, lastName: string, quantity = 1) {
  return {
    [`qty_${event.ticketTypeId}`]: String(quantity),
    first_name: 'Fan',
    last_name: lastName,
    email,
    phone: '',
    country: 'GB',
    age_confirmed: 'yes',
    terms_accepted: 'yes',
  };
}
