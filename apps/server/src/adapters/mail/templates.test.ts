import { describe, expect, it } from 'vitest';
import { CODE_TTL_MINUTES, passwordResetCodeEmail, renderEmail, verificationCodeEmail } from './templates.js';

describe('verificationCodeEmail', () => {
  it('puts the code in the subject, the HTML part and the text part', () => {
    const mail = verificationCodeEmail({ code: '123456' });
    expect(mail.subject).toBe('123456 is your Marquee verification code');
    expect(mail.html).toContain('123456');
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('Marquee');
    expect(mail.html).toContain('#00ea6f');
    expect(mail.text).toContain(`expires in ${CODE_TTL_MINUTES} minutes`);
    expect(mail.html).toContain(`expires in ${CODE_TTL_MINUTES} minutes`);
  });
});

describe('passwordResetCodeEmail', () => {
  it('puts the code in the subject and both parts', () => {
    const mail = passwordResetCodeEmail({ code: '654321' });
    expect(mail.subject).toContain('654321');
    expect(mail.html).toContain('654321');
    expect(mail.text).toContain('654321');
    expect(mail.text).toContain('Reset your password');
  });
});

describe('renderEmail', () => {
  it('escapes every interpolated value in the HTML part and keeps the text part verbatim', () => {
    const { html, text } = renderEmail({
      preheader: 'pre <i>',
      heading: 'Hello <script>alert(1)</script>',
      paragraphs: ['Tom & "Jerry"', "it's <b>"],
      code: '<1>',
      cta: { label: 'Open <now>', url: 'https://example.com/?a=1&b="2"' },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(html).toContain('it&#39;s &lt;b&gt;');
    expect(html).toContain('&lt;1&gt;');
    expect(html).toContain('pre &lt;i&gt;');
    expect(html).toContain('href="https://example.com/?a=1&amp;b=&quot;2&quot;"');
    expect(text).toContain('Hello <script>alert(1)</script>');
    expect(text).toContain('Open <now>: https://example.com/?a=1&b="2"');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      renderEmail({ preheader: 'p', heading: 'h', paragraphs: [], cta: { label: 'x', url: 'javascript:alert(1)' } }),
    ).toThrow(/http/);
  });

  it('lays the HTML out with tables and inline styles, no style sheet or script', () => {
    const { html } = renderEmail({ preheader: 'p', heading: 'h', paragraphs: ['a'] });
    expect(html).toContain('role="presentation"');
    expect(html).not.toMatch(/<style|<script|<link/i);
  });
});
