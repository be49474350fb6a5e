// The waiting room's page (decision 034): a few KB, no framework sent, no database, in the organiser's branding
// (logo, colours with readable contrast, font; read with the queue's snapshot), rendered on the server with React
// (decision 060). The server writes every sentence (queue-status.ts, so the page and the script say the same
// thing); the script (queue-script.ts) polls and joins. Without JavaScript the page refreshes itself and joins
// through a time-locked link instead.
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@marquee/shared';
import type { QueueSnapshot } from '../modules/queue/queue-state.js';
import { Document, renderHtml } from '../lib/document.js';
import { brandTheme } from './branding.js';
import { FontHead, safeLink } from './layout.js';
import {
  CodeForm,
  Figures,
  NoScriptRefresh,
  NoScriptText,
  OnSale,
  Refresh,
  type QueueParts,
  type QueuePageOptions,
} from './queue-parts.js';
import { ResponsiveImg } from './responsive-img.js';
import type { StatusBody } from './queue-status.js';

// What the routes and tests import from the page, wherever it lives now.
export type { QueuePageOptions } from './queue-parts.js';
export { QUEUE_SCRIPT } from './queue-script.js';
export {
  LOBBY_POLLS_PER_SECOND,
  lobbyPollSeconds,
  pausedPollSeconds,
  POLL_SECONDS,
  statusBody,
  waitingPollSeconds,
  type StatusBody,
} from './queue-status.js';

/** The page's own CSS over the organiser's theme (brandTheme: colours with readable contrast, their font). */
const CSS = `.top{display:flex;align-items:center;gap:12px;max-width:600px;width:100%;margin:0 auto;padding:16px 20px;text-decoration:none}
.top img{width:40px;height:40px;border-radius:10px;object-fit:cover}.top span{font-weight:700;font-size:1.05rem}
main.queue{max-width:600px;width:100%;padding:8px 20px 40px;flex:1}h1{font-size:clamp(1.6rem,5vw,2.2rem);line-height:1.15;margin:8px 0}
.queue dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin:24px 0}.queue dl div{border:1px solid var(--line);border-radius:12px;padding:12px}
.queue dt{font-size:.8rem;color:var(--muted)}.queue dd{margin:4px 0 0;font-size:1.5rem;font-weight:700;font-variant-numeric:tabular-nums}
.button,button{display:inline-block;background:var(--primary);color:var(--on-primary);border:0;border-radius:10px;padding:12px 18px;font:inherit;font-weight:700;text-decoration:none;cursor:pointer;min-height:44px}
.alert,.note{border:2px solid #ef4444;border-radius:12px;padding:12px 16px;font-weight:600}.note{border-color:var(--line);font-weight:400}
.code{border-top:1px solid var(--line);margin-top:28px;padding-top:16px}.code label{display:block;font-weight:600;margin-bottom:4px}.code div{display:flex;gap:8px}
.code input{flex:1;min-width:0;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:10px;padding:10px 12px;min-height:44px;text-transform:uppercase}
.code button{background:transparent;color:var(--text);border:1px solid var(--line)}footer{border-top:1px solid var(--line);padding:20px;text-align:center;font-size:.9rem;color:var(--muted)}
[hidden]{display:none!important}@media (max-width:420px){.queue dl{grid-template-columns:1fr}}`;

/** The waiting room's frame: the organiser's theme with its font at once, and the page's head parts. */
function QueueDocument({
  snapshot,
  head,
  children,
}: {
  snapshot: QueueSnapshot;
  head: ReactNode;
  children: ReactNode;
}) {
  const theme = brandTheme(snapshot.brand, { fontsAtOnce: true });
  return (
    <Document
      title={`Waiting room \u00b7 ${snapshot.name}`}
      css={theme.css + CSS}
      head={
        <>
          <FontHead theme={theme} />
          {head}
        </>
      }
    >
      {children}
    </Document>
  );
}

export function QueuePage({ snapshot, body, options }: QueueParts) {
  const name = snapshot.brand.companyName;
  const logo = safeLink(snapshot.brand.logoUrl);
  const link = body.url ?? body.waiting_list_url ?? null;
  return (
    <QueueDocument snapshot={snapshot} head={<NoScriptRefresh snapshot={snapshot} body={body} options={options} />}>
      <header>
        <a className="top" href="/">
          {/* Low priority, so React does not preload it: the page's text is what a fan waits for. */}
          {logo ? (
            <ResponsiveImg url={logo} sizes="40px" maxWidth={160} alt="" width={40} height={40} fetchPriority="low" />
          ) : null}
          <span className="display">{name}</span>
        </a>
      </header>
      <main
        className="queue"
        data-queue={`/queue/${snapshot.eventId}`}
        data-challenge={options.challenge.token}
        data-bits={options.challenge.bits}
      >
        <p className="muted">Waiting room</p>
        <h1>{snapshot.name}</h1>
        <OnSale snapshot={snapshot} body={body} />
        <p id="q-text" role="status" aria-live="polite">
          {body.text}
        </p>
        <NoScriptText body={body} options={options} />
        <Figures body={body} />
        <p id="q-action" hidden={!(link || body.status === 'expired')}>
          <a className="button" id="q-link" href={link ?? `/events/${snapshot.slug}`} hidden={!link}>
            {body.waiting_list_url ? 'Join the waiting list' : 'Go to the tickets'}
          </a>{' '}
          <button type="button" id="q-again" hidden>
            Join the queue again
          </button>
        </p>
        <p className="muted">
          One place per browser: opening more tabs or windows does not move you forward. Leaving this page keeps your
          place for when you come back.
        </p>
        <CodeForm slug={snapshot.slug} problem={options.codeProblem} />
      </main>
      <footer>
        {`${name} \u00b7 Tickets by `}
        <a href={`${options.appUrl.replace(/\/$/, '')}/`}>{PRODUCT_NAME}</a>
      </footer>
      <script src="/_storefront/queue.js" defer />
    </QueueDocument>
  );
}

export function renderQueuePage(snapshot: QueueSnapshot, body: StatusBody, options: QueuePageOptions): string {
  return renderHtml(<QueuePage snapshot={snapshot} body={body} options={options} />);
}

export interface QueueMessage {
  text: string;
  back: string;
  refresh?: { seconds: number; url: string } | undefined;
  appUrl: string;
}

/** A short branded page for the no-script join's refusals: the reason, and a refresh or a way back. */
export function QueueMessagePage({ snapshot, message }: { snapshot: QueueSnapshot; message: QueueMessage }) {
  const refresh = message.refresh;
  return (
    <QueueDocument snapshot={snapshot} head={refresh ? <Refresh seconds={refresh.seconds} url={refresh.url} /> : null}>
      <header>
        <a className="top" href="/">
          <span className="display">{snapshot.brand.companyName}</span>
        </a>
      </header>
      <main className="queue">
        <p className="muted">Waiting room</p>
        <h1>{snapshot.name}</h1>
        <p className="alert" role="alert">
          {message.text}
        </p>
        <p>
          <a className="button" href={message.back}>
            Back to the waiting room
          </a>
        </p>
      </main>
      <footer>
        Tickets by <a href={`${message.appUrl.replace(/\/$/, '')}/`}>{PRODUCT_NAME}</a>
      </footer>
    </QueueDocument>
  );
}

export function renderQueueMessage(snapshot: QueueSnapshot, message: QueueMessage): string {
  return renderHtml(<QueueMessagePage snapshot={snapshot} message={message} />);
}
