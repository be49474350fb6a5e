// The branded frame of every storefront page after the home page (event, checkout, order pages): the
// organiser's colours and font, a header with their logo and name linking home, and a footer. Inline CSS,
// one small optional script (checkout niceties), every value escaped.
import { PRODUCT_NAME } from '@marquee/shared';
import { brandTheme, type BrandColours } from './branding.js';
import { escapeHtml, renderPage } from './html.js';
import { responsiveImageHtml } from './images.js';

export interface StorefrontFrameOrganization extends BrandColours {
  companyName: string;
  logoUrl: string | null;
}

const safeImage = /^(https?:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9/._-]+)$/i;

export const STOREFRONT_CSS = `.top{display:flex;align-items:center;gap:12px;max-width:960px;width:100%;margin:0 auto;padding:16px 20px;text-decoration:none}
.top img{width:40px;height:40px;border-radius:10px;object-fit:cover}.top span{font-weight:700}
main{max-width:960px;width:100%;margin:0 auto;padding:8px 20px 48px;flex:1}h1{font-size:clamp(1.6rem,5vw,2.4rem);line-height:1.15;margin:16px 0 8px}
h2{font-size:1.2rem;margin:32px 0 12px}.card{border:1px solid var(--line);border-radius:14px;padding:16px;margin:16px 0}
.art{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:14px;background:var(--line)}
.when{font-weight:600}.facts{display:grid;gap:4px 16px;grid-template-columns:max-content 1fr;margin:16px 0}.facts dt{color:var(--muted)}.facts dd{margin:0}
.lineup{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0}.lineup li{border:1px solid var(--line);border-radius:999px;padding:2px 12px}
.terms{white-space:pre-wrap}details{margin:16px 0}summary{cursor:pointer}
.types{list-style:none;margin:0;padding:0;display:grid;gap:12px}.type{display:flex;gap:12px;justify-content:space-between;align-items:center;border:1px solid var(--line);border-radius:14px;padding:14px}
.type h3{margin:0;font-size:1rem}.type p{margin:2px 0}.price{font-weight:700}.badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:.8rem;font-weight:700;background:var(--primary);color:var(--on-primary)}
.badge.out{background:transparent;color:var(--text);border:1px solid var(--line)}
.qty{display:flex;align-items:center;gap:6px}.qty input{width:4.5rem;text-align:center}
label{display:block;font-weight:600;margin:0 0 4px}.field{margin:0 0 14px}.row{display:grid;gap:0 12px;grid-template-columns:1fr 1fr}
input,select{font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:10px;padding:10px 12px;width:100%;min-height:44px}
select option{color:#0a0a0a;background:#fff}.check{display:flex;gap:10px;align-items:flex-start;margin:10px 0;font-weight:400}.check input{width:auto;min-height:0;margin-top:4px}
button,.button{font:inherit;font-weight:700;border:0;border-radius:12px;padding:12px 20px;min-height:48px;background:var(--primary);color:var(--on-primary);cursor:pointer;text-decoration:none;display:inline-block}
.button.secondary,button.secondary{background:transparent;color:var(--text);border:1px solid var(--line)}
.error{color:var(--text);border-left:4px solid #ef4444;padding:2px 10px;margin:6px 0;font-weight:600}
.alert{border:2px solid #ef4444;border-radius:12px;padding:12px 16px;margin:16px 0;font-weight:600}.note{border:2px solid var(--primary);border-radius:12px;padding:12px 16px;margin:16px 0}
.summary{width:100%;border-collapse:collapse}.summary td,.summary th{padding:8px 0;border-bottom:1px solid var(--line);text-align:left}.summary .num{text-align:right}
.summary tfoot td{font-weight:700;border-bottom:0}.tickets{list-style:none;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
.ticket{border:1px solid var(--line);border-radius:14px;padding:16px;text-align:center}.ticket svg{width:100%;max-width:240px;height:auto;background:#fff;border-radius:8px;padding:8px}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
footer{border-top:1px solid var(--line);padding:20px;text-align:center;font-size:.875rem}
@media (min-width:720px){.layout{display:grid;grid-template-columns:1.2fr 1fr;gap:32px;align-items:start}}`;

export interface StorefrontPage {
  title: string;
  body: string;
  description?: string;
  /** Extra CSS for this page. */
  css?: string;
  /** Load the small checkout script (countdown, quantity steppers). */
  script?: boolean;
  /** Trusted HTML for the head, e.g. the artwork's preload (see renderPage). */
  head?: string | undefined;
}

export function renderStorefrontPage(organization: StorefrontFrameOrganization, page: StorefrontPage): string {
  const theme = brandTheme(organization);
  const name = escapeHtml(organization.companyName);
  const logo = organization.logoUrl && safeImage.test(organization.logoUrl) ? organization.logoUrl : null;
  const body = `<header><a class="top" href="/">${logo ? `<img ${responsiveImageHtml(logo, { sizes: '40px', maxWidth: 160 })} alt="" width="40" height="40">` : ''}<span>${name}</span></a></header>
<main id="content">${page.body}</main>
<footer class="muted">${name} · Tickets by ${escapeHtml(PRODUCT_NAME)}</footer>${
    page.script ? '\n<script src="/_storefront/checkout.js" defer></script>' : ''
  }`;
  return renderPage({
    title: page.title,
    description: page.description,
    css: `${theme.css}\n${STOREFRONT_CSS}${page.css ?? ''}`,
    head: page.head,
    body,
  });
}
