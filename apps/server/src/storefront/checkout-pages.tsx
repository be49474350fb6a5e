// The pages after the event page: the order summary with its hold countdown, 'processing' while the payment
// is confirmed, and the 'find my order' form (the order page is order-view.tsx). Server-rendered with React
// (decision 060), branded; every form is a plain post, so it works without JavaScript.
import { Notice, type NoticeMessage } from './notice.js';
import {
  clockIn,
  dateTimeFormatIn,
  formatMoney,
  isFreeOrder,
  priceText,
  toCurrencyCode,
  type VatCategory,
} from '@marquee/shared';
import { orderVatRows } from '../modules/vat/order-vat.js';
import type { OrderRow } from '../modules/checkout/checkout.service.js';
import { BuyerFields } from './buyer-fields.js';
import { renderStorefrontPage, type StorefrontFrameOrganization } from './layout.js';
import type { OfferDetailsView } from './offer-details.js';
import { BillingForm, type BillingFormView } from './billing-form.js';
import { EMBED_BASE, renderEmbedPage } from './embed-layout.js';

export interface SummaryLine {
  name: string;
  quantity: number;
  unitPriceMinor: number;
  unitFeeMinor: number;
  /** The VAT the line was sold with: per unit, its rate and category (decisions 138, 139; null: none). */
  unitVatMinor: number;
  vatRateBp: number;
  vatCategory: VatCategory | null;
}

