// The sandbox provider's hosted pages as React components rendered on the server (decision 060): the frame that
// says plainly it is a sandbox, the message pages, the payouts dashboard and the card checkout. The onboarding
// form is in sandbox-onboarding-page.tsx. JSX escapes every text and attribute.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { formatMoney, toCurrencyCode, type CurrencyCode } from '@marquee/shared';
import {
  SANDBOX_FEE_TEXT,
  type SandboxAccountRecord,
  type SandboxCheckoutRecord,
} from '../../adapters/payments/sandbox.js';
import type { CheckoutLineItem } from '../../adapters/payments/payments.js';
import { Document, renderHtml } from '../../lib/document.js';
import { FieldErrorLine, invalidFieldProps } from '../../lib/field-error.js';
import type { CardErrors, CardForm } from './sandbox-forms.js';

export const SANDBOX_BANNER = 'SANDBOX — no real money moves';

const css = `body{background:#f6f7f9;color:#1a1a1a}main{max-width:640px}.sandbox{background:#fff4c2;color:#5c4400;border-bottom:2px solid #e0b400;text-align:center;font-weight:700;letter-spacing:.04em;padding:10px 16px;margin:0}h1{font-size:1.6rem;margin:0 0 4px}.lead{color:#555;margin:0 0 24px}fieldset{border:1px solid #d9dce1;border-radius:10px;background:#fff;padding:16px 20px 8px;margin:0 0 18px}legend{font-weight:700;padding:0 6px}label{display:block;font-weight:600;font-size:.92rem;margin:0 0 4px}.field{margin:0 0 14px}.hint{color:#666;font-size:.85rem;margin:2px 0 0}input,select{width:100%;font:inherit;padding:9px 10px;border:1px solid #b8bcc4;border-radius:6px;background:#fff;color:#1a1a1a}input[aria-invalid=true],select[aria-invalid=true]{border-color:#c0182b;outline:1px solid #c0182b}.error{color:#c0182b;font-size:.88rem;margin:4px 0 0}.summary{border:2px solid #c0182b;background:#fff;border-radius:10px;padding:12px 18px;margin:0 0 18px}.summary h2{font-size:1rem;margin:0 0 6px;color:#c0182b}.row{display:grid;grid-template-columns:1fr 1fr;gap:0 14px}button{font:inherit;font-weight:700;background:#1a1a1a;color:#fff;border:0;border-radius:8px;padding:12px 20px;cursor:pointer}a{color:#0b57d0}dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 18px;background:#fff;border:1px solid #d9dce1;border-radius:10px;padding:16px 20px}dt{font-weight:600;color:#555}dd{margin:0}.ok{color:#0a7a36;font-weight:700}.off{color:#c0182b;font-weight:700}@media(max-width:560px){.row{grid-template-columns:1fr}}`;

/** Every sandbox page: the banner on top, then the page. */
export function SandboxPage({ title, children }: { title: string; children: ReactNode }) {
  // The app's own icon: these pages live on the app host.
  return (
    <Document title={`${title} · ${SANDBOX_BANNER}`} css={css} icon="/favicon.svg">
      <header>
        <p className="sandbox" role="note">
          {SANDBOX_BANNER}
        </p>
      </header>
      <main>{children}</main>
    </Document>
  );
}

/** A page that only says something (a bad link, an expired checkout), with a way back when there is one. */
export function renderMessagePage(title: string, text: string, back?: { href: string; label: string }): string {
  return renderHtml(
    <SandboxPage title={title}>
      <h1>{title}</h1>
      <p className="lead">{text}</p>
      {back ? (
        <p>
          <a href={back.href}>{back.label}</a>
        </p>
      ) : null}
    </SandboxPage>,
  );
}

