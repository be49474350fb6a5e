// The shell of every server-rendered page (storefronts, the sandbox provider's pages, the development outbox):
// React components rendered to static HTML by react-dom/server (decision 060). JSX escapes every text and
// attribute; the only raw HTML is our own CSS and script constants, through InlineStyle and InlineScript.
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export const BASE_CSS = `*,*::before,*::after{box-sizing:border-box}html{color-scheme:light dark}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0a0a0a;color:#f5f5f5;line-height:1.5}a{color:inherit}a:focus-visible,button:focus-visible{outline:2px solid #00ea6f;outline-offset:2px}main{max-width:960px;margin:0 auto;padding:48px 20px}.muted{color:#a3a3a3}`;

/** Our own CSS, inline (never text a user typed: CSS is not escaped). */
export function InlineStyle({ css }: { css: string }) {
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

/** Our own script, inline (a constant the Content-Security-Policy allows by its hash). */
export function InlineScript({ code }: { code: string }) {
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}

export interface DocumentProps {
  title: string;
  css?: string | undefined;
  lang?: string | undefined;
  description?: string | undefined;
  /** The page's icon; by default an empty one, so the browser does not ask for /favicon.ico (a 404 on every host). */
  icon?: string | undefined;
  /** Early in <head>, so a preload starts first. */
  head?: ReactNode;
  /** Attributes of <html>, e.g. the class that turns a brand font on. */
  htmlClassName?: string | undefined;
  children: ReactNode;
}

export function Document({ title, css, lang, description, icon, head, htmlClassName, children }: DocumentProps) {
  return (
    <html lang={lang ?? 'en'} className={htmlClassName}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head}
        <link rel="icon" href={icon ?? 'data:,'} />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        <InlineStyle css={BASE_CSS + (css ?? '')} />
      </head>
      <body>{children}</body>
    </html>
  );
}

/** A whole page as HTML: the doctype and the document React renders (no React runtime is sent). */
export function renderHtml(element: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(element)}`;
}

/** A fragment (a part kept or sent on its own, such as an event page's checkout column). */
export function renderFragment(element: ReactElement): RenderedHtml {
  return renderToStaticMarkup(element) as RenderedHtml;
}

declare const rendered: unique symbol;
/** HTML that React rendered (renderFragment), and only that: a part kept to be sent again is never hand-made. */
export type RenderedHtml = string & { readonly [rendered]: true };

/**
 * A kept fragment React rendered earlier, as an element's content (e.g. a long <select>'s options, rendered once
 * per selection). Only RenderedHtml is accepted, so no hand-made or user-typed HTML gets in this way.
 */
export function keptHtml(html: RenderedHtml): { __html: string } {
  return { __html: html };
}
