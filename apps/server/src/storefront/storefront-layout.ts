// The branded frame of every storefront page (decision 026): the organiser's colours and self-hosted font, a
// header with their logo and name linking home, and a footer with their name, contact, social links, their terms
// and privacy pages and Marquee's. Inline CSS, one small optional script, every value escaped; share-card tags
// (Open Graph, Twitter) when the page gives them.
import { PRODUCT_NAME } from '@marquee/shared';
import { brandTheme } from './branding.js';
import { escapeHtml, renderPage } from '../lib/html.js';
import { responsiveImageHtml } from './images.js';
import { PAGE_LOADER_HTML } from './page-loader.js';
import { STOREFRONT_CSS } from './storefront-css.js';
import {
  FRAME_CSS,
  safeLink,
  SOCIAL_LINKS,
  type SocialCard,
  type StorefrontBranding,
  type StorefrontFrameOrganization,
} from './frame.js';

export { safeLink, type SocialCard, type StorefrontBranding, type StorefrontFrameOrganization } from './frame.js';

/** The organiser's social links as a labelled list, or '' when they have none. */
export function socialLinksHtml(branding: StorefrontBranding, label: string): string {
  const items = SOCIAL_LINKS.flatMap(({ key, label: name }) => {
    const url = safeLink(branding[key] as string | null);
    return url ? [`<li><a href="${escapeHtml(url)}" rel="noopener">${name}</a></li>`] : [];
  });
  return items.length ? `<nav aria-label="${escapeHtml(label)}"><ul class="social">${items.join('')}</ul></nav>` : '';
}

const isEmail = (value: string) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value);

function footerHtml(branding: StorefrontBranding): string {
  const name = escapeHtml(branding.companyName);
  const email = branding.contactEmail?.trim() ?? '';
  const phone = branding.contactPhone?.trim() ?? '';
  const contact = [
    email && isEmail(email) ? `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>` : '',
    phone ? `<a href="tel:${escapeHtml(phone.replace(/[^\d+]/g, ''))}">${escapeHtml(phone)}</a>` : '',
  ].filter(Boolean);
  const terms = safeLink(branding.termsUrl);
  const privacy = safeLink(branding.privacyUrl);
  const own = [
    terms ? `<li><a href="${escapeHtml(terms)}" rel="noopener">${name} terms</a></li>` : '',
    privacy ? `<li><a href="${escapeHtml(privacy)}" rel="noopener">${name} privacy</a></li>` : '',
  ].join('');
  const app = escapeHtml(branding.appUrl.replace(/\/$/, ''));
  return `<footer class="site"><div class="foot">
<div><p class="display foot-name">${name}</p>${contact.length ? `<p class="contact">Contact: ${contact.join(' · ')}</p>` : ''}</div>
${socialLinksHtml(branding, `${branding.companyName} elsewhere`)}
</div>
<nav class="legal" aria-label="Terms and privacy"><ul>${own}<li>Tickets by <a href="${app}/">${escapeHtml(PRODUCT_NAME)}</a></li><li><a href="${app}/terms">${escapeHtml(PRODUCT_NAME)} terms</a></li><li><a href="${app}/privacy">${escapeHtml(PRODUCT_NAME)} privacy</a></li></ul></nav>
</footer>`;
}

export function socialCardHtml(card: SocialCard): string {
  const tag = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<link rel="canonical" href="${escapeHtml(card.url)}">`,
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', card.siteName),
    tag('property', 'og:title', card.title),
    tag('property', 'og:description', card.description),
    tag('property', 'og:url', card.url),
    ...(card.image
      ? [tag('property', 'og:image', card.image), tag('property', 'og:image:alt', card.imageAlt ?? card.title)]
      : []),
    ...(card.startTime ? [tag('property', 'event:start_time', card.startTime)] : []),
    tag('name', 'twitter:card', card.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', card.title),
    tag('name', 'twitter:description', card.description),
    ...(card.image ? [tag('name', 'twitter:image', card.image)] : []),
    ...(card.labels ?? []).flatMap(([label, value], index) => [
      tag('name', `twitter:label${index + 1}`, label),
      tag('name', `twitter:data${index + 1}`, value),
    ]),
  ].join('\n');
}

export interface StorefrontPage {
  title: string;
  body: string;
  description?: string;
  /** Extra CSS for this page. */
  css?: string;
  /** The page's loader: the brand font and the storefront script once loaded (page-loader.ts). Default true. */
  script?: boolean;
  /** Trusted HTML for the head, e.g. the artwork's preload (see renderPage). */
  head?: string | undefined;
  /** HTML in place of the header bar (the home page shows its cover instead). */
  header?: string;
  /** Include the content pages' CSS (forms, tables, tickets); the home page has its own. Default true. */
  contentCss?: boolean;
  social?: SocialCard;
}

export function renderStorefrontPage(organization: StorefrontFrameOrganization, page: StorefrontPage): string {
  const theme = brandTheme(organization);
  const name = escapeHtml(organization.companyName);
  const logo = safeLink(organization.logoUrl);
  const header =
    page.header !== undefined
      ? `${page.header}\n`
      : `<header><a class="top" href="/">${logo ? `<img ${responsiveImageHtml(logo, { sizes: '40px', maxWidth: 160 })} alt="" width="40" height="40">` : ''}<span class="display">${name}</span></a></header>\n`;
  const body = `<a class="skip" href="#content">Skip to content</a>
${header}<main id="content">${page.body}</main>
${footerHtml(organization)}${page.script === false ? '' : `\n${PAGE_LOADER_HTML}`}`;
  return renderPage({
    title: page.title,
    description: page.description,
    css: `${theme.css}\n${FRAME_CSS}\n${page.contentCss === false ? '' : STOREFRONT_CSS}${page.css ?? ''}`,
    // The artwork first (it is the page's largest paint); the brand font comes after the page has loaded.
    head: [page.head, theme.fontHead, page.social ? socialCardHtml(page.social) : ''].filter(Boolean).join('\n'),
    body,
  });
}
