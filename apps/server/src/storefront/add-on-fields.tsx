// The event page's add-ons (decision 134): each with its price, booking fee and what is left, and a quantity chosen
// with the tickets. Part of the same plain form; the checkout script only adds steppers.
import { FEW_LEFT_THRESHOLD, FREE_LABEL, isFreePrice } from '@marquee/shared';
import type { SellableAddOn, StorefrontEvent } from '../modules/checkout/storefront-event.js';
import { describedBy, FieldError } from './buyer-fields.js';
import { AllInPrice } from './all-in-price.js';
import type { CheckoutFormErrors, CheckoutFormState } from './checkout-form-state.js';

function AddOnRow({
  addOn,
  form,
  errors,
}: {
  addOn: SellableAddOn;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
}) {
  const key = `addon:${addOn.id}`;
  const max = Math.min(addOn.maxPerOrder, addOn.remaining ?? Number.MAX_SAFE_INTEGER);
  return (
    <li className="type">
      <div>
        <h3 id={`add-on-${addOn.id}`}>{addOn.name}</h3>
        {addOn.description ? <p className="muted">{addOn.description}</p> : null}
        {isFreePrice(addOn.priceMinor) ? (
          <p>
            <span className="price">{FREE_LABEL}</span>
          </p>
        ) : (
          <AllInPrice
            faceMinor={addOn.priceMinor}
            currency={addOn.currency}
            feeMode={addOn.feeMode}
            vat={addOn.vat}
            what="add-on"
          />
        )}
        {addOn.remaining === 0 ? (
          <span className="badge out">Sold out</span>
        ) : addOn.remaining !== null && addOn.remaining <= FEW_LEFT_THRESHOLD ? (
          <span className="badge">{`Only ${addOn.remaining} left`}</span>
        ) : null}
        <FieldError errors={errors} name={key} />
      </div>
      {addOn.remaining === 0 ? null : (
        <div className="qty">
          <label className="sr" htmlFor={`addon-${addOn.id}`}>{`Quantity of ${addOn.name}`}</label>
          <input
            id={`addon-${addOn.id}`}
            name={`addon_${addOn.id}`}
            type="number"
            inputMode="numeric"
            min="0"
            max={max}
            step="1"
            defaultValue={form.addOns?.[addOn.id] ?? '0'}
            data-stepper=""
            {...describedBy(errors, key)}
          />
        </div>
      )}
    </li>
  );
}

export function AddOnFields({
  stored,
  form,
  errors,
}: {
  stored: StorefrontEvent;
  form: CheckoutFormState;
  errors: CheckoutFormErrors;
}) {
  if (stored.addOns.length === 0) return null;
  return (
    <>
      <h2 id="add-ons-title">Add-ons</h2>
      <p className="muted">Extras bought with your tickets and handed over at the door.</p>
      <ul className="types" aria-labelledby="add-ons-title">
        {stored.addOns.map((addOn) => (
          <AddOnRow key={addOn.id} addOn={addOn} form={form} errors={errors} />
        ))}
      </ul>
    </>
  );
}
