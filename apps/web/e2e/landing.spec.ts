// The landing page at '/' and the legal pages, driven like a visitor would.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The only spec that runs with motion (playwright.config.ts makes the others reduce it): the animations are its subject.
test.use({ reducedMotion: 'no-preference' });

async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5_000 });
}

interface OverlayTimes {
  shown?: number;
  gone?: number;
}

test('the loading overlay shows on load and is gone after about 2 s', async ({ page }) => {
  // Timed in the page: on a busy machine the test's own checks can lag the page by a second.
  await page.addInitScript(() => {
    const times: OverlayTimes = {};
    (window as unknown as { overlayTimes: OverlayTimes }).overlayTimes = times;
    new MutationObserver(() => {
      const present = document.querySelector('[data-testid="loading-overlay"]') !== null;
      if (present && times.shown === undefined) times.shown = performance.now();
      if (!present && times.shown !== undefined && times.gone === undefined) times.gone = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  // Not waiting for the load event: on a busy machine images and fonts can take longer than the overlay stays.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('status', { name: 'Loading Marquee' })).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5_000 });
  const times = await page.evaluate(() => (window as unknown as { overlayTimes: OverlayTimes }).overlayTimes);
  expect(times.gone! - times.shown!).toBeGreaterThan(1_000);
});

test('under reduced motion the overlay is brief', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 1_000 });
});

test('the hero shows the headline, the tagline and claims rotating every 4 s', async ({ page }) => {
  await openLanding(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Own your');
  await expect(page.getByText('Free forever. Customer pays fee.', { exact: true }).first()).toBeVisible();
  const claim = page.getByTestId('rotating-claim');
  await expect(claim).toHaveAttribute('aria-live', 'polite');
  await expect(claim).toHaveText('91% of fans prefer buying tickets directly');
  const startedAt = Date.now();
  await expect(claim).toHaveText('87% say third-party platforms ruin brand cohesion', { timeout: 6_000 });
  await expect(claim).toHaveText('82% want more control over ticketing data', { timeout: 6_000 });
  expect(Date.now() - startedAt).toBeGreaterThan(3_500);
  await expect(claim).toHaveText('91% of fans prefer buying tickets directly', { timeout: 6_000 });
});

test('Get Started and Sign In call their handlers; signed out there is no dashboard button', async ({ page }) => {
  await openLanding(page);
  const hero = page.getByRole('main');
  await expect(page.getByRole('link', { name: 'App Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /account menu/i })).toHaveCount(0);

  await hero.getByRole('button', { name: 'Get Started' }).first().click();
  const signUp = page.getByRole('dialog', { name: 'Get started' });
  await expect(signUp.getByRole('button', { name: 'Create account' })).toBeVisible();
  await signUp.getByRole('button', { name: 'Close' }).click();
  await expect(signUp).toBeHidden();

  await hero.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Forgot password?' }),
  ).toBeVisible();
});

test('pricing shows the booking fee and its own get-started action', async ({ page }) => {
  await openLanding(page);
  const pricing = page.locator('#pricing');
  await expect(pricing.getByText('8% booking fee', { exact: true })).toBeVisible();
  for (const item of ['Unlimited events', 'Custom domain', 'Automatic billing', 'API Integration', 'And more']) {
    await expect(pricing.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(pricing.getByText('PRO add-on')).toBeVisible();
  await pricing.getByRole('button', { name: 'Get Started' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Get started' }).getByRole('button', { name: 'Create account' }),
  ).toBeVisible();
});

test('pricing tooltips show one at a time, on hover and on focus', async ({ page }) => {
  await openLanding(page);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  const pricing = page.locator('#pricing');
  await pricing.getByText('Unlimited events', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveCount(1);
  await expect(page.getByRole('tooltip')).toContainText('as many events');
  await pricing.getByText('Custom domain', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveCount(1);
  await expect(page.getByRole('tooltip')).toContainText('tickets.yourbrand.com');

  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  const info = pricing.getByRole('button', { name: 'About Automatic billing' });
  await info.focus();
  await expect(page.getByRole('tooltip')).toHaveCount(1);
  await expect(info).toHaveAttribute('aria-describedby', /.+/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('the cookie notice hides on Accept and on Dismiss, and returns on the next load', async ({ page }) => {
  await openLanding(page);
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toContainText('We use cookies to improve your experience.');
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(notice).toBeVisible();
});

test('the Features and Pricing anchors scroll smoothly to their sections', async ({ page }) => {
  await openLanding(page);
  // Record every scroll position with its time, to tell an animated scroll from a jump.
  await page.evaluate(() => {
    const samples: [number, number][] = [];
    (window as unknown as { scrollSamples: [number, number][] }).scrollSamples = samples;
    window.addEventListener('scroll', () => samples.push([performance.now(), window.scrollY]), { passive: true });
  });
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.locator('#pricing')).toBeFocused({ timeout: 5_000 });
  await expect(page.locator('#pricing')).toBeInViewport();
  const samples = await page.evaluate(() => (window as unknown as { scrollSamples: [number, number][] }).scrollSamples);
  const final = samples[samples.length - 1]?.[1] ?? 0;
  const between = samples.filter(([, y]) => y > 0 && y < final);
  expect(between.length).toBeGreaterThan(2);
  const duration = (samples[samples.length - 1]?.[0] ?? 0) - (samples[0]?.[0] ?? 0);
  expect(duration).toBeGreaterThan(700);

  await nav.getByRole('link', { name: 'Features' }).click();
  await expect(page.locator('#features')).toBeFocused({ timeout: 5_000 });
  await expect(page.getByRole('heading', { name: /Everything you need/ })).toBeInViewport();
});

test('the features section shows the bento cards, marquees and our own images', async ({ page }) => {
  await openLanding(page);
  const features = page.locator('#features');
  await expect(features.getByRole('article')).toHaveCount(4);
  await expect(features.getByRole('list', { name: 'Integrations', exact: true })).toContainText('Sheets');
  for (const name of ['Ads', 'CRM', 'Email', 'Social']) {
    await expect(
      features.getByRole('list', { name: 'Integrations', exact: true }).getByText(name, { exact: true }),
    ).toBeAttached();
  }
  await expect(features.getByRole('img', { name: /Marquee dashboard/ })).toBeVisible();
  for (const source of await features
    .locator('img')
    .evaluateAll((images) => images.map((i) => i.getAttribute('src')))) {
    expect(source).toMatch(/^\/assets\//);
  }
});

test('the footer shows the trademark line over its animated scene', async ({ page }) => {
  await openLanding(page);
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByText('Marquee™ 2025', { exact: true })).toBeVisible();
  await expect(footer.getByTestId('footer-canvas')).toHaveAttribute('data-ready', 'true');
});

test('without the footer scene the page warns and keeps a static background', async ({ page, allowConsoleError }) => {
  // The browser itself reports the aborted request; the page only warns.
  allowConsoleError(/Failed to load resource/);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/assets/footer-scene-*.json', (route) => route.abort());
  await openLanding(page);
  await expect.poll(() => warnings.some((text) => text.includes('Footer animation skipped'))).toBe(true);
  await expect(page.getByTestId('footer-canvas')).not.toHaveAttribute('data-ready', 'true');
  await expect(page.getByText('Marquee™ 2025', { exact: true })).toBeAttached();
});

test('without WebGL the hero animation is skipped with a warning only', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (type === 'webgl' || type === 'webgl2' || type === 'experimental-webgl') return null;
      return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof original;
  });
  await openLanding(page);
  await expect(page.getByTestId('hero-canvas')).toHaveCount(0);
  expect(warnings.some((text) => text.includes('WebGL is unavailable'))).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the landing respects the saved theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await openLanding(page);
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the floating menu opens a side panel with the signed-out items, traps focus and closes', async ({ page }) => {
    await openLanding(page);
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByRole('navigation').getByRole('button')).toHaveText(
      ['FEATURES', 'PRICING', 'GET STARTED', 'SIGN IN'],
      {
        useInnerText: true,
      },
    );
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    // Focus cycles inside the panel.
    for (let index = 0; index < 6; index += 1) await page.keyboard.press('Tab');
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await panel.getByRole('button', { name: 'PRICING' }).click();
    await expect(panel).toBeHidden();
    await expect(page.locator('#pricing')).toBeFocused({ timeout: 3_000 });

    await menuButton.click();
    await panel.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Forgot password?' }),
    ).toBeVisible();
  });
});

test('the terms and privacy pages render with a way back home', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('22 November 2026').first()).toBeVisible();
  await expect(page.getByText('8% booking fee', { exact: true })).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Payments through Stripe Connect/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the Marquee home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Own your');
});

test('unknown paths go to the landing page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Own your');
});
