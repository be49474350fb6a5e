// Integrations end to end in Chromium (issue 34's first "done when"): a new organiser subscribes to PRO in Billing
// through the sandbox, creates an API key and uses it, adds a webhook endpoint (a local receiver that verifies each
// request with the Standard Webhooks library), connects Mailchimp and HubSpot (fakes on loopback, at the addresses
// the e2e server is given), lists their own site for the embed; a fan buys a ticket through the embed on that site
// (another origin) and agrees to news; the organiser sees the delivery in the log, and the synced customer reaches
// both services.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { E2E_HUBSPOT_PORT, E2E_MAILCHIMP_PORT, E2E_PORT, expect, test } from './fixtures';
import { createOrganiser, uniqueSubdomain } from './support/api';
import { createPublishedEvent, enableSandboxPayouts, shot } from './support/selling';
import {
  FAKE_HUBSPOT_TOKEN,
  FAKE_MAILCHIMP_KEY,
  startFakeHubSpot,
  startFakeMailchimp,
  startReceiver,
} from './support/integration-fakes';

const appUrl = `http://localhost:${E2E_PORT}`;

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

/** The organiser's own site on another origin, with the embed's one-line snippet pasted in. */
async function siteServer(html: () => string) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>The Venue</title></head><body><h1>The Venue</h1>${html()}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function embedFrame(page: Page): Promise<Frame> {
  const frame = await (await page.waitForSelector('iframe[title="Tickets"]')).contentFrame();
  if (!frame) throw new Error('no frame');
  return frame;
}

async function openIntegrations(page: Page) {
  await page.goto('/dashboard/profile');
  await page.getByRole('tab', { name: /Integrations/ }).click();
}

