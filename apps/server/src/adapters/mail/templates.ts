// Branded transactional e-mails: one layout (table-based, inline styles, safe for mail clients) rendered to an
// HTML and a plain-text part. Every interpolated value is escaped, so callers pass plain text only.
import { escapeHtml } from '../../storefront/html.js';

/** How long an e-mailed verification or password-reset code stays valid. */
export const CODE_TTL_MINUTES = 10;

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailLayout {
  /** The short line mail clients show next to the subject in the inbox list. */
  preheader: string;
  heading: string;
  /** Plain text, one entry per paragraph (escaped for the HTML part). */
  paragraphs: string[];
  /** A one-time code shown large and monospaced. */
  code?: string;
  /** A button; the URL must be http(s). */
  cta?: { label: string; url: string };
}

const brand = {
  green: '#00ea6f',
  page: '#0a0a0a',
  card: '#171717',
  border: '#262626',
  text: '#f5f5f5',
  muted: '#a3a3a3',
  font: "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
  mono: "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace",
};

const footerText = 'You received this e-mail because of an action on your Marquee account.';

function assertHttpUrl(url: string): void {
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('E-mail links must be http(s) URLs');
}

export function renderEmail(layout: EmailLayout): { html: string; text: string } {
  if (layout.cta) assertHttpUrl(layout.cta.url);

  const paragraphsHtml = layout.paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-family:${brand.font};font-size:16px;line-height:24px;color:${brand.text};">${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
  const codeHtml = layout.code
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" style="background-color:${brand.page};border:1px solid ${brand.border};border-radius:8px;padding:16px 24px;font-family:${brand.mono};font-size:32px;line-height:40px;font-weight:700;letter-spacing:8px;color:${brand.green};">${escapeHtml(layout.code)}</td></tr>
</table>`
    : '';
  const ctaHtml = layout.cta
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" bgcolor="${brand.green}" style="border-radius:8px;">
<a href="${escapeHtml(layout.cta.url)}" target="_blank" style="display:inline-block;padding:14px 28px;font-family:${brand.font};font-size:16px;font-weight:700;color:${brand.page};text-decoration:none;border-radius:8px;">${escapeHtml(layout.cta.label)}</a>
</td></tr>
</table>`
    : '';

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="supported-color-schemes" content="dark">
<title>${escapeHtml(layout.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:${brand.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(layout.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${brand.page}" style="background-color:${brand.page};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 8px 24px;font-family:${brand.font};font-size:24px;line-height:32px;font-weight:800;letter-spacing:-0.5px;color:${brand.green};">Marquee</td></tr>
<tr><td bgcolor="${brand.card}" style="background-color:${brand.card};border:1px solid ${brand.border};border-radius:12px;padding:32px;">
<h1 style="margin:0 0 16px;font-family:${brand.font};font-size:22px;line-height:30px;font-weight:700;color:${brand.text};">${escapeHtml(layout.heading)}</h1>
${paragraphsHtml}
${codeHtml}
${ctaHtml}
</td></tr>
<tr><td style="padding:24px 8px 0;font-family:${brand.font};font-size:12px;line-height:18px;color:${brand.muted};">${escapeHtml(footerText)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    'Marquee',
    '',
    layout.heading,
    '',
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(layout.code ? [`    ${layout.code}`, ''] : []),
    ...(layout.cta ? [`${layout.cta.label}: ${layout.cta.url}`, ''] : []),
    '--',
    footerText,
    '',
  ].join('\n');

  return { html, text };
}

export function verificationCodeEmail({ code }: { code: string }): EmailContent {
  return {
    subject: `${code} is your Marquee verification code`,
    ...renderEmail({
      preheader: `Your verification code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
      heading: 'Verify your e-mail address',
      paragraphs: [
        `Enter this code in Marquee to verify your e-mail address. It expires in ${CODE_TTL_MINUTES} minutes.`,
      ],
      code,
    }),
  };
}

export function passwordResetCodeEmail({ code }: { code: string }): EmailContent {
  return {
    subject: `${code} is your Marquee password reset code`,
    ...renderEmail({
      preheader: `Your password reset code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
      heading: 'Reset your password',
      paragraphs: [
        `Enter this code in Marquee to choose a new password. It expires in ${CODE_TTL_MINUTES} minutes.`,
        'If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.',
      ],
      code,
    }),
  };
}
