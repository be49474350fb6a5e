// Selling at the door, for events with 'Sold On Entry': ticket type, quantity, cash or card (the organiser's
// own terminal; recorded, nothing is charged here) and an optional e-mail for the tickets. Needs a connection:
// capacity is shared with online sales and only the server can take it.
import { useState, type FormEvent } from 'react';
import { formatMoney, type CheckinEvent, type DoorSaleAnswer } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { TextField, inputClasses } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { postDoorSale } from '../api/checkin';

export function DoorSalePanel({
  event,
  online,
  deviceId,
  onSold,
}: {
  event: CheckinEvent;
  online: boolean;
  deviceId: string;
  onSold: (sale: DoorSaleAnswer) => void;
}) {
  const [typeId, setTypeId] = useState(event.ticket_types[0]?.id ?? '');
  const [quantity, setQuantity] = useState(1);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sale, setSale] = useState<DoorSaleAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  // One id per sale: sending the same sale again after a lost answer or a double tap makes one order.
  // A changed form is another sale.
  const [saleId, setSaleId] = useState(() => crypto.randomUUID());
  const edited = () => setSaleId(crypto.randomUUID());
  const type = event.ticket_types.find((candidate) => candidate.id === typeId);

  if (event.ticket_types.length === 0) return <p className="text-muted-foreground text-sm">No ticket types on sale.</p>;

  const submit = async (form: FormEvent) => {
    form.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const sold = await postDoorSale(event.id, {
        device_id: deviceId,
        sale_id: saleId,
        lines: [{ ticket_type_id: typeId, quantity }],
        payment_method: method,
        ...(email.trim() ? { email: email.trim() } : {}),
      });
      setSale(sold);
      setSaleId(crypto.randomUUID());
      setEmail('');
      setQuantity(1);
      onSold(sold);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'No connection: door sales need the network');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(form) => void submit(form)} className="flex flex-col gap-3" aria-label="Door sale">
      <div className="flex flex-col gap-1.5">
        <label
          htmlFor="door-type"
          className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
        >
          Ticket type
        </label>
        <select
          id="door-type"
          value={typeId}
          onChange={(change) => {
            setTypeId(change.target.value);
            edited();
          }}
          className={inputClasses}
        >
          {event.ticket_types.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} · {formatMoney(option.price_minor, event.currency)}
              {option.remaining !== null ? ` · ${option.remaining} left` : ''}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={type?.max_per_order ?? 10}
        value={quantity}
        onChange={(change) => {
          setQuantity(Math.max(1, Math.floor(Number(change.target.value) || 1)));
          edited();
        }}
      />
      <fieldset className="flex gap-2">
        <legend className="text-muted-foreground mb-1.5 font-mono text-[11px] font-semibold tracking-wider uppercase">
          Paid by
        </legend>
        {(['cash', 'card'] as const).map((option) => (
          <label
            key={option}
            className={`flex h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
              method === option ? 'border-primary bg-primary/15' : 'border-border'
            }`}
          >
            <input
              type="radio"
              name="door-method"
              value={option}
              checked={method === option}
              onChange={() => {
                setMethod(option);
                edited();
              }}
              className="sr-only"
            />
            {option === 'cash' ? 'Cash' : 'Card (own terminal)'}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Buyer e-mail for the tickets (optional)"
        type="email"
        value={email}
        maxLength={254}
        onChange={(change) => {
          setEmail(change.target.value);
          edited();
        }}
        autoComplete="off"
      />
      {error && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy || !online || !type}>
        {`Sell ${quantity} · ${formatMoney((type?.price_minor ?? 0) * quantity, event.currency)}`}
      </Button>
      {!online && <p className="text-muted-foreground text-xs">Door sales need a connection.</p>}
      {sale && (
        <p role="status" className="rounded-md bg-green-700 p-3 text-sm font-semibold text-white">
          Sold {sale.tickets.length} ({sale.payment_method}) · order {sale.order_code} · checked in
          {sale.emailed ? ' · tickets e-mailed' : ''}
        </p>
      )}
    </form>
  );
}
