// The waiting room's status (decision 034): the sentence and figures a browser is shown, the same in the page and
// in the JSON its script polls, and how soon each browser asks again.
import { clockIn } from '@marquee/shared';
import type { FanStatus, QueueSnapshot } from '../modules/queue/queue-state.js';

export interface StatusBody {
  status: FanStatus['status'] | 'slow';
  /** The sentence the page shows. */
  text: string;
  place?: number;
  ahead?: number;
  wait?: string;
  /** Seconds until the next poll. */
  next?: number;
  url?: string;
  challenge?: string;
  bits?: number;
  waiting_list_url?: string | null;
}

function waitText(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `about ${Math.round(minutes / 60)} hours`;
}

/**
 * Seconds until a waiting browser asks again. Polls are the waiting room's whole load, so they follow how soon
 * anything can change for this fan: about a third of the estimated wait (so the estimate is refreshed a few times
 * on the way), at least every 2 s near the front and at most every 30 s far back, where a place moves slowly.
 */
export const POLL_SECONDS = { min: 2, max: 30, pausedNear: 10 } as const;
export const waitingPollSeconds = (waitSeconds: number) =>
  Math.min(POLL_SECONDS.max, Math.max(POLL_SECONDS.min, Math.round(waitSeconds / 3)));
/**
 * While every ticket left is in someone's checkout nobody moves until some come back, so only the fans who would
 * be let through within about ten seconds of the queue moving again ask every 10 s; everyone else every 30 s.
 */
export const pausedPollSeconds = (ahead: number, ratePerMinute: number) =>
  ahead <= ratePerMinute / 6 ? POLL_SECONDS.pausedNear : POLL_SECONDS.max;

/**
 * Lobby polls after the on-sale, per second, that the first answers after the draw are spread to. At the on-sale every
 * browser in the lobby would otherwise ask at the same instant (and each first answer after the draw reads its place),
 * while the servers also let the first fans buy. The spread costs nobody their place, which the draw gave them
 * whenever they ask; the first fans through learn it a few seconds later at most.
 */
export const LOBBY_POLLS_PER_SECOND = 1000;
const LOBBY_SPREAD_MAX_SECONDS = 30;

/**
 * Seconds until a lobby browser asks again: every 15 s until the on-sale is near, then at the on-sale plus a random
 * share of the spread its lobby needs (lobby / LOBBY_POLLS_PER_SECOND seconds, at most 30).
 */
export function lobbyPollSeconds(opensInSeconds: number, lobby: number, random = Math.random()): number {
  if (opensInSeconds > 15) return 15;
  const spread = Math.min(LOBBY_SPREAD_MAX_SECONDS, lobby / LOBBY_POLLS_PER_SECOND);
  return Math.max(1, Math.round((opensInSeconds + random * spread) * 10) / 10);
}

/** The JSON a poll answers and the sentence the page shows, for one browser's status. */
export function statusBody(snapshot: QueueSnapshot, view: FanStatus): StatusBody {
  const eventUrl = `/events/${snapshot.slug}`;
  switch (view.status) {
    case 'lobby':
      return view.opensInSeconds > 0
        ? {
            status: 'lobby',
            text: `You are in the lobby. When tickets go on sale (in ${waitText(view.opensInSeconds)}), everyone in the lobby gets a random place in the queue: arriving earlier gives no advantage.`,
            next: lobbyPollSeconds(view.opensInSeconds, snapshot.lobby ?? 0),
          }
        : { status: 'lobby', text: 'Tickets are on sale: giving everyone in the lobby a random place\u2026', next: 1 };
    case 'waiting':
      return {
        status: 'waiting',
        text:
          view.ahead === 0
            ? 'You are next. Keep this page open.'
            : `You are in the queue. Fans are let through at about ${view.ratePerMinute.toLocaleString('en-GB')} a minute right now, while tickets last. Keep this page open: it updates by itself.`,
        place: view.place,
        ahead: view.ahead,
        wait: waitText(view.waitSeconds),
        next: waitingPollSeconds(view.waitSeconds),
      };
    case 'paused':
      return {
        status: 'paused',
        text: 'Every ticket left is in someone\u2019s checkout right now. If some are released, the queue moves again; keep this page open.',
        place: view.place,
        ahead: view.ahead,
        wait: 'unknown while no tickets are free',
        next: pausedPollSeconds(view.ahead, snapshot.admitRatePerMinute),
      };
    case 'admitted':
      return {
        status: 'admitted',
        text: `It\u2019s your turn. Start your checkout by ${clockIn(new Date(view.until), 'UTC')} UTC.`,
        place: view.place,
        ahead: 0,
        url: eventUrl,
      };
    case 'expired':
      return {
        status: 'expired',
        text: 'Your turn came, but the time to start a checkout ran out. You can join the queue again at the back.',
      };
    case 'sold_out':
      return {
        status: 'sold_out',
        text: view.waitingListUrl
          ? 'Sorry, this event has sold out. You can join the waiting list to hear if tickets come back.'
          : 'Sorry, this event has sold out. The queue has stopped.',
        waiting_list_url: view.waitingListUrl,
      };
    case 'through':
      return { status: 'through', text: 'No queue right now: taking you to the tickets\u2026', url: eventUrl };
    case 'join':
      return { status: 'join', text: 'Joining the queue\u2026' };
  }
}
