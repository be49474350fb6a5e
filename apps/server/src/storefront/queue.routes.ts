// The waiting room on a storefront host (decision 034): the queue page, its poll (JSON, no database on the common
// path: the place is in a signed cookie, the admission counter in the process's once-a-second snapshot) and the
// join (a proof-of-work answer, then one statement). The gate the event page and the checkout ask (send fans
// to the queue, refuse a hold without a valid admission) is in queue-gate.ts.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { SharedPollLimit } from '../modules/queue/poll-limit.js';
import {
  admissionMs,
  fanStatus,
  snapshotServes,
  type FanStatus,
  type QueueSnapshot,
} from '../modules/queue/queue-state.js';
import { ensureQueueRow, joinQueue, placeOf } from '../modules/queue/queue.store.js';
import {
  admissionCookie,
  BROWSER_COOKIE,
  cookieLine,
  isBrowserId,
  newBrowserId,
  placeCookie,
  proofOfWorkHolds,
  readCookies,
  type PlaceClaim,
} from '../modules/queue/tokens.js';
import { QUEUE_SCRIPT, renderQueueMessage, renderQueuePage, statusBody, type StatusBody } from './queue-page.js';
import { sendStorefrontNotFound } from './respond.js';
import type { QueueGate } from './queue-gate.js';

const params = z.object({ eventId: z.uuid() });
const joinBody = z.object({
  challenge: z.string().min(1).max(600),
  answer: z.string().regex(/^[0-9]{1,12}$/),
});

/** Polls per IP per minute, across every process: a fan polls every 2-15 s; a storm from one address is refused. */
const POLLS_PER_IP = 600;
const JOINS_PER_IP = 30;
/** Seconds a browser without JavaScript waits for its join ticket to be accepted (the proof-of-work's equivalent). */
export const NO_SCRIPT_JOIN_SECONDS = 5;
const TICKET_MS = 10 * 60_000;

const CODE_PROBLEM =
  'That code does not unlock presale tickets on sale now. General tickets are sold through this queue.';

