// The Profile page's sale e-mails setting (decision 147), rendered as the browser gets it: one radio group with a
// legend, each choice labelled and described, the digest's interval from the shared constant. Choosing by mouse and
// keyboard is covered in the browser (e2e/ticket-types-orders.spec.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SALE_DIGEST_MINUTES, SALE_EMAIL_CHOICES, type SaleEmails } from '@marquee/shared';
import { NotificationSettings, SALE_EMAIL_OPTIONS } from './notification-settings';

const render = (value: SaleEmails, error?: string) =>
  renderToStaticMarkup(<NotificationSettings value={value} onChange={() => undefined} error={error} />);

/** Each radio input's attributes, in the order they appear. */
function radios(html: string) {
  return [...html.matchAll(/<input ([^>]*)\/?>/g)].map((match) => {
    const attributes = Object.fromEntries(
      [...match[1]!.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map((pair) => [pair[1]!, pair[2] ?? '']),
    );
    return attributes;
  });
}

/** The text of the element with `id`. */
function textOf(html: string, id: string) {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`id="${escaped}"[^>]*>([^<]*)<`).exec(html);
  return match?.[1]?.replace(/&#x27;|&apos;/g, "'") ?? null;
}

describe('NotificationSettings', () => {
  it('is one radio group of the three choices under the legend "Sale e-mails", the current one checked', () => {
    for (const value of SALE_EMAIL_CHOICES) {
      const html = render(value);
      expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Sale e-mails<\/legend>/);
      const inputs = radios(html);
      expect(inputs.map((input) => [input.type, input.value])).toEqual(
        SALE_EMAIL_CHOICES.map((choice) => ['radio', choice]),
      );
      // One name: the browser moves between them with the arrow keys and Tab reaches the checked one.
      expect(new Set(inputs.map((input) => input.name)).size).toBe(1);
      expect(inputs.filter((input) => 'checked' in input).map((input) => input.value)).toEqual([value]);
    }
  });

  it('labels and describes every choice, the digest with the interval the server uses', () => {
    const html = render('digest');
    for (const input of radios(html)) {
      const option = SALE_EMAIL_OPTIONS[input.value as SaleEmails];
      expect(textOf(html, input['aria-labelledby']!)).toBe(option.label);
      expect(textOf(html, input['aria-describedby']!)).toBe(option.description);
    }
    expect(SALE_EMAIL_OPTIONS.digest.description).toBe(
      `The first sale after ${SALE_DIGEST_MINUTES} minutes without one is e-mailed at once. The sales after it are gathered into one e-mail every ${SALE_DIGEST_MINUTES} minutes while they keep coming.`,
    );
    expect(html).toContain('Sent to your organisation');
  });

  it("shows a refused save's message and marks the choices invalid, so the page can focus them", () => {
    expect(radios(render('each')).some((input) => 'aria-invalid' in input)).toBe(false);
    const html = render('each', 'Sale e-mails must be one of: each, digest, off');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Sale e-mails must be one of: each, digest, off');
    expect(radios(html).every((input) => input['aria-invalid'] === 'true')).toBe(true);
  });
});
