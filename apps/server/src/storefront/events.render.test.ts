// The event page keeps its frame (everything but the checkout column) with the rows one shared read returned: pages
// answered from the same rows each carry their own form, and are the same text a fresh render gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLiveEvent, sellingOrganiser } from '../../test/checkout-helpers.js';
import { loadStorefrontEvent, type StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { emptyCheckoutForm, type CheckoutFormState } from './checkout-form.js';
import { renderEventPage } from './events.render.js';
import { findStorefrontOrganization, type StorefrontOrganization } from './storefront.routes.js';

let t: TestApp;
let stored: StorefrontEvent;
let organization: StorefrontOrganization;
const origin = 'http://frames.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  const owner = await sellingOrganiser(t.app, 'frames');
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
    expect(second).not.toContain('<!--column-');
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
