// The organisation's public home page on its subdomain or verified custom domain: branding, description,
// social links and upcoming events. Server-rendered, inline CSS, no JavaScript, every value escaped.
import { PRODUCT_NAME } from '@marquee/shared';
import { escapeHtml, renderPage } from './html.js';
import { brandTheme } from './branding.js';
import { responsiveImageHtml } from './images.js';

export interface StorefrontBranding {
  companyName: string;
  description: string | null;
  logoUrl: string | null;
  coverImageUrl: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  fontFamily: string | null;
  instagramUrl: string | null;
  tiktokUrl: string | null;
  xUrl: string | null;
  facebookUrl: string | null;
  residentAdvisorUrl: string | null;
  websiteUrl: string | null;
}

/** What the events section needs of an event; the events feature fills it. */
export interface StorefrontEventSummary {
  title: string;
  /** Where the event page lives, relative to the storefront (e.g. /events/42). */
  href: string;
  /** Already formatted for display, e.g. 'Sat 14 Mar 2026, 20:00'. */
  when: string;
  location?: string | null;
  imageUrl?: string | null;
  /** Already formatted, e.g. 'From £12.00'. */
  priceLabel?: string | null;
}

const safeUrl = /^(https?:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9/._-]+)$/i;

function link(url: string | null): string | null {
  const value = url?.trim() ?? '';
  return safeUrl.test(value) ? value : null;
}

const SOCIAL_LINKS: Array<{ key: keyof StorefrontBranding; label: string }> = [
  { key: 'instagramUrl', label: 'Instagram' },
  { key: 'tiktokUrl', label: 'TikTok' },
  { key: 'xUrl', label: 'X' },
  { key: 'facebookUrl', label: 'Facebook' },
  { key: 'residentAdvisorUrl', label: 'Resident Advisor' },
  { key: 'websiteUrl', label: 'Website' },
];

/** Thumbnails this far down the list are likely in the first screen on a phone, so they are not lazy-loaded. */
const EAGER_THUMBNAILS = 4;
/** 88 px thumbnails: up to 3x screens need at most 264 px, so the 480 px copy is the largest offered. */
const thumbnail = { sizes: '88px', fallbackWidth: 160, maxWidth: 480 } as const;

export function renderEventsSection(events: StorefrontEventSummary[]): string {
  const items = events
    .map((event, index) => {
      const image = link(event.imageUrl ?? null);
      const loading = index < EAGER_THUMBNAILS ? '' : ' loading="lazy"';
      return `<li class="event"><a href="${escapeHtml(event.href)}">${
        image
          ? `<img ${responsiveImageHtml(image, thumbnail)} alt=""${loading} decoding="async" width="88" height="88">`
          : ''
      }<span class="event-body"><span class="event-title">${escapeHtml(event.title)}</span><span class="muted">${escapeHtml(event.when)}${
        event.location ? ` · ${escapeHtml(event.location)}` : ''
      }</span>${event.priceLabel ? `<span class="price">${escapeHtml(event.priceLabel)}</span>` : ''}</span></a></li>`;
    })
    .join('');
  return `<section aria-labelledby="events-title" class="events"><h2 id="events-title">Upcoming events</h2>${
    items ? `<ul class="event-list">${items}</ul>` : '<p class="muted empty">No upcoming events yet.</p>'
  }</section>`;
}

function pageCss(branding: StorefrontBranding): string {
  return `${brandTheme(branding).css}
.skip{position:absolute;left:-999px}.skip:focus{left:12px;top:12px;background:var(--primary);color:var(--on-primary);padding:8px 12px;z-index:2}
.cover{height:160px;background:var(--primary);overflow:hidden}.cover img{width:100%;height:100%;object-fit:cover;display:block}.cover.plain{height:96px}
main{padding:0 20px 48px;max-width:960px;width:100%;flex:1}.brand{display:flex;flex-direction:column;gap:12px;margin-top:-44px}
.logo{width:88px;height:88px;border-radius:20px;object-fit:cover;background:var(--bg);border:3px solid var(--bg);box-shadow:0 0 0 1px var(--line)}
.brand.no-logo{margin-top:28px}h1{margin:0;font-size:clamp(1.75rem,6vw,2.75rem);line-height:1.1;letter-spacing:-.01em}
.description{margin:16px 0 0;white-space:pre-line;max-width:65ch}.social{display:flex;flex-wrap:wrap;gap:8px;margin:20px 0 0;padding:0;list-style:none}
.social a{display:inline-block;padding:8px 14px;border:1px solid var(--line);border-radius:999px;text-decoration:none;font-size:.9rem;min-height:44px;line-height:26px}
.social a:hover{border-color:var(--primary)}
.events{margin-top:40px;padding-top:24px;border-top:1px solid var(--line)}h2{font-size:1.25rem;margin:0 0 16px}
h2::after{content:"";display:block;width:40px;height:3px;background:var(--primary);margin-top:8px;border-radius:2px}
.empty{margin:0}.event-list{list-style:none;margin:0;padding:0;display:grid;gap:16px}
.event a{display:flex;gap:14px;align-items:center;text-decoration:none;padding:10px;border:1px solid var(--line);border-radius:14px}
.event a:hover{border-color:var(--primary)}.event img{width:88px;height:88px;object-fit:cover;border-radius:10px;flex:none}
.event-body{display:flex;flex-direction:column;gap:2px}.event-title{font-weight:600}.price{color:var(--primary);font-weight:600}
footer{border-top:1px solid var(--line);padding:20px;text-align:center;font-size:.875rem}
@media (min-width:720px){.cover{height:280px}.cover.plain{height:140px}main{padding:0 32px 64px}.brand{flex-direction:row;align-items:flex-end;gap:20px;margin-top:-56px}
.logo{width:120px;height:120px;border-radius:24px}.brand.no-logo{margin-top:40px}.event-list{grid-template-columns:1fr 1fr}}`;
}

export function renderStorefrontHome(branding: StorefrontBranding, events: StorefrontEventSummary[] = []): string {
  const name = escapeHtml(branding.companyName);
  const logo = link(branding.logoUrl);
  const cover = link(branding.coverImageUrl);
  const socials = SOCIAL_LINKS.flatMap(({ key, label }) => {
    const url = link(branding[key] as string | null);
    return url ? [`<li><a href="${escapeHtml(url)}" rel="noopener">${label}</a></li>`] : [];
  });
  const description = branding.description?.trim();

  const body = `<a class="skip" href="#content">Skip to content</a>
<header class="cover${cover ? '' : ' plain'}">${cover ? `<img ${responsiveImageHtml(cover, { sizes: '100vw' })} alt="" fetchpriority="high">` : ''}</header>
<main id="content">
<div class="brand${logo ? '' : ' no-logo'}">${logo ? `<img class="logo" ${responsiveImageHtml(logo, { sizes: '(min-width: 720px) 120px, 88px', maxWidth: 480 })} alt="${name} logo" width="120" height="120">` : ''}<h1>${name}</h1></div>
${description ? `<p class="description">${escapeHtml(description)}</p>` : ''}
${socials.length ? `<nav aria-label="${name} elsewhere"><ul class="social">${socials.join('')}</ul></nav>` : ''}
${renderEventsSection(events)}
</main>
<footer class="muted">Tickets by ${escapeHtml(PRODUCT_NAME)}</footer>`;

  return renderPage({
    title: `${branding.companyName} - Tickets`,
    description: description ? description.slice(0, 160) : `Tickets for ${branding.companyName} events`,
    css: pageCss(branding),
    body,
  });
}