export function queueRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    gate: QueueGate;
    powBits: number;
    rateLimitMultiplier: number;
    appUrl: string;
    clock?: () => number;
  },
) {
  const { db, gate } = deps;
  const { signer, states } = gate;
  const clock = deps.clock ?? Date.now;
  const constraints = { site: 'storefront' };
  const pollLimit = new SharedPollLimit(
    db,
    'queue:poll:ip:',
    Math.max(1, Math.round(POLLS_PER_IP * deps.rateLimitMultiplier)),
    60_000,
    clock,
  );
  const limitPolls = (ip: string) => pollLimit.take(ip);
  const joinsPerIp = Math.max(1, Math.round(JOINS_PER_IP * deps.rateLimitMultiplier));
  /**
   * The join budget per IP, one for both ways of joining (proof-of-work and the time-locked ticket), shared by the
   * processes the way the poll limit is: a fan's one join writes nothing, an address joining over and over is
   * counted in `request_limit` (decision 039).
   */
  const joinLimit = new SharedPollLimit(db, 'queue:join:ip:', joinsPerIp, 60_000, clock);
  const withinJoinLimit = async (ip: string) => (await joinLimit.take(ip)) === 0;

  const json = (reply: FastifyReply, status: number, body: StatusBody | { status: 'error'; text: string }) =>
    reply.status(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);

  /** The event's snapshot for this host, and this browser's id (a new one is set as a cookie). */
  async function context(request: FastifyRequest) {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return null;
    const snapshot = await states.get(parsed.data.eventId);
    if (!snapshot || !snapshotServes(snapshot, request.siteHost) || snapshot.status !== 'live') return null;
    const cookies = readCookies(request.headers.cookie);
    let browserId = cookies[BROWSER_COOKIE];
    const cookieLines: string[] = [];
    const secure = request.protocol === 'https';
    if (!isBrowserId(browserId)) {
      browserId = newBrowserId();
      cookieLines.push(cookieLine(BROWSER_COOKIE, browserId, 365 * 86400, secure));
    }
    const claim = signer.read(cookies[placeCookie(snapshot.eventId)]);
    const place = claim && claim.k === 'p' && claim.e === snapshot.eventId && claim.b === browserId ? claim : null;
    return { snapshot, browserId, place, cookieLines, secure };
  }
  type Context = NonNullable<Awaited<ReturnType<typeof context>>>;

  const challengeFor = (snapshot: QueueSnapshot, browserId: string) =>
    signer.sign({
      k: 'c',
      e: snapshot.eventId,
      b: browserId,
      d: deps.powBits,
      n: randomBytes(9).toString('base64url'),
      x: clock() + 10 * 60_000,
    });

  /** This browser's status; writes the place and admission cookies it needs. Reads the database only once per
   * lobby browser (its place after the draw). */
  async function viewOf(ctx: Context): Promise<FanStatus> {
    const now = clock();
    const { snapshot, browserId } = ctx;
    if (!ctx.place) {
      const view = fanStatus(snapshot, null, undefined, now);
      return view.status === 'through' || view.status === 'sold_out' ? view : { status: 'join' };
    }
    let claim: PlaceClaim = ctx.place;
    if (claim.p === null && snapshot.drawnAt !== null) {
      const place = await placeOf(db, snapshot.eventId, browserId);
      if (place === null) return { status: 'join' };
      claim = { ...claim, p: place };
    }
    const view = fanStatus(snapshot, claim.p, claim.a, now);
    if (view.status === 'admitted') {
      claim = { ...claim, a: claim.a ?? now };
      const until = claim.a! + admissionMs;
      const admission = signer.sign({ k: 'a', e: snapshot.eventId, b: browserId, p: view.place, x: until });
      ctx.cookieLines.push(
        cookieLine(admissionCookie(snapshot.eventId), admission, Math.ceil((until - now) / 1000), ctx.secure),
      );
    }
    if (claim !== ctx.place) {
      ctx.cookieLines.push(cookieLine(placeCookie(snapshot.eventId), signer.sign(claim), 7 * 86400, ctx.secure));
    }
    return view;
  }

  function answer(ctx: Context, view: FanStatus): StatusBody {
    const body = statusBody(ctx.snapshot, view);
    if (view.status === 'join' || view.status === 'expired') {
      body.challenge = challengeFor(ctx.snapshot, ctx.browserId);
      body.bits = deps.powBits;
    }
    return body;
  }

  const ticketFor = (snapshot: QueueSnapshot, browserId: string) => {
    const now = clock();
    return signer.sign({
      k: 't',
      e: snapshot.eventId,
      b: browserId,
      n: randomBytes(9).toString('base64url'),
      t: now + NO_SCRIPT_JOIN_SECONDS * 1000,
      x: now + TICKET_MS,
    });
  };
  const ticketUrl = (ctx: Context) =>
    `/queue/${ctx.snapshot.eventId}/join?ticket=${encodeURIComponent(ticketFor(ctx.snapshot, ctx.browserId))}`;

  /** Gives this browser its place (or the one it has): the same for both ways of joining. Null: busy. */
  async function enter(ctx: Context): Promise<FanStatus | null> {
    const current = await viewOf(ctx);
    // Already queued (another tab, or a second click): the same place, never a second one.
    if (current.status !== 'join' && current.status !== 'expired') return current;
    const input = {
      eventId: ctx.snapshot.eventId,
      organizationId: ctx.snapshot.organizationId,
      browserId: ctx.browserId,
      again: current.status === 'expired',
    };
    let joined = await joinQueue(db, input);
    if (!joined) {
      await ensureQueueRow(db, ctx.snapshot);
      joined = await joinQueue(db, { ...input, again: false });
    }
    if (!joined) return null;
    const claim: PlaceClaim = { k: 'p', e: ctx.snapshot.eventId, b: ctx.browserId, p: joined.place };
    ctx.place = claim;
    ctx.cookieLines.push(cookieLine(placeCookie(ctx.snapshot.eventId), signer.sign(claim), 7 * 86400, ctx.secure));
    // A fresh place is only ever behind the snapshot's counter, so it is waiting (or in the lobby).
    return viewOf(ctx);
  }

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

  app.get('/_storefront/queue.js', { constraints }, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(QUEUE_SCRIPT),
  );

  app.get<{ Querystring: { code?: string } }>('/queue/:eventId', { constraints }, async (request, reply) => {
    const wait = await limitPolls(request.ip);
    if (wait > 0)
      return reply.header('retry-after', String(wait)).status(429).type('text/html; charset=utf-8').send(TOO_MANY);
    const ctx = await context(request);
    if (!ctx) return sendStorefrontNotFound(reply);
    const view = await viewOf(ctx);
    if (view.status === 'through') return reply.redirect(`/events/${ctx.snapshot.slug}`, 303);
    const body = answer(ctx, view);
    const needsTicket = view.status === 'join' || view.status === 'expired';
    if (ctx.cookieLines.length) reply.header('set-cookie', ctx.cookieLines);
    return html(
      reply,
      200,
      renderQueuePage(ctx.snapshot, body, {
        challenge: { token: body.challenge ?? challengeFor(ctx.snapshot, ctx.browserId), bits: deps.powBits },
        noScriptJoin: needsTicket ? { url: ticketUrl(ctx), seconds: NO_SCRIPT_JOIN_SECONDS } : null,
        appUrl: deps.appUrl,
        codeProblem: request.query?.code === 'refused' ? CODE_PROBLEM : null,
      }),
    );
  });

  app.get('/queue/:eventId/status', { constraints }, async (request, reply) => {
    const wait = await limitPolls(request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return json(reply, 429, {
        status: 'slow',
        text: `Too many requests from your network. Your place is kept; checking again in ${wait} seconds.`,
        next: wait,
      });
    }
    const ctx = await context(request);
    if (!ctx) return json(reply, 404, { status: 'error', text: 'There is no waiting room at this address.' });
    const view = await viewOf(ctx);
    if (ctx.cookieLines.length) reply.header('set-cookie', ctx.cookieLines);
    return json(reply, 200, answer(ctx, view));
  });

  const TOO_MANY_JOINS = 'Too many people joined from your network just now. Please wait a minute and try again.';

  app.post('/queue/:eventId/join', { constraints }, async (request, reply) => {
    const ctx = await context(request);
    if (!ctx) return json(reply, 404, { status: 'error', text: 'There is no waiting room at this address.' });
    const body = joinBody.safeParse(request.body);
    if (!body.success)
      return json(reply, 400, {
        status: 'error',
        text: 'The request to join the queue was not valid. Please reload the page.',
      });
    if (!(await withinJoinLimit(request.ip))) {
      reply.header('retry-after', '60');
      return json(reply, 429, { status: 'slow', text: TOO_MANY_JOINS, next: 60 });
    }
    const challenge = signer.read(body.data.challenge);
    const now = clock();
    if (!challenge || challenge.k !== 'c' || challenge.e !== ctx.snapshot.eventId || challenge.b !== ctx.browserId)
      return json(reply, 400, {
        status: 'error',
        text: 'This page is out of date or belongs to another browser. Please reload it to join the queue.',
      });
    if (challenge.x <= now)
      return json(reply, 400, {
        status: 'error',
        text: 'This page has been open too long to join from. Please reload it.',
      });
    if (!proofOfWorkHolds(body.data.challenge, body.data.answer, challenge.d))
      return json(reply, 400, {
        status: 'error',
        text: 'Your browser\u2019s check did not pass. Please reload the page to try again.',
      });
    const view = await enter(ctx);
    if (ctx.cookieLines.length) reply.header('set-cookie', ctx.cookieLines);
    if (!view)
      return json(reply, 503, { status: 'error', text: 'The waiting room is busy. Please try again in a moment.' });
    return json(reply, 200, answer(ctx, view));
  });

  // Joining without JavaScript (decision 034): the queue page's time-locked ticket, followed by the page's own
  // meta refresh once its time has come. A GET, as a refresh can only fetch; it changes nothing another site could
  // use (the ticket is bound to this browser's SameSite cookie) and is idempotent (one place per browser).
  app.get<{ Querystring: { ticket?: string } }>('/queue/:eventId/join', { constraints }, async (request, reply) => {
    const wait = await limitPolls(request.ip);
    if (wait > 0)
      return reply.header('retry-after', String(wait)).status(429).type('text/html; charset=utf-8').send(TOO_MANY);
    const ctx = await context(request);
    if (!ctx) return sendStorefrontNotFound(reply);
    const back = `/queue/${ctx.snapshot.eventId}`;
    const refuse = (status: number, text: string, refresh?: { seconds: number; url: string }) => {
      if (ctx.cookieLines.length) reply.header('set-cookie', ctx.cookieLines);
      if (refresh) reply.header('retry-after', String(refresh.seconds));
      return html(reply, status, renderQueueMessage(ctx.snapshot, { text, back, refresh, appUrl: deps.appUrl }));
    };
    const token = typeof request.query?.ticket === 'string' ? request.query.ticket : undefined;
    const ticket = signer.read(token);
    const now = clock();
    if (!ticket || ticket.k !== 't' || ticket.e !== ctx.snapshot.eventId || ticket.b !== ctx.browserId)
      return refuse(
        400,
        'This link to join the queue is out of date or belongs to another browser. Go back to the waiting room to get a new one.',
      );
    if (ticket.x <= now)
      return refuse(400, 'This page was open too long to join from. Go back to the waiting room to get a new link.');
    if (now < ticket.t) {
      const seconds = Math.ceil((ticket.t - now) / 1000);
      return refuse(
        400,
        `Too early: browsers without JavaScript get their place ${NO_SCRIPT_JOIN_SECONDS} seconds after opening the waiting room. This page tries again by itself in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        { seconds, url: request.url },
      );
    }
    if (!(await withinJoinLimit(request.ip))) return refuse(429, TOO_MANY_JOINS, { seconds: 60, url: back });
    const view = await enter(ctx);
    if (!view)
      return refuse(503, 'The waiting room is busy. This page tries again by itself.', {
        seconds: 5,
        url: request.url,
      });
    reply.header('set-cookie', ctx.cookieLines);
    return reply.header('cache-control', 'no-store').redirect(back, 303);
  });
}

const TOO_MANY =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title><main><h1>Too many requests</h1><p>Too many requests from your network. Please wait a minute and reload.</p></main></html>';