function Status({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <span className={on ? 'ok' : 'off'}>{on ? yes : no}</span>;
}

function payoutSchedule(account: SandboxAccountRecord): string {
  const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  if (account.payoutInterval === 'weekly' && account.payoutDay)
    return `Weekly, every ${capitalised(account.payoutDay)}`;
  if (account.payoutInterval === 'monthly' && account.payoutDay) return `Monthly, on day ${account.payoutDay}`;
  return capitalised(account.payoutInterval);
}

/** The "express dashboard" a login link opens. */
export function renderDashboardPage(options: {
  account: SandboxAccountRecord;
  currency: CurrencyCode;
  /** The account's balance in `currency` (available and settling), minor units. */
  balance: number;
  billingUrl: string;
}): string {
  const { account, balance } = options;
  const address = [account.addressLine1, account.addressCity, account.addressPostalCode, account.country]
    .filter(Boolean)
    .join(', ');
  return renderHtml(
    <SandboxPage title="Payouts dashboard">
      <h1>{account.businessName ?? 'Payouts dashboard'}</h1>
      <p className="lead">
        Sandbox payouts dashboard for account <code>{account.id}</code>.
      </p>
      <dl>
        <dt>Payments</dt>
        <dd>
          <Status on={account.chargesEnabled} yes="Enabled" no="Not enabled" />
        </dd>
        <dt>Payouts</dt>
        <dd>
          <Status on={account.payoutsEnabled} yes="Enabled" no="Not enabled" />
        </dd>
        <dt>Balance</dt>
        <dd>{formatMoney(balance, options.currency)}</dd>
        <dt>Processing fees</dt>
        <dd>{SANDBOX_FEE_TEXT}</dd>
        <dt>Payout schedule</dt>
        <dd>{payoutSchedule(account)}</dd>
        <dt>Bank account</dt>
        <dd>{account.bankLast4 ? `${account.bankName ?? 'Bank'} •••• ${account.bankLast4}` : 'Not configured'}</dd>
        <dt>Business</dt>
        <dd>{address || '—'}</dd>
      </dl>
      <p>
        <a href={options.billingUrl}>Back to Billing in Marquee</a>
      </p>
    </SandboxPage>,
  );
}

export interface CardInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'form'> {
  field: keyof CardForm;
  label: string;
  form: CardForm;
  errors: CardErrors;
}

/** One card field with its label and error (also on the PRO plan's subscription page). */
export function CardInput({ field, label, form, errors, ...attributes }: CardInputProps) {
  return (
    <div className="field">
      <label htmlFor={field}>{label}</label>
      <input
        id={field}
        name={field}
        // The security code is never sent back.
        defaultValue={field === 'card_cvc' ? '' : form[field]}
        {...attributes}
        {...invalidFieldProps(field, errors[field])}
      />
      <FieldErrorLine name={field} message={errors[field]} />
    </div>
  );
}

/** The hosted checkout: what is bought, the total, and the card form (which works without JavaScript). */
/** The hosted pages' card form (checkout and PRO subscription): the card's error first, then its four fields. */
export function SandboxCardForm({
  action,
  submit,
  form,
  errors,
}: {
  action: string;
  submit: string;
  form: CardForm;
  errors: CardErrors;
}) {
  const fields = { form, errors };
  return (
    <>
      {errors.card ? (
        <div className="summary" role="alert">
          <h2>{errors.card}</h2>
        </div>
      ) : null}
      <form method="post" action={action} noValidate>
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
        <button type="submit">{submit}</button>
      </form>
    </>
  );
}

export function renderCheckoutPage(session: SandboxCheckoutRecord, form: CardForm, errors: CardErrors): string {
  const currency = toCurrencyCode(session.currency);
  const total = formatMoney(session.amountTotal, currency);
  return renderHtml(
    <SandboxPage title="Checkout">
      <h1>{`Pay ${total}`}</h1>
      <p className="lead">
        Sandbox checkout: use the test card 4242 4242 4242 4242, any future expiry date and any CVC.
      </p>
      <dl>
        {(session.lineItems as CheckoutLineItem[]).map((item, index) => (
          // Two lines may carry the same name (e.g. one ticket type at two prices): the position is the key.
          <LineItem key={index} item={item} amount={formatMoney(item.unitAmount * item.quantity, currency)} />
        ))}
        <dt>Total</dt>
        <dd>
          <strong>{total}</strong>
        </dd>
      </dl>
      <SandboxCardForm action={`/sandbox/checkout/${session.id}`} submit={`Pay ${total}`} form={form} errors={errors} />
      <p>
        <a href={session.cancelUrl}>Cancel and go back</a>
      </p>
    </SandboxPage>,
  );
}

function LineItem({ item, amount }: { item: CheckoutLineItem; amount: string }) {
  return (
    <>
      <dt>{`${item.name} × ${item.quantity}`}</dt>
      <dd>{amount}</dd>
    </>
  );
}
