// Two organisations with real data for the fuzz and tenant suites: each a verified organiser with payouts, a
// live event and a draft, a ticket type, a paid order (through the storefront and the sandbox) and a held one,
// an uploaded image and a custom-domain claim. Every value a route could take as an id, token, hostname or
// domain is collected, by kind, so a suite can send one organisation's values as the other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import {
  checkIn,
  customer,
  eventCode,
  mailOutbox,
  mailOutboxAttachment,
  member,
  order,
  orderAddOn,
  orderRefund,
  planInvoice,
  session,
  ticket,
  trackingLink,
  webhookDelivery,
  webhookEndpoint,
  webhookMessage,
} from '../src/db/schema/index.js';
import { grantPro } from './plan-helpers.js';
import { asBrowser, signUpAndVerify, type SignedInUser } from './auth-helpers.js';
import { buyer, createLiveEvent, payWithCard, postCheckout, sellingOrganiser, tokenFrom } from './checkout-helpers.js';

export interface OrgWorld {
  subdomain: string;
  host: string;
  origin: string;
  user: SignedInUser;
  organizationId: string;
  userId: string;
  /** Values by kind: event, ticketType, order, orderToken, orderCode, checkoutSession, upload, domain... */
  values: Record<string, string[]>;
  /** Strings only this organisation's data contains: seeing one in the other's answer is a leak. */
  secrets: string[];
}

/** A directory holding a stand-in web build (index.html), so GET / on the app host is a 200, not the 503. */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Marquee</title><div id="root"></div>');
  return dir;
}

