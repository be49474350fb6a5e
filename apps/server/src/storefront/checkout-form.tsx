// The event page's checkout form: each ticket type with its price, booking fee and availability ('Sold out',
// 'Only N left'), a quantity per type, then the buyer's details and the ticks the event needs. A plain form
// that works without JavaScript; the checkout script only adds steppers.
import {
  amountText,
  TRACKING_LINK_PARAM,
  FEW_LEFT_THRESHOLD,
  FREE_LABEL,
  isFreePrice,
  pwywLabel,
  SALES_MESSAGES,
} from '@marquee/shared';
import { typeSalesProblem } from '../modules/checkout/drop-rules.js';
import { CodeEntry, CodeHiddenFields, NO_CODE_VIEW, OnSale, type CodeView } from './code-entry.js';
import type { SellableTicketType, StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { BuyerFields, describedBy, FieldError } from './buyer-fields.js';
import type { CheckoutFormErrors, CheckoutFormState } from './checkout-form-state.js';
import { bindingOrderLimit } from './order-limit.js';
import { AttendeeFields } from './attendee-fields.js';
import { AddOnFields } from './add-on-fields.js';
import { AllInPrice, OrderTotal } from './all-in-price.js';
import type { OrderQuote } from '../modules/checkout/order-quote.js';

export {
  emptyCheckoutForm,
  readCheckoutForm,
  type CheckoutFormErrors,
  type CheckoutFormState,
} from './checkout-form-state.js';

function Availability({ type, timeZone }: { type: SellableTicketType; timeZone: string }) {
  const window = typeSalesProblem(type, timeZone);
  const presale = type.unlocked ? (
    <>
      <span className="badge">Presale</span>{' '}
    </>
  ) : null;
  if (window)
    return (
      <>
        {presale}
        <span className="badge out">{window}</span>
      </>
    );
  if (type.remaining === 0) return <span className="badge out">Sold out</span>;
  if (type.remaining !== null && type.remaining <= FEW_LEFT_THRESHOLD)
    return (
      <>
        {presale}
        <span className="badge">{`Only ${type.remaining} left`}</span>
      </>
    );
  return presale;
}

/** Pay what you want (decision 133): the fan's amount, prefilled with the suggested price; a plain text field. */
function AmountField({
  type,
  form,
  errors,
}: {
  type: SellableTicketType;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
}) {
  const name = `amount:${type.id}`;
  return (
    <div className="field amount">
      <label htmlFor={`amount-${type.id}`}>{pwywLabel(type.minimumMinor ?? 0, type.currency)}</label>
      <input
        id={`amount-${type.id}`}
        name={`amount_${type.id}`}
        type="text"
        inputMode={type.currency === 'JPY' ? 'numeric' : 'decimal'}
        autoComplete="off"
        size={10}
        defaultValue={form.amounts?.[type.id] ?? amountText(type.priceMinor, type.currency)}
        {...describedBy(errors, name)}
      />
      <FieldError errors={errors} name={name} />
    </div>
  );
}

function TypeRow({
  type,
  form,
  errors,
  timeZone,
  eventLimit,
}: {
  type: SellableTicketType;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
  timeZone: string;
  eventLimit: number;
}) {
  const key = `qty:${type.id}`;
  // The stepper stops at what one order can take of this type: its own limit, the event's, what is left.
  const max = Math.min(type.maxPerOrder, eventLimit, type.remaining ?? Number.MAX_SAFE_INTEGER);
  const soldOut = type.remaining === 0 || type.sale !== 'open';
  return (
    <li className="type">
      <div>
        <h3 id={`type-${type.id}`}>{type.name}</h3>
        {type.description ? <p className="muted">{type.description}</p> : null}
        {/* A free ticket shows 'Free' and no booking fee: it has none (decision 124). Any other price is all-in
            (decision 135): what the fan pays for one, the breakdown one tap away. */}
        {isFreePrice(type.priceMinor) && type.minimumMinor === null ? (
          <p>
            <span className="price">{FREE_LABEL}</span>
          </p>
        ) : (
          <AllInPrice
            faceMinor={type.priceMinor}
            currency={type.currency}
            feeMode={type.feeMode}
            vat={type.vat}
            {...(type.minimumMinor !== null ? { prefix: 'Suggested ', what: 'you choose' } : {})}
          />
        )}
        <Availability type={type} timeZone={timeZone} />
        <FieldError errors={errors} name={key} />
        {type.minimumMinor !== null && !soldOut ? <AmountField type={type} form={form} errors={errors} /> : null}
      </div>
      {soldOut ? null : (
        <div className="qty">
          <label className="sr" htmlFor={`qty-${type.id}`}>{`Quantity of ${type.name}`}</label>
          <input
            id={`qty-${type.id}`}
            name={`qty_${type.id}`}
            type="number"
            inputMode="numeric"
            min="0"
            max={max}
            step="1"
            defaultValue={form.quantities[type.id] ?? '0'}
            data-stepper=""
            {...describedBy(errors, key)}
          />
        </div>
      )}
    </li>
  );
}

/** What ends the form: the buyer's details and the pay button, or why there is nothing to buy. */
function FormEnd({
  stored,
  form,
  errors,
}: {
  stored: StorefrontEvent;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
}) {
  const types = stored.types;
  const allSoldOut = types.every((type) => type.remaining === 0 || type.sale !== 'open');
  if (allSoldOut) {
    if (types.every((type) => type.sale === 'after')) return <p className="note">{SALES_MESSAGES.closed}</p>;
    return stored.salesState === 'before' ? null : <p className="note">This event is sold out.</p>;
  }
  // Only free tickets on offer: no payment step, the tickets are issued on submitting (decision 124).
  const allFree = types.every((type) => isFreePrice(type.priceMinor));
  return (
    <>
      <h2>Your details</h2>
      <BuyerFields row={stored.row} form={form} errors={errors} />
      <AttendeeFields
        asked={stored.asked}
        types={types}
        quantities={form.quantities}
        values={form.attendee ?? {}}
        errors={errors.fields}
      />
      {allFree ? (
        <>
          <p className="muted">These tickets are free: there is nothing to pay, and your tickets are issued at once.</p>
          <button type="submit">Get tickets</button>
        </>
      ) : (
        <>
          <p className="muted">
            The prices shown are what you pay, booking fee included. Your tickets are held for 15 minutes while you pay.
            Free tickets on their own need no payment.
          </p>
          <button type="submit">Continue to payment</button>
        </>
      )}
    </>
  );
}

export function CheckoutForm({
  stored,
  form,
  errors,
  codes = NO_CODE_VIEW,
  quote,
  base = '',
}: {
  stored: StorefrontEvent;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
  codes?: CodeView | undefined;
  /** The order total of the form as it stands (quoteOrder). */
  quote: OrderQuote;
  /** Before the form's addresses: '/embed' in the embeddable checkout's frame (decision 153), else none. */
  base?: string;
}) {
  const types = stored.types;
  const row = stored.row;
  const entry = <CodeEntry eventId={row.id} view={codes} fieldProblem={errors.fields?.code} base={base} />;
  if (types.length === 0)
    return (
      <>
        {entry}
        <p className="note">Tickets are not on sale yet.</p>
      </>
    );
  const allSoldOut = types.every((type) => type.remaining === 0 || type.sale !== 'open');
  const limit = allSoldOut ? null : bindingOrderLimit(stored);
  return (
    <>
      <OnSale stored={stored} />
      {entry}
      <form method="post" action={`${base}/events/${row.slug}/checkout`} noValidate aria-labelledby="tickets-title">
        <h2 id="tickets-title">Tickets</h2>
        {errors.message ? (
          <div className="alert" role="alert">
            {errors.message}
          </div>
        ) : null}
        {limit === null ? null : <p className="muted">{`At most ${limit} tickets in one order.`}</p>}
        <ul className="types">
          {types.map((type) => (
            <TypeRow
              key={type.id}
              type={type}
              form={form}
              errors={errors}
              timeZone={row.timeZone}
              eventLimit={row.maxTicketsPerOrder}
            />
          ))}
        </ul>
        {allSoldOut ? null : <AddOnFields stored={stored} form={form} errors={errors} />}
        {allSoldOut ? null : <OrderTotal quote={quote} totalAction={`${base}/events/${row.slug}/total`} />}
        <CodeHiddenFields view={codes} />
        {form.trackingCode ? <input type="hidden" name={TRACKING_LINK_PARAM} value={form.trackingCode} /> : null}
        <FormEnd stored={stored} form={form} errors={errors} />
      </form>
    </>
  );
}
