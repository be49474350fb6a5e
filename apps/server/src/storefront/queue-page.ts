// The waiting room's page and its script (decision 034): a few KB, no framework, no database, in the organiser's
// branding (logo, colours with readable contrast, font; read with the queue's snapshot). The server writes every
// sentence (so the page and the script say the same thing); the script only polls /queue/:id/status, finds the
// proof-of-work answer with the browser's own SHA-256 (crypto.subtle) to join, and goes to the event page once
// admitted. Without JavaScript the page refreshes itself and joins through a time-locked link instead.
import { clockIn, dateTimeFormatIn, PRODUCT_NAME } from '@marquee/shared';
import type { FanStatus, QueueSnapshot } from '../modules/queue/queue-state.js';
import { brandTheme } from './branding.js';
import { escapeHtml, renderPage } from '../lib/html.js';
import { responsiveImageHtml } from './images.js';
import { safeLink } from './storefront-layout.js';

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
            : `You are in the queue. Fans are let through at ${view.ratePerMinute} a minute while tickets last. Keep this page open: it updates by itself.`,
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
        next: pausedPollSeconds(view.ahead, snapshot.ratePerMinute),
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

/** Without JavaScript the page refreshes itself (meta refresh inside noscript): its status, or the next step. */
function noScriptHead(snapshot: QueueSnapshot, body: StatusBody, options: QueuePageOptions): string {
  const refresh = (seconds: number, url?: string) =>
    `<noscript><meta http-equiv="refresh" content="${seconds}${url ? `;url=${escapeHtml(url)}` : ''}"></noscript>`;
  const self = `/queue/${snapshot.eventId}`;
  if (body.status === 'join' && options.noScriptJoin)
    return refresh(options.noScriptJoin.seconds, options.noScriptJoin.url);
  if (body.status === 'admitted' && body.url) return refresh(2, body.url);
  if (body.status === 'lobby' || body.status === 'waiting' || body.status === 'paused' || body.status === 'slow')
    return refresh(Math.max(2, Math.round(body.next ?? 5)), self);
  return '';
}

function noScriptText(body: StatusBody, options: QueuePageOptions): string {
  if (body.status === 'join' && options.noScriptJoin)
    return `<noscript><p class="note">Your browser has JavaScript off: you get your place in about ${options.noScriptJoin.seconds} seconds (the waiting room\u2019s check that you are not a robot). This page moves on by itself; please keep it open.</p></noscript>`;
  if (body.status === 'expired' && options.noScriptJoin)
    return `<noscript><p><a class="button" href="${escapeHtml(options.noScriptJoin.url)}">Join the queue again</a></p></noscript>`;
  if (body.status === 'lobby' || body.status === 'waiting' || body.status === 'paused')
    return '<noscript><p class="muted">This page refreshes itself while you wait (more often as your turn comes near).</p></noscript>';
  return '';
}

/**
 * Before the on-sale (in the lobby, or about to join it): when tickets go on sale, in the event's zone, as the event
 * page says it. The script hides it once the browser has a place.
 */
function onSaleHtml(snapshot: QueueSnapshot, body: StatusBody, now = Date.now()): string {
  if ((body.status !== 'lobby' && body.status !== 'join') || snapshot.opensAt <= now) return '';
  const opensAt = new Date(snapshot.opensAt);
  const zone = snapshot.timeZone;
  return `<p id="q-opens">On sale <strong><time datetime="${opensAt.toISOString()}">${escapeHtml(dateTimeFormatIn(zone).format(opensAt))}</time></strong> (${escapeHtml(zone.replace(/_/g, ' '))} time).</p>`;
}

