// The pieces the event view's form dialogs share (new code, add or edit a ticket type): the form's error
// banner and the Cancel + submit footer.
import { Button } from '../../../components/ui/button';

/** A refusal of the whole form (not of one field), announced as it appears. */
export function FormErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}

/** Cancel (closes the dialog) and the submit button, which reads `busyLabel` and is disabled while saving. */
export function DialogFormFooter({
  onCancel,
  busy,
  label,
  busyLabel,
}: {
  onCancel(): void;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button size="small" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button size="small" type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