async function uploadImage(app: FastifyInstance, user: SignedInUser) {
  // Random pixels do not compress: about 110 KB, inside the artwork's size window.
  const png = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', 'event-artwork');
  form.append('file', new File([new Uint8Array(png)], 'poster.png', { type: 'image/png' }));
  const request = new Request('http://localhost/api/uploads/image', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    headers: { ...asBrowser(user), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (response.statusCode >= 300) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id?: string; url: string };
}

async function checkout(app: FastifyInstance, host: string, eventId: string, typeId: string, email: string) {
  const response = await postCheckout(app, host, eventId, {
    ...buyer,
    email,
    age_confirmed: 'yes',
    terms_accepted: 'yes',
    [`qty_${typeId}`]: '1',
  });
  return tokenFrom(response.headers.location);
}

export async function buildOrgWorld(app: FastifyInstance, db: Database, subdomain: string): Promise<OrgWorld> {
  const host = `${subdomain}.localhost:3000`;
  const user = await sellingOrganiser(app, subdomain);
  const headers = asBrowser(user);
  const info = (await app.inject({ method: 'GET', url: '/api/org/info', headers })).json();
  const organizationId = info.organization.id as string;
  const live = await createLiveEvent(app, user, { name: `${subdomain} Live Night`, capacity: 50 });
  const typeId = live.ticket_types[0]!.id;
  const quota = await app.inject({
    method: 'POST',
    url: `/api/events/${live.id}/quotas`,
    headers,
    payload: { name: `${subdomain} Standing`, capacity: 40, ticket_type_ids: [typeId] },
  });
  if (quota.statusCode !== 201) throw new Error(`quota failed: ${quota.statusCode} ${quota.body}`);
  const question = await app.inject({
    method: 'POST',
    url: `/api/events/${live.id}/questions`,
    headers,
    payload: { label: `${subdomain} Dietary needs`, kind: 'short_text' },
  });
  if (question.statusCode !== 201) throw new Error(`question failed: ${question.statusCode} ${question.body}`);
  const addOnMade = await app.inject({
    method: 'POST',
    url: `/api/events/${live.id}/add-ons`,
    headers,
    payload: { name: `${subdomain} T-shirt`, price: '15.00', capacity: 20 },
  });
  if (addOnMade.statusCode !== 201) throw new Error(`add-on failed: ${addOnMade.statusCode} ${addOnMade.body}`);
  const draft = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers,
    payload: { name: `${subdomain} Draft Night`, description: `${subdomain}-draft-secret` },
  });
  const draftId = draft.json().id as string;
  const customerEmail = `fan-of-${subdomain}@example.com`;
  const paidToken = await checkout(app, host, live.id, typeId, customerEmail);
  const paid = await payWithCard(app, host, paidToken);
  if (paid.statusCode >= 400) throw new Error(`payment failed: ${paid.statusCode}`);
  const heldToken = await checkout(app, host, live.id, typeId, `held-${customerEmail}`);
  const orders = await db.select().from(order).where(eq(order.organizationId, organizationId));
  const customers = await db
    .select({ id: customer.id })
    .from(customer)
    .where(eq(customer.organizationId, organizationId));
  const image = await uploadImage(app, user);
  const domain = `tickets.${subdomain}-events.com`;
  await app.inject({ method: 'PUT', url: '/api/org/custom-domain', headers, payload: { customDomain: domain } });
  const [owner] = await db.select().from(member).where(eq(member.organizationId, organizationId));
  const userId = owner!.userId;
  const sessions = await db.select().from(session).where(eq(session.userId, userId));
  const mails = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, customerEmail));
  const attachments = mails.length
    ? await db
        .select({ id: mailOutboxAttachment.id })
        .from(mailOutboxAttachment)
        .where(eq(mailOutboxAttachment.mailId, mails[0]!.id))
    : [];
  const invited = await app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    headers,
    payload: { email: `door-of-${subdomain}@example.com`, role: 'door' },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const uploadPath = new URL(image.url, 'http://localhost').pathname;
  // B's tickets, and a refund request on B's paid order (decision 032), for the refund routes' probes.
  const ticketRows = orders.length
    ? await db
        .select({ id: ticket.id })
        .from(ticket)
        .where(
          inArray(
            ticket.orderId,
            orders.map((row) => row.id),
          ),
        )
    : [];
  const paidOrder = orders.find((row) => row.status === 'paid');
  // An add-on line on B's paid order (decision 134), for the door's hand-over probe.
  const addOnLines = paidOrder
    ? await db
        .insert(orderAddOn)
        .values({
          organizationId,
          orderId: paidOrder.id,
          addOnId: addOnMade.json().id as string,
          name: `${subdomain} T-shirt`,
          quantity: 1,
          unitPriceMinor: 1500,
          unitFeeMinor: 120,
        })
        .returning({ id: orderAddOn.id })
    : [];
  const requests = paidOrder
    ? await db
        .insert(orderRefund)
        .values({
          organizationId,
          orderId: paidOrder.id,
          eventId: paidOrder.eventId,
          status: 'requested',
          currency: paidOrder.currency,
          reason: 'Tenant probe',
          requestedBy: 'fan',
          ticketIds: ticketRows.map((row) => row.id),
        })
        .returning({ id: orderRefund.id })
    : [];
  // B's check-in of one of its tickets, and a promo code and a batch of access codes on its live event, for the
  // check-in and codes routes' probes.
  const checkIns = ticketRows.length
    ? await db
        .insert(checkIn)
        .values({
          organizationId,
          eventId: live.id,
          ticketId: ticketRows[0]!.id,
          status: 'admitted',
          method: 'search',
          scannedAt: new Date(),
          deviceId: `door-${subdomain}`,
        })
        .returning({ id: checkIn.id })
    : [];
  const batchId = randomUUID();
  const codes = await db
    .insert(eventCode)
    .values([
      {
        organizationId,
        eventId: live.id,
        kind: 'promo',
        code: `SAVE-${subdomain}`.toUpperCase(),
        discountKind: 'percent',
        discountValue: 10,
      },
      {
        organizationId,
        eventId: live.id,
        kind: 'access',
        code: `FAN-${subdomain}`.toUpperCase(),
        batchId,
        ticketTypeIds: [typeId],
      },
    ])
    .returning({ id: eventCode.id });
  // A PRO plan invoice (decision 149), for the invoice PDF's probes.
  const invoices = await db
    .insert(planInvoice)
    .values({
      id: randomUUID(),
      organizationId,
      number: `PRO-T-${subdomain}`,
      provider: 'sandbox',
      providerInvoiceId: `in_tenant_${subdomain}`,
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * 86_400_000),
      amount: 2900,
      currency: 'GBP',
      status: 'paid',
      issuedAt: new Date(),
    })
    .returning({ id: planInvoice.id });
  // PRO (decision 149), so the Integrations routes answer past the plan check; B's webhook endpoint with one failed
  // delivery (the dispatcher leaves it alone) and a tracking link, for their probes.
  await grantPro(db, organizationId);
  const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
  const [endpoint] = await db
    .insert(webhookEndpoint)
    .values({
      organizationId,
      url: `https://hooks.${subdomain}.example/in`,
      eventTypes: ['order.paid'],
      secret: webhookSecret,
    })
    .returning({ id: webhookEndpoint.id });
  const messageId = `msg_${randomBytes(16).toString('hex')}`;
  await db.insert(webhookMessage).values({ id: messageId, organizationId, type: 'order.paid', payload: {} });
  const deliveries = await db
    .insert(webhookDelivery)
    .values({ organizationId, messageId, endpointId: endpoint!.id, status: 'failed', attempts: 12 })
    .returning({ id: webhookDelivery.id });
  const links = await db
    .insert(trackingLink)
    .values({
      organizationId,
      eventId: live.id,
      name: `${subdomain} promoter`,
      kind: 'promoter',
      code: `tl-${subdomain}`,
    })
    .returning({ id: trackingLink.id });
  const values: Record<string, string[]> = {
    organization: [organizationId],
    webhookEndpoint: [endpoint!.id],
    webhookDelivery: deliveries.map((row) => row.id),
    trackingLink: links.map((row) => row.id),
    planInvoice: invoices.map((row) => row.id),
    checkIn: checkIns.map((row) => row.id),
    code: codes.map((row) => row.id),
    codeBatch: [batchId],
    device: [],
    user: [userId],
    member: [owner!.id],
    invitation: [invited.json().id as string],
    session: sessions.map((row) => row.token),
    event: [live.id, draftId],
    ticketType: [typeId],
    quota: [quota.json().id as string],
    question: [question.json().id as string],
    addOn: [addOnMade.json().id as string],
    addOnLine: addOnLines.map((row) => row.id),
    order: orders.map((row) => row.id),
    ticket: ticketRows.map((row) => row.id),
    refundRequest: requests.map((row) => row.id),
    customer: customers.map((row) => row.id),
    orderToken: [paidToken, heldToken],
    orderCode: orders.map((row) => row.code),
    checkoutSession: orders.flatMap((row) => (row.checkoutSessionId ? [row.checkoutSessionId] : [])),
    upload: [uploadPath, ...(image.id ? [image.id] : [])],
    uploadKey: [uploadPath.replace(/^\/uploads\//, '')],
    subdomain: [subdomain],
    domain: [domain],
    hostname: [domain, host.replace(/:\d+$/, '')],
    email: [user.email, customerEmail],
    mail: mails.map((row) => row.id),
    attachment: attachments.map((row) => row.id),
    file: ['tickets.pdf', 'calendar.ics'],
  };
  const secrets = [
    organizationId,
    live.id,
    draftId,
    typeId,
    `${subdomain}-draft-secret`,
    // Event names: reports that name events without their ids (the settlement CSV and PDF) would show them to A.
    `${subdomain} Live Night`,
    `${subdomain} Draft Night`,
    customerEmail,
    webhookSecret,
    paidToken,
    heldToken,
    ...orders.map((row) => row.id),
    ...orders.map((row) => row.code),
    ...customers.map((row) => row.id),
    domain,
  ];
  return { subdomain, host, origin: `http://${host}`, user, organizationId, userId, values, secrets };
}

/** A new signed-in organiser in `world`'s place when the suite's own requests ended its session. */
export async function ensureSignedIn(app: FastifyInstance, world: OrgWorld): Promise<boolean> {
  const check = await app.inject({ method: 'GET', url: '/api/org/info', headers: asBrowser(world.user) });
  if (check.statusCode === 200) return false;
  // A fresh session for the same organisation is not possible without the password; sign in again.
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
    payload: JSON.stringify({ email: world.user.email, password: 'Tickets&Rush42' }),
  });
  const cookie = [signIn.headers['set-cookie']]
    .flat()
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.split(';')[0])
    .join('; ');
  if (signIn.statusCode === 200 && cookie) {
    world.user = { ...world.user, cookie };
    const again = await app.inject({ method: 'GET', url: '/api/org/info', headers: asBrowser(world.user) });
    if (again.statusCode === 200) return true;
  }
  // The password changed or the account is gone: stand in a fresh organiser without an organisation.
  world.user = await signUpAndVerify(app);
  return true;
}

