// The order page's per-ticket after-sale forms (decision 032, 035): send a ticket to someone else (two steps,
// the second a confirmation), list it for resale at face value, withdraw a listing. Plain posts, so they work
// without JavaScript.
import { formatMoney, toCurrencyCode } from '@marquee/shared';
import type { AfterSaleView, FanTicket } from './after-sale-view.js';

function TransferFields({
  code,
  name,
  email,
  confirm,
}: {
  code: string;
  name: string;
  email: string;
  confirm: string;
}) {
  return (
    <>
      <input type="hidden" name="ticket" value={code} />
      <input type="hidden" name="name" value={name} />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="confirm" value={confirm} />
    </>
  );
}

export function TransferForm({ ticket, view, index }: { ticket: FanTicket; view: AfterSaleView; index: number }) {
  const action = `/orders/${view.token}/transfer`;
  const confirming = view.transferConfirm?.code === ticket.code ? view.transferConfirm : undefined;
  if (confirming) {
    // The second step: the fan says yes to what sending means (a form, so it works without JavaScript).
    return (
      <div className="note" role="status" id="transfer-confirm">
        <p>
          <strong>{`Send ticket ${ticket.code} to ${confirming.name} (${confirming.email})?`}</strong>
        </p>
        <p>
          Your QR code for this ticket stops working at once, and this cannot be undone. They get their own ticket by
          e-mail.
        </p>
        <form method="post" action={action}>
          <TransferFields code={ticket.code} name={confirming.name} email={confirming.email} confirm="yes" />
          <button type="submit">{`Yes, send ticket ${ticket.code}`}</button>
        </form>
        <form method="post" action={action}>
          <TransferFields code={ticket.code} name={confirming.name} email={confirming.email} confirm="edit" />
          <button type="submit" className="secondary">
            Change the name or e-mail
          </button>
        </form>
      </div>
    );
  }
  const mine = view.transfer?.code === ticket.code ? view.transfer : undefined;
  return (
    <details open={mine !== undefined}>
      <summary>Send to someone else</summary>
      <form method="post" action={action} noValidate>
        <input type="hidden" name="ticket" value={ticket.code} />
        <div className="field">
          <label htmlFor={`holder-name-${index}`}>Their name</label>
          <input
            id={`holder-name-${index}`}
            name="name"
            autoComplete="off"
            maxLength={100}
            required
            defaultValue={mine?.name ?? ''}
          />
        </div>
        <div className="field">
          <label htmlFor={`holder-email-${index}`}>Their email</label>
          <input
            id={`holder-email-${index}`}
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            required
            defaultValue={mine?.email ?? ''}
          />
        </div>
        <p className="muted">
          Your QR code for this ticket stops working at once; they get their own ticket by e-mail. You confirm on the
          next step.
        </p>
        <button type="submit">{`Send ticket ${ticket.code}`}</button>
      </form>
    </details>
  );
}

export function ResaleForm({ ticket, view }: { ticket: FanTicket; view: AfterSaleView }) {
  return (
    <details>
      <summary>Sell at face value</summary>
      <form method="post" action={`/orders/${view.token}/resale`} noValidate>
        <input type="hidden" name="ticket" value={ticket.code} />
        <p className="muted">
          Your ticket is offered to other fans for the price you paid, once the event is sold out. It stays valid until
          it sells; then it stops working and we refund you its price (the booking fee is not refunded). You can
          withdraw it until then.
        </p>
        <button type="submit" className="secondary">{`List ticket ${ticket.code} for resale`}</button>
      </form>
    </details>
  );
}

export function WithdrawForm({ ticket, view }: { ticket: FanTicket; view: AfterSaleView }) {
  const price = ticket.listing ? formatMoney(ticket.listing.priceMinor, toCurrencyCode(ticket.listing.currency)) : '';
  return (
    <>
      <p className="note">{`Listed for resale at ${price}. Still valid until it sells.`}</p>
      <form method="post" action={`/orders/${view.token}/resale/withdraw`}>
        <input type="hidden" name="ticket" value={ticket.code} />
        <button type="submit" className="secondary">{`Withdraw listing of ${ticket.code}`}</button>
      </form>
    </>
  );
}
