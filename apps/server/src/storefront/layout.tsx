// The branded frame of every storefront page (decision 026), as React components rendered on the server
// (decision 060): the organiser's colours and self-hosted font, a header with their logo and name linking home,
// and a footer with their name, contact, social links, their terms and privacy pages and Marquee's. Inline CSS,
// one small loader script, share-card tags (Open Graph, Twitter) when the page gives them.
import { Fragment, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@marquee/shared';
import { Document, InlineScript, InlineStyle, renderHtml } from '../lib/document.js';
import { brandTheme, type BrandTheme } from './branding.js';
import { PAGE_LOADER } from './page-loader.js';
import { ResponsiveImg } from './responsive-img.js';
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

/** The organiser's social links as a labelled list, or nothing when they have none. */
export function SocialLinks({ branding, label }: { branding: StorefrontBranding; label: string }) {
  const links = SOCIAL_LINKS.flatMap(({ key, label: name }) => {
    const url = safeLink(branding[key] as string | null);
    return url ? [{ url, name }] : [];
  });
  if (links.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="social">
        {links.map(({ url, name }) => (
          <li key={name}>
            <a href={url} rel="noopener">
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const isEmail = (value: string) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value);

function Footer({ branding }: { branding: StorefrontBranding }) {
  const name = branding.companyName;
  const email = branding.contactEmail?.trim() ?? '';
  const phone = branding.contactPhone?.trim() ?? '';
  const contact: ReactNode[] = [];
  if (email && isEmail(email)) contact.push(<a href={`mailto:${email}`}>{email}</a>);
  if (phone) contact.push(<a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>);
  const terms = safeLink(branding.termsUrl);
  const privacy = safeLink(branding.privacyUrl);
  const app = branding.appUrl.replace(/\/$/, '');
  return (
    <footer className="site">
      <div className="foot">
        <div>
          <p className="display foot-name">{name}</p>
          {contact.length > 0 ? (
            <p className="contact">
              Contact:{' '}
              {contact.map((link, index) => (
                <span key={index}>
                  {index > 0 ? ' · ' : ''}
                  {link}
                </span>
              ))}
            </p>
          ) : null}
        </div>
        <SocialLinks branding={branding} label={`${name} elsewhere`} />
      </div>
      <nav className="legal" aria-label="Terms and privacy">
        <ul>
          {terms ? (
            <li>
              <a href={terms} rel="noopener">{`${name} terms`}</a>
            </li>
          ) : null}
          {privacy ? (
            <li>
              <a href={privacy} rel="noopener">{`${name} privacy`}</a>
            </li>
          ) : null}
          <li>
            Tickets by <a href={`${app}/`}>{PRODUCT_NAME}</a>
          </li>
          <li>
            <a href={`${app}/terms`}>{`${PRODUCT_NAME} terms`}</a>
          </li>
          <li>
            <a href={`${app}/privacy`}>{`${PRODUCT_NAME} privacy`}</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}

/** Share-card tags: what a shared link shows in chat apps and social networks. */
export function SocialCardTags({ card }: { card: SocialCard }) {
  return (
    <>
      <link rel="canonical" href={card.url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={card.siteName} />
      <meta property="og:title" content={card.title} />
      <meta property="og:description" content={card.description} />
      <meta property="og:url" content={card.url} />
      {card.image ? <meta property="og:image" content={card.image} /> : null}
      {card.image ? <meta property="og:image:alt" content={card.imageAlt ?? card.title} /> : null}
      {card.startTime ? <meta property="event:start_time" content={card.startTime} /> : null}
      <meta name="twitter:card" content={card.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={card.title} />
      <meta name="twitter:description" content={card.description} />
      {card.image ? <meta name="twitter:image" content={card.image} /> : null}
      {(card.labels ?? []).map(([label, value], index) => (
        <Fragment key={index}>
          <meta name={`twitter:label${index + 1}`} content={label} />
          <meta name={`twitter:data${index + 1}`} content={value} />
        </Fragment>
      ))}
    </>
  );
}

/** The brand font's head part: its preload (fonts at once), or the font at once when the browser runs no script. */
export function FontHead({ theme }: { theme: BrandTheme }) {
  const head = theme.fontHeadPart;
  if (head.kind === 'preload')
    return <link rel="preload" href={head.href} as="font" type="font/woff2" crossOrigin="" />;
  return (
    <noscript>
      <InlineStyle css={head.css} />
    </noscript>
  );
}

export interface StorefrontPage {
  title: string;
  body: ReactNode;
  description?: string | undefined;
  /** Extra CSS for this page. */
  css?: string | undefined;
  /** The page's loader: the brand font and the storefront script once loaded (page-loader.ts). Default true. */
  script?: boolean | undefined;
  /** In place of the header bar (the home page shows its cover instead). */
  header?: ReactNode;
  /** Include the content pages' CSS (forms, tables, tickets); the home page has its own. Default true. */
  contentCss?: boolean | undefined;
  social?: SocialCard | undefined;
}

function Header({ organization }: { organization: StorefrontFrameOrganization }) {
  const logo = safeLink(organization.logoUrl);
  return (
    <header>
      <a className="top" href="/">
        {/* Low priority: not preloaded ahead of the page's artwork, its largest paint. */}
        {logo ? (
          <ResponsiveImg url={logo} sizes="40px" maxWidth={160} alt="" width={40} height={40} fetchPriority="low" />
        ) : null}
        <span className="display">{organization.companyName}</span>
      </a>
    </header>
  );
}

/** A storefront page in the organisation's frame. */
export function StorefrontDocument({
  organization,
  page,
}: {
  organization: StorefrontFrameOrganization;
  page: StorefrontPage;
}) {
  const theme = brandTheme(organization);
  return (
    <Document
      title={page.title}
      description={page.description}
      css={theme.css + FRAME_CSS + (page.contentCss === false ? '' : STOREFRONT_CSS) + (page.css ?? '')}
      head={
        <>
          <FontHead theme={theme} />
          {page.social ? <SocialCardTags card={page.social} /> : null}
        </>
      }
    >
      <a className="skip" href="#content">
        Skip to content
      </a>
      {page.header !== undefined ? page.header : <Header organization={organization} />}
      <main id="content">{page.body}</main>
      <Footer branding={organization} />
      {page.script === false ? null : <InlineScript code={PAGE_LOADER} />}
    </Document>
  );
}

export function renderStorefrontPage(organization: StorefrontFrameOrganization, page: StorefrontPage): string {
  return renderHtml(<StorefrontDocument organization={organization} page={page} />);
}
