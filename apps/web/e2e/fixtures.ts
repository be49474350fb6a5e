// Shared Playwright fixtures: every test fails on an unexpected console.error or page error. A test that
// expects one (a 404 page, say) declares it with allowConsoleError(pattern).
import { test as base, expect } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The loopback DNS server the e2e server asks for custom domains (see playwright.config.ts). */
export const E2E_DNS_PORT = E2E_PORT + 2000;
/** Where the e2e server finds Mailchimp and HubSpot (server-env.mjs): the integrations journey's fakes. */
export const E2E_MAILCHIMP_PORT = E2E_PORT + 2100;
export const E2E_HUBSPOT_PORT = E2E_PORT + 2200;
export const storefrontUrl = (subdomain: string, pathname = '/') =>
  `http://${subdomain}.localhost:${E2E_PORT}${pathname}`;

export const test = base.extend<{ allowConsoleError: (pattern: RegExp) => void }>({
  allowConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use((pattern) => allowed.push(pattern));
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
