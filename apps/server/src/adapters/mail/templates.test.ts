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

  it('writes a link block as a sentence with an underlined link, in both parts, and refuses a non-http link', () => {
    const { html, text } = renderEmail({
      preheader: 'p',
      heading: 'h',
      paragraphs: [],
      blocks: [
        { kind: 'link', text: 'Plans <changed>?', label: 'Leave', url: 'https://shop.example/leave/a.b?x=1&y=2' },
      ],
    });
    expect(html).toContain(
      'Plans &lt;changed&gt;? <a href="https://shop.example/leave/a.b?x=1&amp;y=2" target="_blank" style="',
    );
    expect(html).toMatch(/text-decoration:underline;">Leave<\/a><\/p>/);
    expect(text).toContain('Plans <changed>? Leave: https://shop.example/leave/a.b?x=1&y=2');
    expect(() =>
      renderEmail({
        preheader: 'p',
        heading: 'h',
        paragraphs: [],
        blocks: [{ kind: 'link', text: 't', label: 'l', url: 'javascript:alert(1)' }],
      }),
    ).toThrow(/http/);
  });

  it('lays the HTML out with tables and inline styles, no style sheet or script', () => {
    const { html } = renderEmail({ preheader: 'p', heading: 'h', paragraphs: ['a'] });
    expect(html).toContain('role="presentation"');
    expect(html).not.toMatch(/<style|<script|<link/i);
  });
});

describe('renderEmail as an organiser', () => {
  const sender = { name: 'Acme Live', primaryColor: '#ffd400', secondaryColor: '#1a1033', logoUrl: null };

  it('heads the e-mail with their name on their colour, in the text colour that contrasts more', () => {
    const { html, text } = renderEmail({ sender, preheader: 'p', heading: 'h', paragraphs: ['a'] });
    expect(html).toMatch(/background-color:#ffd400;[^"]*color:#0a0a0a;[^>]*><span[^>]*>Acme Live<\/span>/);
    expect(html).toContain('<body style="margin:0;padding:0;background-color:#1a1033;">');
    expect(html).not.toContain('>Marquee<');
    expect(text.split('\n')[0]).toBe('Acme Live');
    const navy = renderEmail({
      sender: { ...sender, primaryColor: '#1d1d8f' },
      preheader: 'p',
      heading: 'h',
      paragraphs: [],
    });
    expect(navy.html).toMatch(/background-color:#1d1d8f;[^"]*color:#ffffff;/);
  });

  it('falls back to the default colours for a value that is not a hex colour', () => {
    const { html } = renderEmail({
      sender: { ...sender, primaryColor: 'red;background:url(x)', secondaryColor: '' },
      preheader: 'p',
      heading: 'h',
      paragraphs: [],
    });
    expect(html).toContain('background-color:#00ea6f;');
    expect(html).toContain('background-color:#0a0a0a;');
    expect(html).not.toContain('url(x)');
  });

  it('shows an http(s) logo and drops any other', () => {
    const withLogo = renderEmail({
      sender: { ...sender, logoUrl: 'https://cdn.example/logo.png' },
      preheader: 'p',
      heading: 'h',
      paragraphs: [],
    });
    expect(withLogo.html).toContain('<img src="https://cdn.example/logo.png"');
    const hostile = renderEmail({
      sender: { ...sender, logoUrl: 'javascript:alert(1)' },
      preheader: 'p',
      heading: 'h',
      paragraphs: [],
    });
    expect(hostile.html).not.toContain('javascript:');
  });

  it('renders blocks in order in both parts and refuses unsafe buttons and Content-IDs', () => {
    const { html, text } = renderEmail({
      sender,
      preheader: 'p',
      heading: 'h',
      paragraphs: [],
      blocks: [
        { kind: 'rows', title: 'Order <1>', rows: [{ label: 'Total', value: '£5 & up', strong: true }] },
        { kind: 'image', cid: 'qr-1@marquee', alt: 'QR "1"', width: 200, caption: ['TK-1', 'GA'] },
        { kind: 'button', label: 'Open', url: 'https://example.com/o?a=1&b=2' },
      ],
    });
    expect(html.indexOf('Order &lt;1&gt;')).toBeLessThan(html.indexOf('src="cid:qr-1@marquee"'));
    expect(html).toContain('£5 &amp; up');
    expect(html).toContain('alt="QR &quot;1&quot;"');
    expect(html).toContain('href="https://example.com/o?a=1&amp;b=2"');
    expect(text).toContain('Order <1>\nTotal: £5 & up\n\nTK-1\nGA\n\nOpen: https://example.com/o?a=1&b=2');
    expect(() =>
      renderEmail({
        preheader: 'p',
        heading: 'h',
        paragraphs: [],
        blocks: [{ kind: 'button', label: 'x', url: 'data:text/html,x' }],
      }),
    ).toThrow(/http/);
    expect(() =>
      renderEmail({
        preheader: 'p',
        heading: 'h',
        paragraphs: [],
        blocks: [{ kind: 'image', cid: 'a" onerror="x', alt: '', width: 1, caption: [] }],
      }),
    ).toThrow(/Content-ID/);
  });
});
