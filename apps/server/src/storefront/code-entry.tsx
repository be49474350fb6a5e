// The event page's drop pieces: the code entry (a presale access code or a promo code, typed or brought in a link
// ?code=...), what an applied code does, and the on-sale panel with the opening time in the event's zone, in the
// fan's own zone and a live countdown (filled in by /_storefront/checkout.js; without script the times still show).
import { formatMoney, formatSalesTime, type CurrencyCode } from '@marquee/shared';
import type { ResolvedCodes } from '../modules/codes/code-check.js';
import type { StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { orderRoom } from './order-limit.js';

export interface CodeView {
  /** The applied access code and the names of the types it unlocked. */
  access: { code: string; unlocked: string[] } | null;
  /** The applied promo code and what it takes off. */
  promo: { code: string; description: string } | null;
  /** What was wrong with an entered code. */
  problem: string | null;
}

export const NO_CODE_VIEW: CodeView = { access: null, promo: null, problem: null };

export const CODE_ENTRY_CSS = `.code-entry{margin:0 0 16px}.code-entry .inline{display:flex;gap:8px}.code-entry .inline input{flex:1;text-transform:uppercase}
.code-entry .inline button{min-height:44px;padding:8px 16px}.applied{list-style:none;margin:8px 0 0;padding:0;display:grid;gap:6px}.applied li{border-left:4px solid var(--primary);padding:2px 10px}
.onsale{border:2px solid var(--primary);border-radius:14px;padding:16px;margin:0 0 16px}.onsale h2{margin:0 0 8px}.onsale p{margin:4px 0}
.countdown{font-size:1.5rem;font-weight:700;font-variant-numeric:tabular-nums}`;

export function codeView(resolved: ResolvedCodes, stored: StorefrontEvent | null): CodeView {
  const names = new Map((stored?.types ?? []).map((type) => [type.id, type.name]));
  const currency = (stored?.types[0]?.currency ?? 'GBP') as CurrencyCode;
  const promo = resolved.promo;
  let description = '';
  if (promo && promo.discountKind && promo.discountValue !== null) {
    description =
      promo.discountKind === 'percent'
        ? `${promo.discountValue}% off`
        : `${formatMoney(promo.discountValue, currency)} off each ticket`;
    const typeNames = promo.ticketTypeIds.map((id) => names.get(id)).filter(Boolean);
    if (typeNames.length) description += ` ${typeNames.join(', ')}`;
    // Its cap on discounted tickets, unless one order could never hold more of the types it applies to.
    const room = stored ? orderRoom(stored, promo.ticketTypeIds) : Number.MAX_SAFE_INTEGER;
    if (promo.maxTicketsPerOrder && promo.maxTicketsPerOrder < room)
      description += ` (up to ${promo.maxTicketsPerOrder} tickets per order)`;
  }
  return {
    access: resolved.access
      ? {
          code: resolved.access.code,
          unlocked: resolved.access.ticketTypeIds.map((id) => names.get(id)).filter((name): name is string => !!name),
        }
      : null,
    promo: promo ? { code: promo.code, description } : null,
    problem: resolved.problems[0]?.message ?? null,
  };
}

/** The applied codes as the checkout form's hidden fields (the hold checks them again). */
export function CodeHiddenFields({ view }: { view: CodeView }) {
  return (
    <>
      {view.access ? <input type="hidden" name="access_code" value={view.access.code} /> : null}
      {view.promo ? <input type="hidden" name="promo_code" value={view.promo.code} /> : null}
    </>
  );
}

export function CodeEntry({
  eventId,
  view,
  fieldProblem,
  base = '',
}: {
  eventId: string;
  view: CodeView;
  fieldProblem?: string;
  /** '/embed' in the embeddable checkout's frame (decision 153). */
  base?: string;
}) {
  const problem = fieldProblem ?? view.problem;
  const applied: string[] = [];
  if (view.access)
    applied.push(`Code ${view.access.code} unlocked ${view.access.unlocked.join(', ') || 'presale tickets'}.`);
  if (view.promo) applied.push(`Promo code ${view.promo.code} applied: ${view.promo.description}.`);
  // Applying another code keeps the one already applied (one access code and one promo code at a time).
  const keep = [view.access?.code, view.promo?.code].filter((code): code is string => Boolean(code));
  return (
    <form className="code-entry" method="get" action={`${base}/events/${eventId}`}>
      <label htmlFor="code">Presale or promo code</label>
      <div className="inline">
        <input
          id="code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          {...(problem ? { 'aria-invalid': true, 'aria-describedby': 'code-error' } : {})}
        />
        {keep.map((code, index) => (
          // By place: an access code and a promo code may be spelt the same.
          <input key={index} type="hidden" name="code" value={code} />
        ))}
        <button type="submit" className="secondary">
          Apply code
        </button>
      </div>
      {problem ? (
        <p className="error" id="code-error" role="alert">
          {problem}
        </p>
      ) : null}
      {applied.length ? (
        <ul className="applied" role="status">
          {applied.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}

/** Before the on-sale: when it opens (event's zone, and the fan's by script) and a countdown. */
export function OnSale({ stored, now = new Date() }: { stored: StorefrontEvent; now?: Date }) {
  const opensAt = stored.salesOpensAt;
  if (!opensAt) return null;
  const zone = stored.row.timeZone;
  const seconds = Math.max(0, Math.ceil((opensAt.getTime() - now.getTime()) / 1000));
  return (
    <section className="onsale" aria-labelledby="onsale-title">
      <h2 id="onsale-title">Tickets go on sale soon</h2>
      <p>
        On sale{' '}
        <strong>
          <time dateTime={opensAt.toISOString()}>{formatSalesTime(opensAt, zone).replace(/^on /, '')}</time>
        </strong>{' '}
        {`(${zone.replace(/_/g, ' ')} time).`}
      </p>
      <p className="muted" data-onsale-local={opensAt.toISOString()} hidden />
      <p className="countdown" role="timer" aria-live="off" data-onsale-in={seconds}>
        {`Opens in ${Math.floor(seconds / 60)} min`}
      </p>
    </section>
  );
}
