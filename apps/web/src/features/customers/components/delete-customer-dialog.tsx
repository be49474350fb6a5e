// The delete confirmation: the organiser types DELETE (exactly, in capitals) to enable the button; Cancel
// closes and clears what was typed. Confirming erases the customer's personal data on the server.
import { useId, useState } from 'react';
import { CUSTOMER_DELETE_WORD, type Customer } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/input';
import { useDeleteCustomer } from '../api/customers';

const dangerClasses =
  'inline-flex h-9 items-center justify-center rounded-md bg-red-700 px-4 font-mono text-xs font-semibold tracking-wide text-white uppercase hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:cursor-not-allowed disabled:opacity-50';

export function DeleteCustomerDialog({
  customer,
  onClose,
  onDeleted,
}: {
  customer: Customer | null;
  onClose(): void;
  onDeleted(): void;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const remove = useDeleteCustomer();
  const close = () => {
    setTyped('');
    remove.reset();
    onClose();
  };
  if (!customer) return null;
  return (
    <Dialog open onClose={close} label="Delete customer">
      <form
        className="flex flex-col gap-4 p-6"
        onSubmit={(submitted) => {
          submitted.preventDefault();
          if (typed !== CUSTOMER_DELETE_WORD || remove.isPending) return;
          remove.mutate(customer.id, {
            onSuccess: () => {
              setTyped('');
              onDeleted();
            },
          });
        }}
      >
        <h2 className="text-foreground text-xl font-semibold">Delete customer</h2>
        <p className="text-muted-foreground text-sm">
          This erases the personal data of{' '}
          <strong className="text-foreground">{customer.name || customer.email}</strong> from their orders and tickets.
          Order amounts stay, so your revenue figures do not change. This cannot be undone.
        </p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-foreground text-sm">
            Type <strong>{CUSTOMER_DELETE_WORD}</strong> to confirm
          </label>
          <input
            id={inputId}
            className={inputClasses}
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
            onChange={(changed) => setTyped(changed.target.value)}
          />
        </div>
        {remove.isError ? (
          <p role="alert" className="text-sm text-danger">
            {remove.error.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" size="small" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <button type="submit" className={dangerClasses} disabled={typed !== CUSTOMER_DELETE_WORD || remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