test('PRO, an API key, a verified webhook, Mailchimp and HubSpot, and a sale through the embed', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const organiser = await createOrganiser(request, {
    subdomain: uniqueSubdomain('integrate'),
    companyName: 'Integrate Live',
  });
  await enableSandboxPayouts(request, organiser, 'Integrate Live Ltd');
  await createPublishedEvent(request, organiser, 'Synced Night', { minimum_age: 0, terms_of_service: '' });
  const receiver = await startReceiver();
  const mailchimp = await startFakeMailchimp(E2E_MAILCHIMP_PORT);
  const hubspot = await startFakeHubSpot(E2E_HUBSPOT_PORT);
  let snippet = '';
  const site = await siteServer(() => snippet);
  try {
    await context.addCookies(organiser.cookies);

    // Billing: subscribe to PRO on the sandbox's hosted page.
    await page.goto('/dashboard/billing');
    const card = page.getByRole('region', { name: /PRO plan/ });
    await card.getByRole('button', { name: 'Subscribe to PRO' }).click();
    await page.waitForURL('**/sandbox/subscribe/*');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Integrate Owner');
    await page.getByRole('button', { name: /^Subscribe for / }).click();
    await page.waitForURL('**/dashboard/billing');
    await expect(card.getByText('Active')).toBeVisible();

    // An API key, shown once, used by a script.
    await openIntegrations(page);
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog', { name: 'Create an API key' });
    await create.getByLabel('Name').fill('Door sync');
    await create.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const secret = await shown.getByLabel('Secret key').inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    const events = await fetch(`${appUrl}/api/v1/events`, { headers: { authorization: `Bearer ${secret}` } });
    expect(events.status).toBe(200);
    expect((await events.json()).data.map((row: { name: string }) => row.name)).toEqual(['Synced Night']);

    // A webhook endpoint for paid orders; the receiver verifies with the endpoint's signing secret.
    const hooks = page.getByRole('region', { name: /^Webhooks/ });
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await add.getByLabel('Endpoint URL').fill(receiver.url);
    await add.getByLabel('Order paid').check();
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(add).toHaveCount(0);
    const endpoint = hooks.getByRole('listitem').filter({ hasText: receiver.url });
    await expect(endpoint.getByText('On', { exact: true })).toBeVisible();
    const shownSecret = endpoint.locator('code').first();
    if (!/^whsec_[A-Za-z0-9+/=]{20,}$/.test((await shownSecret.textContent()) ?? ''))
      await endpoint.getByRole('button', { name: 'Reveal' }).click();
    await expect(shownSecret).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    receiver.secret = await shownSecret.textContent();

    // Customer Sync: Mailchimp by API key and an audience, HubSpot by a private app token.
    const sync = page.getByRole('region', { name: /Customer Sync/ });
    const mailchimpCard = sync.getByRole('region', { name: 'Mailchimp' });
    await mailchimpCard.getByLabel('Mailchimp API key').fill(FAKE_MAILCHIMP_KEY);
    await mailchimpCard.getByRole('button', { name: 'Connect Mailchimp' }).click();
    await expect(mailchimpCard.getByText('Connected', { exact: true })).toBeVisible();
    await mailchimpCard.getByLabel('Audience').selectOption({ label: 'Festival fans' });
    const hubspotCard = sync.getByRole('region', { name: 'HubSpot' });
    await hubspotCard.getByLabel('HubSpot private app access token').fill(FAKE_HUBSPOT_TOKEN);
    await hubspotCard.getByRole('button', { name: 'Connect HubSpot' }).click();
    await expect(hubspotCard.getByText('Connected', { exact: true })).toBeVisible();

    // The embed: the organiser's site listed, its snippet pasted there.
    const embed = page.getByRole('region', { name: 'Embeddable checkout' });
    await embed.getByLabel('Sites allowed to show your tickets').fill(site.origin);
    await embed.getByRole('button', { name: 'Save sites' }).click();
    await expect(embed.getByRole('status')).toHaveText('Saved.');
    snippet = (await embed.locator('pre').first().textContent()) ?? '';
    await shot(page, testInfo, 'integrations-journey-organiser');

    // A fan on the organiser's site buys a ticket through the frame and agrees to news.
    const fanContext = await browser.newContext({ locale: 'en-GB' });
    const fan = await fanContext.newPage();
    await fan.goto(`${site.origin}/`);
    const frame = await embedFrame(fan);
    await frame.getByRole('link', { name: /Synced Night/ }).click();
    await frame.getByLabel('Quantity of General Admission', { exact: true }).fill('1');
    await frame.getByLabel('First name').fill('Sam');
    await frame.getByLabel('Last name').fill('Synced');
    await frame.getByLabel('Email', { exact: true }).fill('sam.synced@example.com');
    await frame.getByLabel('Send me news and offers from the organiser (optional)').check();
    await frame.getByRole('button', { name: 'Continue to payment' }).click();
    await frame.getByRole('button', { name: /^Pay £/ }).click();
    await fan.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await fan.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fan.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await fan.getByLabel('CVC').fill('123');
    await fan.getByRole('button', { name: /^Pay £/ }).click();
    await fan.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
    const code = (await fan
      .getByText(/MQ-[A-Z0-9]{6}/)
      .first()
      .textContent())!.match(/MQ-[A-Z0-9]{6}/)![0];
    await fanContext.close();

    // The receiver got order.paid for that order, signed so the Standard Webhooks library verifies it.
    await expect
      .poll(
        () =>
          receiver.accepted
            .filter((hook) => hook.type === 'order.paid')
            .map((hook) => (hook.data.order as { code: string }).code),
        {
          timeout: 60_000,
        },
      )
      .toEqual([code]);
    expect(receiver.requests.every((hook) => hook.verified)).toBe(true);

    // The organiser sees it delivered in the endpoint's log.
    await openIntegrations(page);
    const logged = page
      .getByRole('region', { name: /^Webhooks/ })
      .getByRole('listitem')
      .filter({
        hasText: receiver.url,
      });
    await logged.getByRole('button', { name: 'Delivery log' }).click();
    await expect(logged.getByText('order.paid').first()).toBeVisible();
    await expect(logged.getByText('Delivered').first()).toBeVisible();
    await expect(logged.getByText('200').first()).toBeVisible();
    await shot(page, testInfo, 'integrations-journey-delivered');

    // Sync now: the consenting fan reaches Mailchimp's audience (tagged with the event) and HubSpot's contacts.
    const syncNow = page.getByRole('region', { name: /Customer Sync/ });
    await syncNow.getByRole('region', { name: 'Mailchimp' }).getByRole('button', { name: 'Sync now' }).click();
    await syncNow.getByRole('region', { name: 'HubSpot' }).getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(() => [...(mailchimp.members.get('aud1')?.values() ?? [])].map((m) => [m.email_address, m.tags]), {
        timeout: 90_000,
      })
      .toEqual([['sam.synced@example.com', ['Synced Night']]]);
    await expect
      .poll(() => [...hubspot.contacts.values()].map((contact) => contact.properties.email), { timeout: 90_000 })
      .toEqual(['sam.synced@example.com']);
    await page.reload();
    await page.getByRole('tab', { name: /Integrations/ }).click();
    for (const service of ['Mailchimp', 'HubSpot']) {
      const synced = page.getByRole('region', { name: /Customer Sync/ }).getByRole('region', { name: service });
      await expect(synced.locator('dt:has-text("Customers synced") + dd')).toHaveText('1');
    }
    await shot(page, testInfo, 'integrations-journey-synced');
  } finally {
    await Promise.all([receiver.close(), mailchimp.close(), hubspot.close(), site.close()]);
  }
});
