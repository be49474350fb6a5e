// An organiser who can sell: payouts enabled through the sandbox's hosted onboarding, and a live event with
// artwork, made through the real API; and where the browser tests keep their screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { E2E_PORT } from '../fixtures';
import type { Organiser } from './api';
import { makeValidPng } from './images';

const baseURL = `http://localhost:${E2E_PORT}`;

export async function enableSandboxPayouts(
  request: APIRequestContext,
  who: Organiser,
  businessName = 'Analytics Co Ltd',
) {
  const headers = { origin: baseURL, cookie: who.cookieHeader };
  const billing = `${baseURL}/dashboard/billing`;
  const link = await request.post(`${baseURL}/api/stripe/create-connect-account`, {
    headers,
    data: { refresh_url: billing, return_url: billing },
  });
  const url = new URL(((await link.json()) as { account_link_url: string }).account_link_url);
  const onboard = await request.post(`${baseURL}${url.pathname}${url.search}`, {
    headers: { origin: baseURL },
    form: {
      business_name: businessName,
      business_type: 'company',
      country: 'GB',
      address_line1: '1 High Street',
      address_city: 'London',
      address_postal_code: 'N1 9GU',
      representative_name: 'Ada Lovelace',
      representative_dob: '1985-12-10',
      bank_account_holder: businessName,
      bank_routing: '108800',
      bank_account_number: '00012345',
      registration_number: '12345678',
    },
    maxRedirects: 0,
  });
  expect(onboard.status()).toBe(303);
}

/** What an event made by createPublishedEvent may set differently (the event form's fields, as the API takes them). */
export type EventOverrides = Partial<{
  description: string;
  location: string;
  start_local: string;
  end_local: string;
  capacity: number;
  minimum_age: number;
  terms_of_service: string;
  price: string;
  lineup: string[];
}>;

/** A published GBP event at £20 a ticket, no age limit (unless `overrides` says otherwise); returns its id. */
export async function createPublishedEvent(
  request: APIRequestContext,
  who: Organiser,
  name: string,
  overrides: EventOverrides & Record<string, unknown> = {},
) {
  const headers = { origin: baseURL, cookie: who.cookieHeader };
  const upload = await request.post(`${baseURL}/api/uploads/image`, {
    headers,
    multipart: {
      purpose: 'event-artwork',
      file: { name: 'art.png', mimeType: 'image/png', buffer: fs.readFileSync(await makeValidPng()) },
    },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const created = await request.post(`${baseURL}/api/events`, {
    headers,
    data: {
      artwork_url: ((await upload.json()) as { url: string }).url,
      name,
      description: 'A night of analytics testing.',
      location: 'The Warehouse, London',
      start_local: '2031-06-14T19:00',
      end_local: '2031-06-15T03:00',
      time_zone: 'Europe/London',
      lineup: ['DJ One'],
      currency: 'GBP',
      price: '20.00',
      capacity: 100,
      minimum_age: 0,
      terms_of_service: 'No re-entry.',
      ...overrides,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const published = await request.post(`${baseURL}/api/events/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return id;
}

/** A full-page screenshot under E2E_SCREENSHOTS (or the test's output folder), for looking at afterwards. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENSHOTS ?? testInfo.outputPath('screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export interface FormBuyer {
  quantity: number;
  email: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Buys tickets the way the storefront's plain forms do (no browser: for tests whose subject comes after the
 * sale): the event page's form, the summary's Pay, the sandbox's hosted page with its success card, and the
 * return page until the webhook has paid the order. Returns the order page's address.
 */
export async function buyWithForms(
  request: APIRequestContext,
  who: Organiser,
  eventId: string,
  buyer: FormBuyer,
): Promise<string> {
  const shop = `http://${who.subdomain}.localhost:${E2E_PORT}`;
  // Node does not resolve *.localhost as browsers do: connect to localhost and name the shop in the Host header.
  const host = `${who.subdomain}.localhost:${E2E_PORT}`;
  const headers = { host, origin: shop };
  // The id address answers with a redirect to the event's slug address (followed here, keeping the Host header).
  const byId = await request.get(`${baseURL}/events/${eventId}`, { headers, maxRedirects: 0 });
  expect(byId.status()).toBe(301);
  const slugPath = byId.headers().location!;
  const page = await request.get(`${baseURL}${slugPath}`, { headers });
  expect(page.status()).toBe(200);
  const typeId = /name="qty_([0-9a-f-]{36})"/.exec(await page.text())?.[1];
  expect(typeId, 'a ticket type on the event page').toBeTruthy();
  const held = await request.post(`${baseURL}${slugPath}/checkout`, {
    headers,
    form: {
      [`qty_${typeId}`]: String(buyer.quantity),
      first_name: buyer.firstName ?? 'Fan',
      last_name: buyer.lastName ?? 'Buyer',
      email: buyer.email,
      phone: '',
      country: 'GB',
      age_confirmed: 'yes',
      terms_accepted: 'yes',
    },
    maxRedirects: 0,
  });
  expect(held.status(), await held.text()).toBe(303);
  const summary = held.headers().location!;
  const pay = await request.post(`${baseURL}${summary}/pay`, { headers, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  const provider = new URL(pay.headers().location!);
  const card = await request.post(`${baseURL}${provider.pathname}${provider.search}`, {
    headers: { origin: baseURL },
    form: { card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', card_name: 'Fan' },
    maxRedirects: 0,
  });
  expect(card.status()).toBe(303);
  const back = new URL(card.headers().location!, shop);
  let orderUrl = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${baseURL}${back.pathname}${back.search}`, { headers, maxRedirects: 0 });
        const location = answer.headers().location ?? '';
        if (answer.status() === 303 && location.includes('/orders/')) orderUrl = new URL(location, shop).toString();
        return orderUrl;
      },
      { message: 'the order is paid', timeout: 15_000 },
    )
    .toContain('/orders/');
  return orderUrl;
}

/**
 * From the checkout summary: Pay, then the sandbox's hosted page with its success card, until the order page. Returns
 * the tickets' codes as the order page lists them.
 */
export async function payOnSandbox(page: Page): Promise<string[]> {
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  const texts = await page.locator('li.ticket p.muted').allTextContents();
  return texts.map((text) => /T-[A-Z2-9]{10}/.exec(text)![0]);
}
