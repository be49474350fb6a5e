// The Profile page's 'Notifications' card: whether the organiser is e-mailed about each sale. The value is
// part of the profile form and saved with 'Save Changes'.
import { useId } from 'react';

export function NotificationSettings({
  notifyOnSale,
  onChange,
}: {
  notifyOnSale: boolean;
  onChange(on: boolean): void;
}) {
  const id = useId();
  return (
    <section
      className="border-border bg-card flex flex-col gap-5 rounded-2xl border p-5"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Notifications
      </h2>
      <div className="border-border flex items-center justify-between gap-4 rounded-lg border px-4 py-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span id={`${id}-label`} className="text-foreground text-sm font-medium">
            E-mail me about each sale
          </span>
          <span id={`${id}-hint`} className="text-muted-foreground text-xs">
            Sent to the organisation&apos;s owner when an order is paid.
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={notifyOnSale}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onClick={() => onChange(!notifyOnSale)}
          className={`focus-visible:outline-primary relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${
            notifyOnSale ? 'bg-primary border-primary' : 'bg-muted border-border'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${notifyOnSale ? 'translate-x-5' : 'translate-x-0.5'}`}
          />
        </button>
      </div>
    </section>
  );
}
