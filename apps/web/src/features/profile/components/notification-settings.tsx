// The Profile page's 'Notifications' card: whether the organiser is e-mailed about each sale. The value is
// part of the profile form and saved with 'Save Changes'.
import { useId } from 'react';
import { Switch } from '../../../components/ui/switch';

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
      <Switch
        id={`${id}-switch`}
        label="E-mail me about each sale"
        hint="Sent to the organisation's owner when an order is paid."
        checked={notifyOnSale}
        onChange={onChange}
      />
    </section>
  );
}
