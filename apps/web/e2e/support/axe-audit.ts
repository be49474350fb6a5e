// The axe check of accessibility.spec.ts (decision 029): runs axe-core through @axe-core/playwright on a screen
// in the light and the dark theme and collects every serious or critical violation (and every landmark rule's)
// so that a test lists them all at once.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** Content outside landmarks and landmark mistakes fail too, whatever their impact (issue 13: landmarks for every region). */
const LANDMARK_RULES = /^(region|landmark-)/;
/** The rules whose result depends on the colours, the only thing that changes with the theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
type Scheme = 'light' | 'dark';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Loads axe-core into every page of the context as the page starts. AxeBuilder then gets a no-op script to
 * inject: by default it evaluates the 550 KB source twice per run (once to check, once to inject), which was a
 * fifth of each run's time.
 */
export async function preloadAxe(context: BrowserContext) {
  await context.addInitScript({ content: axeSource });
}

export interface CheckOptions {
  /** Only this part of the page (a dialog over a page already checked). */
  within?: string;
  /**
   * 'app' (the default) for the dashboard and landing page: the theme is the `dark` class on <html>, set here as
   * public/theme-init.js sets it on a load. 'page' for the server-rendered pages (storefront, checkout, sandbox),
   * which follow only the system scheme.
   */
  kind?: 'app' | 'page';
}

/** Collects the violations of every screen checked in one test; the test fails once, listing them all. */
export class Audit {
  readonly found: string[] = [];
  screens = 0;
  private readonly started = Date.now();
  private lastEnd = Date.now();
  constructor(
    private readonly page: Page,
    private readonly viewport: string,
  ) {}

  /**
   * Switches the theme so that axe reads its final colours: colour transitions are turned off for the check
   * (otherwise an element can still be half-way between the two themes' colours), and any already running
   * are waited for.
   */
  private async settle(scheme: Scheme, app: boolean) {
    await this.page.emulateMedia({ colorScheme: scheme });
    await this.page.evaluate(
      async ({ dark, app }) => {
        if (!document.getElementById('axe-no-transitions')) {
          const style = document.createElement('style');
          style.id = 'axe-no-transitions';
          style.textContent = '*,*::before,*::after{transition:none!important}';
          document.head.append(style);
        }
        if (app) {
          document.documentElement.classList.toggle('dark', dark);
          document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
        }
        // Applies the styles now (no frame needs painting: with a blurred backdrop behind a dialog, a software
        // rendered frame took seconds).
        void getComputedStyle(document.body).color;
        // Transitions, and animations that end (a dialog's fade and zoom): axe must read the colours they end on.
        const running = document
          .getAnimations()
          .filter(
            (animation) =>
              animation instanceof CSSTransition ||
              (animation instanceof CSSAnimation && animation.effect?.getComputedTiming().iterations !== Infinity),
          );
        const settled = Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
        // Transitions here last 0.2 s; a page too busy to finish them in 2 s is checked as it is.
        await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
      },
      { dark: scheme === 'dark', app },
    );
  }

  /**
   * Runs axe on the screen in both themes: the light pass runs every rule, the dark pass the colour rules
   * (structure does not change with the theme).
   */
  async check(screen: string, options: CheckOptions = {}) {
    this.screens += 1;
    if (process.env.AXE_TIMING) process.stdout.write(`  (${Date.now() - this.lastEnd} ms to reach ${screen})\n`);
    for (const scheme of ['light', 'dark'] as const) {
      const s0 = Date.now();
      await this.settle(scheme, (options.kind ?? 'app') === 'app');
      let builder = new AxeBuilder({ page: this.page, axeSource: ';' })
        .setLegacyMode(true)
        // Passes are not read; asking for violations only spares axe describing every passing node.
        .options({ resultTypes: ['violations'] });
      if (scheme === 'dark') builder = builder.withRules(COLOUR_RULES);
      if (options.within) builder = builder.include(options.within);
      if (process.env.AXE_SHOTS) {
        fs.mkdirSync(process.env.AXE_SHOTS, { recursive: true });
        const file = `${this.viewport}-${screen.replace(/[^a-z0-9]+/gi, '-')}-${scheme}.png`.toLowerCase();
        await this.page.screenshot({ path: path.join(process.env.AXE_SHOTS, file) });
      }
      const t0 = Date.now();
      if (process.env.AXE_TIMING) process.stdout.write(`  settle ${scheme}: ${t0 - s0} ms\n`);
      const results = await builder.analyze();
      if (process.env.AXE_TIMING) process.stdout.write(`${screen} ${scheme}: ${Date.now() - t0} ms\n`);
      for (const violation of results.violations) {
        if (!FAILING_IMPACTS.has(violation.impact ?? '') && !LANDMARK_RULES.test(violation.id)) continue;
        const targets = violation.nodes
          .slice(0, 4)
          .map(
            (node) =>
              `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n')[1]?.trim() ?? ''})` : ''}`,
          );
        const line = `${screen} [${this.viewport}, ${scheme}] ${violation.id} (${violation.impact}, ${violation.nodes.length}x): ${targets.join('; ')}`;
        if (process.env.AXE_TIMING) process.stdout.write(`VIOLATION ${line}\n`);
        this.found.push(line);
      }
    }
    await this.page.emulateMedia({ colorScheme: 'light' });
    this.lastEnd = Date.now();
  }

  summary(what: string) {
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    return `axe: ${what}, ${this.screens} screens x 2 themes (${this.viewport}) in ${seconds} s`;
  }
}
