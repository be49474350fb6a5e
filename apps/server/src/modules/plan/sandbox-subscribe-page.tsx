// The sandbox's hosted subscription page for the PRO plan (decision 149), in the frame of the sandbox's other pages:
// what PRO costs a month, that it renews monthly until cancelled, and the card form (no JavaScript needed).
import { formatMoney, toCurrencyCode } from '@marquee/shared';
import type { SandboxSubscriptionRecord } from '../../adapters/payments/sandbox-subscriptions.js';
import { renderHtml } from '../../lib/document.js';
import { SandboxCardForm, SandboxPage } from '../payments/sandbox-pages.js';
import type { CardErrors, CardForm } from '../payments/sandbox-forms.js';

export function renderSubscribePage(row: SandboxSubscriptionRecord, form: CardForm, errors: CardErrors): string {
  const price = formatMoney(row.amount, toCurrencyCode(row.currency));
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
      <SandboxCardForm
        action={`/sandbox/subscribe/${row.id}`}
        submit={`Subscribe for ${price} a month`}
        form={form}
        errors={errors}
      />
      <p>
        <a href={row.cancelUrl}>Cancel and go back</a>
      </p>
    </SandboxPage>,
  );
}