/** The kind of value a path parameter takes, from its name and the path segment before it. */
export function paramKind(url: string, param: string): string | undefined {
  if (param === '*') return url.startsWith('/uploads/') ? 'uploadKey' : undefined;
  if (/type/i.test(param)) return 'ticketType';
  if (/^orderid$/i.test(param)) return 'order';
  if (/^requestid$/i.test(param)) return 'refundRequest';
  if (/token/i.test(param)) return url.startsWith('/api/auth/') ? undefined : 'orderToken';
  if (/file/i.test(param)) return 'file';
  if (/attachment/i.test(param)) return 'attachment';
  const parts = url.split('/');
  const before = parts[parts.indexOf(`:${param}`) - 1];
  if (before === 'events' || before === 'queue') return 'event';
  if (before === 'customers') return 'customer';
  if (before === 'checkout') return 'checkoutSession';
  if (before === 'mail') return 'mail';
  if (before === 'check-ins') return 'checkIn';
  if (before === 'codes') return 'code';
  if (before === 'invoices' && url.startsWith('/api/billing/plan/')) return 'planInvoice';
  if (before === 'quotas') return 'quota';
  if (before === 'webhooks') return 'webhookEndpoint';
  if (before === 'deliveries') return 'webhookDelivery';
  if (before === 'tracking-links') return 'trackingLink';
  if (before === 'questions') return 'question';
  if (before === 'add-ons') return /line/i.test(param) ? 'addOnLine' : 'addOn';
  if (before === 'code-batches') return 'codeBatch';
  if (before === 'members') return 'member';
  if (before === 'invitations' && url.startsWith('/api/team/')) return 'invitation';
  return undefined;
}

/** `world`'s values a parameter could take: its kind's, or every id when the kind is unknown. */
export function valuesFor(world: OrgWorld, url: string, param: string): string[] {
  const kind = paramKind(url, param);
  if (kind) return world.values[kind] ?? [];
  return ['organization', 'event', 'ticketType', 'order', 'customer', 'orderToken', 'member', 'user'].flatMap(
    (name) => world.values[name] ?? [],
  );
}
