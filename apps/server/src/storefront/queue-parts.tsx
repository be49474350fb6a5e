// The waiting room page's parts (decision 034): the no-script refresh and texts, the on-sale line, the figures
// and the presale code field. The ids are the ones queue-script.ts updates.
import type { ReactNode } from 'react';
import { dateTimeFormatIn } from '@marquee/shared';
import type { QueueSnapshot } from '../modules/queue/queue-state.js';
import type { StatusBody } from './queue-status.js';

export interface QueuePageOptions {
  /** The proof-of-work challenge the script solves to join. */
  challenge: { token: string; bits: number };
  /** Without JavaScript: the time-locked join link the page follows by itself after `seconds` (decision 034). */
  noScriptJoin: { url: string; seconds: number } | null;
  /** Marquee's own origin, for the 'Tickets by' line. */
  appUrl: string;
  /** A message about a presale code entered here (it unlocked nothing on sale now). */
  codeProblem?: string | null;
}

export interface QueueParts {
  snapshot: QueueSnapshot;
  body: StatusBody;
  options: QueuePageOptions;
}

export function Refresh({ seconds, url }: { seconds: number; url?: string | undefined }) {
  return <meta httpEquiv="refresh" content={url ? `${seconds};url=${url}` : String(seconds)} />;
}

/** Without JavaScript the page refreshes itself (meta refresh inside noscript): its status, or the next step. */
export function NoScriptRefresh({ snapshot, body, options }: QueueParts) {
  const self = `/queue/${snapshot.eventId}`;
  let refresh: ReactNode = null;
  if (body.status === 'join' && options.noScriptJoin)
    refresh = <Refresh seconds={options.noScriptJoin.seconds} url={options.noScriptJoin.url} />;
  else if (body.status === 'admitted' && body.url) refresh = <Refresh seconds={2} url={body.url} />;
  else if (body.status === 'lobby' || body.status === 'waiting' || body.status === 'paused' || body.status === 'slow')
    refresh = <Refresh seconds={Math.max(2, Math.round(body.next ?? 5))} url={self} />;
  return refresh ? <noscript>{refresh}</noscript> : null;
}

export function NoScriptText({ body, options }: Omit<QueueParts, 'snapshot'>) {
  if (body.status === 'join' && options.noScriptJoin)
    return (
      <noscript>
        <p className="note">
          {`Your browser has JavaScript off: you get your place in about ${options.noScriptJoin.seconds} seconds (the waiting room\u2019s check that you are not a robot). This page moves on by itself; please keep it open.`}
        </p>
      </noscript>
    );
  if (body.status === 'expired' && options.noScriptJoin)
    return (
      <noscript>
        <p>
          <a className="button" href={options.noScriptJoin.url}>
            Join the queue again
          </a>
        </p>
      </noscript>
    );
  if (body.status === 'lobby' || body.status === 'waiting' || body.status === 'paused')
    return (
      <noscript>
        <p className="muted">This page refreshes itself while you wait (more often as your turn comes near).</p>
      </noscript>
    );
  return null;
}

/**
 * Before the on-sale (in the lobby, or about to join it): when tickets go on sale, in the event's zone, as the event
 * page says it. The script hides it once the browser has a place.
 */
export function OnSale({ snapshot, body, now = Date.now() }: Omit<QueueParts, 'options'> & { now?: number }) {
  if ((body.status !== 'lobby' && body.status !== 'join') || snapshot.opensAt <= now) return null;
  const opensAt = new Date(snapshot.opensAt);
  const zone = snapshot.timeZone;
  return (
    <p id="q-opens">
      On sale{' '}
      <strong>
        <time dateTime={opensAt.toISOString()}>{dateTimeFormatIn(zone).format(opensAt)}</time>
      </strong>{' '}
      {`(${zone.replace(/_/g, ' ')} time).`}
    </p>
  );
}

/** The place, ahead and wait cards: only those with something to say (none in the lobby, say). */
export function Figures({ body }: { body: StatusBody }) {
  const cards = [
    { id: 'q-place', label: 'Your place', value: body.place },
    { id: 'q-ahead', label: 'People ahead of you', value: body.ahead },
    { id: 'q-wait', label: 'Estimated wait', value: body.wait },
  ];
  const shown = (value: unknown) => value !== undefined && value !== null;
  return (
    <dl id="q-figures" hidden={!cards.some((card) => shown(card.value))}>
      {cards.map((card) => (
        <div key={card.id} hidden={!shown(card.value)}>
          <dt>{card.label}</dt>
          <dd id={card.id}>{shown(card.value) ? String(card.value) : ''}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The presale code field: a plain GET to the event page, with the problem of a code entered here. */
export function CodeForm({ slug, problem }: { slug: string; problem: string | null | undefined }) {
  return (
    <form className="code" method="get" action={`/events/${slug}`}>
      <label htmlFor="q-code">Have a presale code?</label>
      <div>
        <input
          id="q-code"
          name="code"
          autoComplete="off"
          maxLength={40}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'q-code-error' : undefined}
        />
        <button type="submit">Use code</button>
      </div>
      {problem ? (
        <p className="alert" id="q-code-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
