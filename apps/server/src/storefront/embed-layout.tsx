// The embeddable checkout's frame (decision 153): the storefront's pages at /embed/... in a compact layout for an
// iframe on the organiser's own site. No header or footer (the organiser's site is around it), the brand's
// colours and font, the storefront's content CSS, a one-line credit, and the frame script that tells the
// embedding page its height. Everything that must leave the frame (paying, the waiting room, the order page)
// opens top-level or in a new tab: card pages cannot be framed, and the waiting room needs its cookies.
import type { FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@marquee/shared';
import { Document, InlineScript, renderHtml } from '../lib/document.js';
import { brandTheme } from './branding.js';
import { FontHead } from './layout.js';
import { PAGE_LOADER } from './page-loader.js';
import { STOREFRONT_CSS } from './storefront-css.js';
import type { StorefrontFrameOrganization } from './frame.js';

export const EMBED_BASE = '/embed';
export const EMBED_FRAME_SCRIPT_PATH = '/embed/frame.js';

/** '/embed' when the request is one of the embed's pages (its addresses keep the fan in the frame), else ''. */
export function embedBase(request: FastifyRequest): '' | typeof EMBED_BASE {
  const path = request.url.split('?')[0]!;
  return path === EMBED_BASE || path.startsWith(`${EMBED_BASE}/`) ? EMBED_BASE : '';
}

const EMBED_CSS = `body{min-height:0}main{max-width:760px;padding:16px 16px 8px}h1{font-size:1.5rem;margin:0 0 4px}
.embed-nav{margin:0 0 12px;font-size:.95rem}.embed-nav a{display:inline-block;padding:6px 0}
.embed-foot{max-width:760px;margin:0 auto;padding:4px 16px 16px;font-size:.8rem;color:var(--muted)}.embed-foot a{color:var(--muted)}
.event-list{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.event a{display:flex;gap:12px;align-items:center;text-decoration:none;padding:10px;border:1px solid var(--line);border-radius:14px;min-height:44px}
.event a:hover{border-color:var(--accent)}.event-body{display:flex;flex-direction:column;gap:2px}.event-title{font-weight:700}
.price{color:var(--accent);font-weight:700}@media (min-width:640px){.event-list{grid-template-columns:1fr 1fr}}`;

export interface EmbedPage {
  title: string;
  body: ReactNode;
  css?: string | undefined;
}

export function EmbedDocument({ organization, page }: { organization: StorefrontFrameOrganization; page: EmbedPage }) {
  const theme = brandTheme(organization);
  const app = organization.appUrl.replace(/\/$/, '');
  return (
    <Document
      title={page.title}
      css={theme.css + STOREFRONT_CSS + EMBED_CSS + (page.css ?? '')}
      head={<FontHead theme={theme} />}
    >
      <main id="content">{page.body}</main>
      <p className="embed-foot">
        {`Tickets sold by ${organization.companyName} with `}
        <a href={`${app}/`} target="_blank" rel="noopener">
          {PRODUCT_NAME}
        </a>
        {' · '}
        <a href={`${app}/terms`} target="_blank" rel="noopener">
          Terms
        </a>
        {' · '}
        <a href={`${app}/privacy`} target="_blank" rel="noopener">
          Privacy
        </a>
      </p>
      <InlineScript code={PAGE_LOADER} />
      <script src={EMBED_FRAME_SCRIPT_PATH} defer />
    </Document>
  );
}

export function renderEmbedPage(organization: StorefrontFrameOrganization, page: EmbedPage): string {
  return renderHtml(<EmbedDocument organization={organization} page={page} />);
}

export interface EmbedMessage {
  title: string;
  text: string;
  /** A link in the frame, or out of it: '_blank' (a new tab: the waiting room) or '_top' (the order page). */
  link?: { href: string; label: string; target?: '_blank' | '_top' };
  refreshSeconds?: number;
}

/** A message in the frame (a refusal, a hold gone, the waiting room's way in). */
export function renderEmbedMessage(organization: StorefrontFrameOrganization, page: EmbedMessage): string {
  return renderEmbedPage(organization, {
    title: page.title,
    body: (
      <>
        <h1>{page.title}</h1>
        <p role="status">{page.text}</p>
        {page.link ? (
          <p>
            <a
              className="button"
              href={page.link.href}
              {...(page.link.target ? { target: page.link.target } : {})}
              {...(page.link.target === '_blank' ? { rel: 'noopener' } : {})}
            >
              {page.link.label}
            </a>
          </p>
        ) : null}
        {page.refreshSeconds ? <meta httpEquiv="refresh" content={String(page.refreshSeconds)} /> : null}
      </>
    ),
  });
}