export function SummaryTable({ order: current, lines }: { order: OrderRow; lines: SummaryLine[] }) {
  const currency = toCurrencyCode(current.currency);
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <table className="summary">
      <caption className="sr">Order summary</caption>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index}>
            <td>{`${line.name} × ${line.quantity}`}</td>
            <td className="num">{priceText(line.unitPriceMinor * line.quantity, currency)}</td>
          </tr>
        ))}
        {/* Line prices are already after the promo code's discount; the row says what it saved. */}
        {current.promoCode && current.discountMinor > 0 ? (
          <tr>
            <td>{`Promo code ${current.promoCode}`}</td>
            <td className="num">{`You save ${money(current.discountMinor)}`}</td>
          </tr>
        ) : null}
        {/* A free order has no booking fee line (decision 124); nor has one whose organiser absorbs it (135). */}
        {isFreeOrder(current) || current.feeMinor === 0 ? null : (
          <tr>
            <td>Booking fee</td>
            <td className="num">{money(current.feeMinor)}</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr>
          <td>Total</td>
          <td className="num">{priceText(current.amountMinor + current.feeMinor, currency)}</td>
        </tr>
        {/* VAT is inside the prices (decisions 138, 139): the organiser's VAT per rate, then the platform's on the fee. */}
        {orderVatRows(lines, current).map((row) => (
          <tr className="vat" key={row.label}>
            <td>{row.label}</td>
            <td className="num">{money(row.vatMinor)}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

export interface SummaryPageInput {
  organization: StorefrontFrameOrganization;
  eventName: string;
  eventId: string;
  timeZone: string;
  order: OrderRow;
  lines: SummaryLine[];
  token: string;
  /** A message after a cancelled or declined payment, or a refusal. */
  message?: NoticeMessage;
  /** A waiting-list offer without its buyer's details yet: the Pay form asks for them first. */
  details?: OfferDetailsView | null;
  /** The buyer's business details for the receipt (decision 137); null for an order with no receipt. */
  billing?: BillingFormView | null;
  /** In the embed's frame (decision 153): compact, and the Pay form leaves the frame (card pages cannot be framed). */
  embed?: boolean;
}

function OfferDetails({ order: current, details }: { order: OrderRow; details: OfferDetailsView }) {
  const { rules } = details;
  return (
    <>
      <h2 id="details-title">Your details</h2>
      {details.errors.message ? (
        <div className="alert" role="alert">
          {details.errors.message}
        </div>
      ) : null}
      {rules.termsOfService.trim() ? (
        <details>
          <summary>Terms of service</summary>
          <p className="terms">{rules.termsOfService}</p>
        </details>
      ) : null}
      <BuyerFields
        row={rules}
        form={details.form}
        errors={details.errors}
        fixedEmail={current.customerEmail}
        termsLabel="I accept the organiser's terms"
      />
    </>
  );
}

function SummaryBody({ input }: { input: SummaryPageInput }) {
  const { order: current, details } = input;
  const expires = current.holdExpiresAt!;
  // A waiting-list offer is held for hours, maybe into tomorrow: its end names the day; a checkout's, the time.
  const until =
    expires.getTime() - Date.now() > 3_600_000
      ? dateTimeFormatIn(input.timeZone).format(expires)
      : clockIn(expires, input.timeZone);
  const total = formatMoney(current.amountMinor + current.feeMinor, toCurrencyCode(current.currency));
  const offer = details ? { noValidate: true, 'aria-labelledby': 'details-title', className: 'offer' } : {};
  return (
    <>
      <h1>Your order</h1>
      <p className="when">{input.eventName}</p>
      <Notice message={input.message} />
      <p className="note">
        Your tickets are held until <strong>{until}</strong> ({input.timeZone.replace(/_/g, ' ')} time).{' '}
        <span data-countdown={expires.toISOString()} aria-live="polite"></span>
      </p>
      <SummaryTable order={current} lines={input.lines} />
      {details ? null : (
        <p className="muted">{`For ${current.firstName} ${current.lastName} · ${current.customerEmail}`}</p>
      )}
      <div className="actions">
        <form
          method="post"
          action={`/checkout/${input.token}/pay`}
          {...offer}
          {...(input.embed ? { target: '_top' } : {})}
        >
          {details ? <OfferDetails order={current} details={details} /> : null}
          <button type="submit">{isFreeOrder(current) ? 'Get tickets' : `Pay ${total}`}</button>
        </form>
        <form method="post" action={`${input.embed ? EMBED_BASE : ''}/checkout/${input.token}/cancel`}>
          <button type="submit" className="secondary">
            Cancel and release the tickets
          </button>
        </form>
      </div>
      {input.embed ? (
        <p className="muted">Paying opens the secure payment page in this window; your tickets follow.</p>
      ) : null}
      {input.billing ? <BillingForm view={input.billing} /> : null}
    </>
  );
}

export function renderSummaryPage(input: SummaryPageInput): string {
  return (input.embed ? renderEmbedPage : renderStorefrontPage)(input.organization, {
    title: `Your order · ${input.eventName}`,
    body: <SummaryBody input={input} />,
    script: true,
  });
}

export function renderMessagePage(
  organization: StorefrontFrameOrganization,
  page: { title: string; text: string; link?: { href: string; label: string }; refreshSeconds?: number },
): string {
  const body = (
    <>
      <h1>{page.title}</h1>
      <p role="status">{page.text}</p>
      {page.link ? (
        <p>
          <a className="button" href={page.link.href}>
            {page.link.label}
          </a>
        </p>
      ) : null}
      {page.refreshSeconds ? <meta httpEquiv="refresh" content={String(page.refreshSeconds)} /> : null}
    </>
  );
  return renderStorefrontPage(organization, { title: page.title, body });
}

function LookupBody({ state }: { state: { sent?: boolean; error?: string; email?: string } }) {
  return (
    <>
      <h1>Find your tickets</h1>
      <p>Enter the e-mail address you bought with. If it has orders here, we&apos;ll e-mail you their links.</p>
      {state.sent ? (
        <p className="note" role="status">
          If that address has orders with us, their links are on their way. Check your inbox (and spam folder).
        </p>
      ) : null}
      {state.error ? (
        <div className="alert" role="alert">
          {state.error}
        </div>
      ) : null}
      <form method="post" action="/orders/lookup" noValidate>
        <div className="field">
          <label htmlFor="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            required
            defaultValue={state.email ?? ''}
            aria-invalid={state.error ? true : undefined}
          />
        </div>
        <button type="submit">Send my order links</button>
      </form>
    </>
  );
}

export function renderLookupPage(
  organization: StorefrontFrameOrganization,
  state: { sent?: boolean; error?: string; email?: string },
): string {
  return renderStorefrontPage(organization, { title: 'Find your tickets', body: <LookupBody state={state} /> });
}