/** The place, ahead and wait cards: only those with something to say (none in the lobby, say). */
function figuresHtml(body: StatusBody): string {
  const cards = [
    { id: 'q-place', label: 'Your place', value: body.place },
    { id: 'q-ahead', label: 'People ahead of you', value: body.ahead },
    { id: 'q-wait', label: 'Estimated wait', value: body.wait },
  ];
  const shown = (value: unknown) => value !== undefined && value !== null;
  const items = cards
    .map(
      (card) =>
        `<div${shown(card.value) ? '' : ' hidden'}><dt>${card.label}</dt><dd id="${card.id}">${shown(card.value) ? escapeHtml(String(card.value)) : ''}</dd></div>`,
    )
    .join('');
  return `<dl id="q-figures"${cards.some((card) => shown(card.value)) ? '' : ' hidden'}>${items}</dl>`;
}

export function renderQueuePage(snapshot: QueueSnapshot, body: StatusBody, options: QueuePageOptions): string {
  const theme = brandTheme(snapshot.brand, { fontsAtOnce: true });
  const name = escapeHtml(snapshot.brand.companyName);
  const logo = safeLink(snapshot.brand.logoUrl);
  const link = body.url ?? body.waiting_list_url ?? null;
  const app = escapeHtml(options.appUrl.replace(/\/$/, ''));
  return renderPage({
    title: `Waiting room \u00b7 ${snapshot.name}`,
    css: `${theme.css}\n${CSS}`,
    head: [theme.fontHead, noScriptHead(snapshot, body, options)].filter(Boolean).join('\n'),
    body: `<header><a class="top" href="/">${logo ? `<img ${responsiveImageHtml(logo, { sizes: '40px', maxWidth: 160 })} alt="" width="40" height="40">` : ''}<span class="display">${name}</span></a></header>
<main class="queue" data-queue="/queue/${escapeHtml(snapshot.eventId)}" data-challenge="${escapeHtml(options.challenge.token)}" data-bits="${options.challenge.bits}">
<p class="muted">Waiting room</p>
<h1>${escapeHtml(snapshot.name)}</h1>
${onSaleHtml(snapshot, body)}
<p id="q-text" role="status" aria-live="polite">${escapeHtml(body.text)}</p>
${noScriptText(body, options)}
${figuresHtml(body)}
<p id="q-action"${link || body.status === 'expired' ? '' : ' hidden'}><a class="button" id="q-link" href="${escapeHtml(link ?? `/events/${snapshot.slug}`)}"${link ? '' : ' hidden'}>${body.waiting_list_url ? 'Join the waiting list' : 'Go to the tickets'}</a> <button type="button" id="q-again" hidden>Join the queue again</button></p>
<p class="muted">One place per browser: opening more tabs or windows does not move you forward. Leaving this page keeps your place for when you come back.</p>
<form class="code" method="get" action="/events/${escapeHtml(snapshot.slug)}"><label for="q-code">Have a presale code?</label><div><input id="q-code" name="code" autocomplete="off" maxlength="40"${options.codeProblem ? ' aria-invalid="true" aria-describedby="q-code-error"' : ''}><button type="submit">Use code</button></div>${options.codeProblem ? `<p class="alert" id="q-code-error" role="alert">${escapeHtml(options.codeProblem)}</p>` : ''}</form>
</main>
<footer>${name} \u00b7 Tickets by <a href="${app}/">${escapeHtml(PRODUCT_NAME)}</a></footer>
<script src="/_storefront/queue.js" defer></script>`,
  });
}

/** A short branded page for the no-script join's refusals: the reason, and a refresh or a way back. */
export function renderQueueMessage(
  snapshot: QueueSnapshot,
  message: { text: string; back: string; refresh?: { seconds: number; url: string } | undefined; appUrl: string },
): string {
  const theme = brandTheme(snapshot.brand, { fontsAtOnce: true });
  const refresh = message.refresh
    ? `<meta http-equiv="refresh" content="${message.refresh.seconds};url=${escapeHtml(message.refresh.url)}">`
    : '';
  return renderPage({
    title: `Waiting room \u00b7 ${snapshot.name}`,
    css: `${theme.css}\n${CSS}`,
    head: [theme.fontHead, refresh].filter(Boolean).join('\n'),
    body: `<header><a class="top" href="/"><span class="display">${escapeHtml(snapshot.brand.companyName)}</span></a></header>
<main class="queue"><p class="muted">Waiting room</p><h1>${escapeHtml(snapshot.name)}</h1>
<p class="alert" role="alert">${escapeHtml(message.text)}</p>
<p><a class="button" href="${escapeHtml(message.back)}">Back to the waiting room</a></p></main>
<footer>Tickets by <a href="${escapeHtml(message.appUrl.replace(/\/$/, ''))}/">${escapeHtml(PRODUCT_NAME)}</a></footer>`,
  });
}

