// The event page keeps its frame (everything but the checkout column) by the data it shows: pages
// answered from the same rows each carry their own form, and are the same text a fresh render gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buyer, createLiveEvent, postCheckout, sellingOrganiser } from '../../test/checkout-helpers.js';
import type { SignedInUser } from '../../test/auth-helpers.js';
import { loadStorefrontEvent, type StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { emptyCheckoutForm, type CheckoutFormState } from './checkout-form.js';
import { renderEventPage } from './events.render.js';
import { quoteOrder } from '../modules/checkout/order-quote.js';
import { NO_CODES } from '../modules/checkout/drop-rules.js';
import { findStorefrontOrganization, type StorefrontOrganization } from './respond.js';

let t: TestApp;
let owner: SignedInUser;
let stored: StorefrontEvent;
let organization: StorefrontOrganization;
const origin = 'http://frames.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await sellingOrganiser(t.app, 'frames');
  const live = await createLiveEvent(t.app, owner, { name: 'Frame Night', capacity: 50 });
  organization = (await findStorefrontOrganization(
    t.database.db,
    { kind: 'subdomain', subdomain: 'frames' },
    'http://localhost:3000',
  ))!;
  stored = (await loadStorefrontEvent(t.database.db, organization.organizationId, live.id))!;
});
afterAll(() => t.close());

const formOf = (email: string): CheckoutFormState => {
  const form = emptyCheckoutForm('GB');
  return { ...form, quantities: { [stored.types[0]!.id]: '2' }, buyer: { ...form.buyer, email } };
};
const page = (on: StorefrontEvent, org: StorefrontOrganization, email: string, message?: string) =>
  renderEventPage({
    organization: org,
    origin,
    event: on.event,
    stored: on,
    form: formOf(email),
    errors: message ? { message } : {},
    quote: quoteOrder(on, formOf(email), NO_CODES),
  });

describe('renderEventPage', () => {
  it('pages from the same rows each show their own form and message, as a fresh render does', () => {
    const first = page(stored, organization, 'first@example.com', 'First message');
    const second = page(stored, organization, 'second@example.com', 'Second message');
    expect(first).toContain('value="first@example.com"');
    expect(first).toContain('First message');
    expect(first).not.toContain('second@example.com');
    expect(second).toContain('value="second@example.com"');
    expect(second).toContain('Second message');
    expect(second).not.toContain('first@example.com');
    expect(second).not.toContain('First message');
    // New objects (a later read) render afresh, to the same text.
    const fresh = page(
      { ...stored, row: { ...stored.row } },
      { ...organization },
      'second@example.com',
      'Second message',
    );
    expect(second).toBe(fresh);
    expect(second).not.toContain('marquee-column-');
  });

  it('a later read with a changed event or organisation shows the change', () => {
    expect(page(stored, organization, 'a@example.com')).toContain('<h1>Frame Night</h1>');
    const renamed = { ...stored, row: { ...stored.row }, event: { ...stored.event, name: 'Frame Night (moved)' } };
    expect(page(renamed, organization, 'a@example.com')).toContain('<h1>Frame Night (moved)</h1>');
    const rebranded = { ...organization, companyName: 'Frames Presents' };
    const html = page(stored, rebranded, 'a@example.com');
    expect(html).toContain('Frames Presents');
    expect(html).toContain('<h1>Frame Night</h1>');
  });

  it("a closed event's page has no form, and the same rows still give an open page its form", () => {
    const ended = page({ ...stored, closedReason: 'ended' }, organization, 'late@example.com');
    expect(ended).toContain('This event has ended');
    expect(ended).not.toContain('late@example.com');
    expect(ended).toBe(
      page({ ...stored, row: { ...stored.row }, closedReason: 'ended' }, { ...organization }, 'late@example.com'),
    );
    expect(page(stored, organization, 'open@example.com')).toContain('value="open@example.com"');
  });
});

describe('POST /events/:ref/checkout refusals', () => {
  it('refusals answered together each show their own form, and an edit shows on the next one', async () => {
    const small = await createLiveEvent(t.app, owner, { capacity: 100, name: 'Frame Gig' });
    const smallType = small.ticket_types[0]!.id;
    const refuse = (email: string) =>
      postCheckout(t.app, 'frames.localhost:3000', small.slug, {
        ...buyer,
        email,
        first_name: email.split('@')[0]!,
        [`qty_${smallType}`]: '11',
      });
    const emails = Array.from({ length: 5 }, (_, index) => `frame${index}@example.com`);
    const pages = await Promise.all(emails.map(refuse));
    pages.forEach((response, index) => {
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('You can buy at most 10 of these per order');
      expect(response.body).toContain(`value="${emails[index]}"`);
      for (const other of emails.filter((email) => email !== emails[index])) expect(response.body).not.toContain(other);
      expect(response.body).toContain('<h1>Frame Gig</h1>');
    });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${small.id}`,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: { description: 'Doors moved to 19:30' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = await refuse('frame-after@example.com');
    expect(after.body).toContain('Doors moved to 19:30');
    expect(after.body).toContain('value="frame-after@example.com"');
  });
});
