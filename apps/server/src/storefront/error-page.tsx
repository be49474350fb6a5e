// The storefront's error pages: a fan who sends a broken link or form to an organisation's site gets an HTML page
// that says what went wrong, never the API's JSON envelope or a bare 500; and the 404 of a host no organisation has.
import { Document, renderHtml } from '../lib/document.js';

const pages: Record<number, { title: string; text: string }> = {
  400: {
    title: 'Something is wrong with that request',
    text: 'The link or form you sent is not valid. Go back and try again.',
  },
  403: { title: 'Not allowed', text: 'This request was refused. Reload the page and try again.' },
  404: {
    title: 'Page not found',
    text: 'There is no ticket page at this address. Check the link you were given, or ask the organiser for theirs.',
  },
  413: { title: 'Too much to send', text: 'What you sent is too large. Go back, shorten it and try again.' },
  415: { title: 'Something is wrong with that request', text: 'This form could not be read. Go back and try again.' },
  429: { title: 'Too many requests', text: 'Please wait a moment, then try again.' },
  503: {
    title: 'Back in a moment',
    text: 'Ticket sales are briefly unavailable. Nothing was charged; please try again in a moment.',
  },
};
const serverError = { title: 'Something went wrong', text: 'Something went wrong on our side. Please try again.' };

export function ErrorPage({ title, text }: { title: string; text: string }) {
  return (
    <Document title={title}>
      <main>
        <h1>{title}</h1>
        <p className="muted">{text}</p>
      </main>
    </Document>
  );
}

// A handful of pages, the same for every host: rendered once, so a rush's 429s and 503s cost no rendering.
const render = (page: { title: string; text: string }) => renderHtml(<ErrorPage title={page.title} text={page.text} />);
const rendered = new Map(Object.entries(pages).map(([status, page]) => [Number(status), render(page)]));
const serverErrorHtml = render(serverError);

export function storefrontErrorPage(status: number): string {
  return rendered.get(status) ?? (status >= 500 ? serverErrorHtml : rendered.get(400)!);
}

/** The 404 of a host no organisation has. */
export const STOREFRONT_NOT_FOUND_HTML = storefrontErrorPage(404);
