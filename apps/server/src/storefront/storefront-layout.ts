// The branded frame of every storefront page (decision 026): the organiser's colours and self-hosted font, a
// header with their logo and name linking home, and a footer with their name, contact, social links, their terms
// and privacy pages and Marquee's. Inline CSS, one small optional script, every value escaped; share-card tags
// (Open Graph, Twitter) when the page gives them.
import { PRODUCT_NAME } from '@marquee/shared';
import { brandTheme, type BrandColours } from './branding.js';
import { escapeHtml, renderPage } from '../lib/html.js';
import { responsiveImageHtml } from './images.js';
import { PAGE_LOADER_HTML } from './page-loader.js';
import { STOREFRONT_CSS } from './storefront-css.js';

export interface StorefrontBranding extends BrandColours {
  companyName: string;
  description: string | null;
  logoUrl: string | null;
  coverImageUrl: string | null;
  instagramUrl: string | null;
  tiktokUrl: string | null;
  xUrl: string | null;
  facebookUrl: string | null;
  residentAdvisorUrl: string | null;
  websiteUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  termsUrl: string | null;
  privacyUrl: string | null;
  /** Marquee's own origin (its terms and privacy pages), e.g. https://app.example.com */
  appUrl: string;
}

/** What every page of the frame needs; the whole branding, so the footer is the same everywhere. */
export type StorefrontFrameOrganization = StorefrontBranding;

const safeUrl = /^(https?:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9/._-]+)$/i;

/** The URL if it is safe in an href/src (http(s) or one of our uploads), else null. */
export function safeLink(url: string | null | undefined): string | null {
  const value = url?.trim() ?? '';
  return safeUrl.test(value) ? value : null;
}

export const SOCIAL_LINKS: Array<{ key: keyof StorefrontBranding; label: string }> = [
  { key: 'instagramUrl', label: 'Instagram' },
  { key: 'tiktokUrl', label: 'TikTok' },
  { key: 'xUrl', label: 'X' },
  { key: 'facebookUrl', label: 'Facebook' },
  { key: 'residentAdvisorUrl', label: 'Resident Advisor' },
  { key: 'websiteUrl', label: 'Website' },
];

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

/** The frame's CSS: header, footer, social links. Pages add their own. */
export const FRAME_CSS = `.skip{position:absolute;left:-999px}.skip:focus{left:12px;top:12px;background:var(--primary);color:var(--on-primary);padding:8px 12px;z-index:2}
.top{display:flex;align-items:center;gap:12px;max-width:960px;width:100%;margin:0 auto;padding:16px 20px;text-decoration:none}
.top img{width:40px;height:40px;border-radius:10px;object-fit:cover}.top span{font-weight:700;font-size:1.05rem}
.social{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
.social a{display:inline-block;padding:8px 14px;border:1px solid var(--line);border-radius:999px;text-decoration:none;font-size:.9rem;min-height:44px;line-height:26px}
.social a:hover{border-color:var(--accent)}
footer.site{border-top:1px solid var(--line);margin-top:24px;padding:28px 20px 32px;font-size:.9rem}
.foot{max-width:920px;margin:0 auto;display:flex;flex-wrap:wrap;gap:16px 32px;justify-content:space-between;align-items:flex-start}
.foot-name{font-weight:700;font-size:1.1rem;margin:0 0 4px}.contact{margin:0;color:var(--muted)}.contact a{overflow-wrap:anywhere}
.legal ul{max-width:920px;margin:20px auto 0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:4px 18px;color:var(--muted)}
.legal a{color:var(--muted);display:inline-block;padding:4px 0}`;

/** Share-card tags: what a shared link shows in chat apps and social networks. */
export interface SocialCard {
  title: string;
  description: string;
  /** Absolute URL of the page (also the canonical link). */
  url: string;
  /** Absolute URL of the image, if any. */
  image?: string | null;
  imageAlt?: string;
  siteName: string;
  /** Extra label/value pairs some apps show under the title (e.g. Date, Where). */
  labels?: Array<[string, string]>;
  /** ISO start time, for apps that read event times. */
  startTime?: string | null;
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
