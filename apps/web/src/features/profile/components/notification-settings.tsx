// The Profile page's 'Notifications' card: how the organiser is e-mailed about sales (decision 147), one radio
// group (Tab reaches it, the arrow keys choose), part of the profile form and saved with 'Save Changes'.
import { useId } from 'react';
import { SALE_DIGEST_MINUTES, SALE_EMAIL_CHOICES, type SaleEmails } from '@marquee/shared';
import { FieldError } from '../../../components/ui/input';

/** Each choice's label and what it means, said plainly (the digest's interval is the server's constant). */
export const SALE_EMAIL_OPTIONS: Record<SaleEmails, { label: string; description: string }> = {
  each: {
    label: 'Every sale',
    description: 'One e-mail for each order, as soon as it is paid.',
  },
  digest: {
    label: 'A summary when sales are frequent',
    description: `The first sale after ${SALE_DIGEST_MINUTES} minutes without one is e-mailed at once. The sales after it are gathered into one e-mail every ${SALE_DIGEST_MINUTES} minutes while they keep coming.`,
  },
  off: {
    label: 'No sale e-mails',
    description: 'You follow your sales in the dashboard.',
  },
};

export function NotificationSettings({
  value,
  onChange,
  error,
}: {
  value: SaleEmails;
  onChange(value: SaleEmails): void;
  /** The server's message when a save refused the choice. */
  error?: string | undefined;
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
      <fieldset data-field className="flex flex-col gap-3" aria-describedby={`${id}-hint`}>
        <legend className="text-foreground mb-1 text-sm font-medium">Sale e-mails</legend>
        <p id={`${id}-hint`} className="text-muted-foreground -mt-2 text-xs">
          Sent to your organisation&apos;s owners and admins.
        </p>
        {SALE_EMAIL_CHOICES.map((choice) => {
          const option = SALE_EMAIL_OPTIONS[choice];
          const checked = value === choice;
          return (
            <label
              key={choice}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
                checked ? 'border-primary bg-primary/10' : 'border-border hover:bg-muted'
              }`}
            >
              <input
                type="radio"
                name={`${id}-sale-emails`}
                value={choice}
                checked={checked}
                onChange={() => onChange(choice)}
                aria-labelledby={`${id}-${choice}-label`}
                aria-describedby={`${id}-${choice}-description`}
                aria-invalid={error ? true : undefined}
                className="accent-primary mt-0.5 h-4 w-4 shrink-0"
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span id={`${id}-${choice}-label`} className="text-foreground text-sm font-medium">
                  {option.label}
                </span>
                <span id={`${id}-${choice}-description`} className="text-muted-foreground text-xs">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
        {error ? <FieldError message={error} /> : null}
      </fieldset>
    </section>
  );
}
