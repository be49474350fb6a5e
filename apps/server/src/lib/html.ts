// Tiny helpers for server-rendered pages (storefronts, e-mails, the sandbox provider): escaping and one page shell with inline critical CSS.
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/;

export function escapeHtml(value: unknown): string {
  const text = String(value ?? '');
  // Most texts have nothing to escape: one scan, and the same string back (every page escapes hundreds of them).
  return HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!) : text;
}

export interface PageShell {
  title: string;
  body: string;
  css?: string;
  lang?: string;
  description?: string;
  /** The page's icon; by default an empty one (see renderPage). */
  icon?: string;
  /** Trusted HTML put early in <head>, so a preload starts first; callers escape what they interpolate. */
  head?: string | undefined;
}

const baseCss = `*,*::before,*::after{box-sizing:border-box}html{color-scheme:light dark}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0a0a0a;color:#f5f5f5;line-height:1.5}a{color:inherit}a:focus-visible,button:focus-visible{outline:2px solid #00ea6f;outline-offset:2px}main{max-width:960px;margin:0 auto;padding:48px 20px}.muted{color:#a3a3a3}`;

/**
 * The shell of every server-rendered page (storefronts, the sandbox provider's pages). It names an empty icon:
 * without one the browser asks for /favicon.ico, which is a 404 on every host (and a storefront is not Marquee's
 * to brand).
 */
export function renderPage(page: PageShell): string {
  return `<!doctype html>
<html lang="${escapeHtml(page.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${page.head ?? ''}
<link rel="icon" href="${escapeHtml(page.icon ?? 'data:,')}">
<title>${escapeHtml(page.title)}</title>
${page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : ''}
<style>${baseCss}${page.css ?? ''}</style>
</head>
<body>
${page.body}
</body>
</html>`;
}
