// The sandbox's hosted subscription page for the PRO plan (decision 149), in the frame of the sandbox's other pages:
// what PRO costs a month, that it renews monthly until cancelled, and the card form (no JavaScript needed).
import { formatMoney, toCurrencyCode } from '@marquee/shared';
import type { SandboxSubscriptionRecord } from '../../adapters/payments/sandbox-subscriptions.js';
import { renderHtml } from '../../lib/document.js';
import { CardInput, SandboxPage } from '../payments/sandbox-pages.js';
import type { CardErrors, CardForm } from '../payments/sandbox-forms.js';

export function renderSubscribePage(row: SandboxSubscriptionRecord, form: CardForm, errors: CardErrors): string {
  const price = formatMoney(row.amount, toCurrencyCode(row.currency));
  const fields = { form, errors };
  return renderHtml(
    <SandboxPage title="Subscribe to PRO">
      <h1>{`Subscribe to Marquee PRO: ${price} a month`}</h1>
      <p className="lead">
        Sandbox subscription: use the test card 4242 4242 4242 4242, any future expiry date and any CVC. It renews every
        month until you cancel it in Billing.
      </p>
      <dl>
        <dt>Marquee PRO × 1</dt>
        <dd>{`${price} / month`}</dd>
        <dt>Due today</dt>
        <dd>
          <strong>{price}</strong>
        </dd>
      </dl>
      {errors.card ? (
        <div className="summary" role="alert">
          <h2>{errors.card}</h2>
        </div>
      ) : null}
      <form method="post" action={`/sandbox/subscribe/${row.id}`} noValidate>
        <fieldset>
          <legend>Card details</legend>
          <CardInput
            field="card_number"
            label="Card number"
            {...fields}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            required
          />
          <div className="row">
            <CardInput
              field="card_expiry"
              label="Expiry (MM / YY)"
              {...fields}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              required
            />
            <CardInput
              field="card_cvc"
              label="CVC"
              {...fields}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              required
            />
          </div>
          <CardInput field="card_name" label="Name on card" {...fields} autoComplete="cc-name" />
        </fieldset>
        <button type="submit">{`Subscribe for ${price} a month`}</button>
      </form>
      <p>
        <a href={row.cancelUrl}>Cancel and go back</a>
      </p>
    </SandboxPage>,
  );
}
