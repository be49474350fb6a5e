// What the storefront's frame (layout.tsx) knows of an organisation, its CSS, and which links are safe to show.
import type { BrandColours } from './branding.js';
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