export const QUEUE_SCRIPT = `(function(){
var d=document,m=d.querySelector('[data-queue]');if(!m)return;
var base=m.getAttribute('data-queue'),ch=m.getAttribute('data-challenge'),bits=+m.getAttribute('data-bits'),timer,busy=0;
function $(i){return d.getElementById(i)}
function show(j){
 $('q-text').textContent=j.text;
 var o=$('q-opens');if(o)o.hidden=j.status!=='lobby'&&j.status!=='join';
 var any=0;[['q-place',j.place],['q-ahead',j.ahead],['q-wait',j.wait]].forEach(function(f){
  var e=$(f[0]),has=f[1]!=null&&f[1]!=='';e.textContent=has?f[1]:'';e.parentNode.hidden=!has;if(has)any=1});
 $('q-figures').hidden=!any;
 var a=$('q-action'),l=$('q-link'),g=$('q-again');
 a.hidden=!(j.url||j.waiting_list_url||j.status==='expired');
 l.hidden=!(j.url||j.waiting_list_url);if(j.url||j.waiting_list_url)l.href=j.url||j.waiting_list_url;
 l.textContent=j.waiting_list_url?'Join the waiting list':'Go to the tickets';
 g.hidden=j.status!=='expired';
}
function later(s){clearTimeout(timer);timer=setTimeout(poll,(s||5)*1000*(0.8+Math.random()*0.4))}
function zero(b){var n=0;for(var i=0;i<b.length;i++){if(b[i]===0){n+=8;continue}var x=b[i];while(!(x&128)){n++;x<<=1}break}return n}
function solve(c,k){var e=new TextEncoder(),n=0;return new Promise(function(ok,no){
 function step(){var batch=[];for(var i=0;i<256;i++)batch.push(n++);
  Promise.all(batch.map(function(v){return crypto.subtle.digest('SHA-256',e.encode(c+':'+v))})).then(function(hs){
   for(var i=0;i<hs.length;i++)if(zero(new Uint8Array(hs[i]))>=k)return ok(String(batch[i]));step()},no)}
 step()})}
function handle(j){
 if(j.challenge){ch=j.challenge;bits=j.bits}
 show(j);
 if(j.status==='admitted'||j.status==='through'){setTimeout(function(){location.assign(j.url)},j.status==='admitted'?1200:300);return}
 if(j.status==='join'){join();return}
 if(j.status==='sold_out'||j.status==='expired')return;
 later(j.next);
}
function request(u,o){return fetch(u,o).then(function(r){return r.json()}).then(handle,function(){$('q-text').textContent='Connection lost. Your place is kept; trying again\\u2026';later(5)})}
function poll(){request(base+'/status',{credentials:'same-origin',headers:{accept:'application/json'}})}
function join(){if(busy)return;busy=1;$('q-text').textContent='Checking your browser before giving you a place (a few seconds)\\u2026';
 solve(ch,bits).then(function(a){busy=0;return request(base+'/join',{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json',accept:'application/json'},body:JSON.stringify({challenge:ch,answer:a})})},function(){busy=0;$('q-text').textContent='This browser cannot join the waiting room (it needs a secure connection and a current browser).'})}
$('q-again').addEventListener('click',join);
poll();
})();`;
