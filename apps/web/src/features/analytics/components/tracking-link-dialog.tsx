// The New tracking link dialog (decision 156): name, kind, the event it opens (or the storefront's home page), an
// optional code and the UTM fields. The server's field errors are shown on their fields; nothing typed is lost.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRACKING_LINK_KINDS,
  TRACKING_LINK_KIND_LABELS,
  UTM_FIELDS,
  type TrackingLink,
  type TrackingLinkKind,
  type UtmField,
} from '@marquee/shared';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { TextField, inputClasses } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { filterEventsQuery } from '../api/analytics';
import { createTrackingLink } from '../api/tracking-links';

const UTM_LABELS: Record<UtmField, string> = {
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_content: 'UTM content',
  utm_term: 'UTM term',
};

interface FormState {
  name: string;
  kind: TrackingLinkKind;
  event_id: string;
  code: string;
  utm: Record<UtmField, string>;
}

const emptyForm = (): FormState => ({
  name: '',
  kind: 'promoter',
  event_id: '',
  code: '',
  utm: { utm_source: '', utm_medium: '', utm_campaign: '', utm_content: '', utm_term: '' },
});

export function TrackingLinkDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(link: TrackingLink): void;
}) {
  const id = useId();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const events = useQuery({ ...filterEventsQuery, enabled: open });
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () =>
      createTrackingLink({
        name: form.name,
        kind: form.kind,
        event_id: form.event_id || null,
        code: form.code,
        ...form.utm,
      }),
    onSuccess: (link) => {
      void queryClient.invalidateQueries({ queryKey: ['analytics', 'tracking-links'] });
      setForm(emptyForm());
      setErrors({});
      setMessage(null);
      onCreated(link);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const fields = error.fields ?? [];
        setErrors(Object.fromEntries(fields.map((field) => [field.path, field.message])));
        // Said once: on its field when the server named one, else above the form.
        setMessage(fields.length > 0 ? null : error.message);
      } else setMessage('The link could not be created. Please try again.');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setErrors({ name: 'Enter a name' });
      return;
    }
    create.mutate();
  };

  return (
    <Dialog open={open} onClose={onClose} label="New tracking link" className="max-w-lg">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-6">
        <h2 className="text-lg font-semibold">New tracking link</h2>
        {message ? (
          <p role="alert" className="text-danger text-sm">
            {message}
          </p>
        ) : null}
        <TextField
          label="Name"
          value={form.name}
          maxLength={100}
          placeholder="Promoter Sam"
          onChange={(event) => setForm({ ...form, name: event.target.value })}
          error={errors.name}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label
              htmlFor={`${id}-kind`}
              className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
            >
              Kind
            </label>
            <select
              id={`${id}-kind`}
              value={form.kind}
              onChange={(event) => setForm({ ...form, kind: event.target.value as TrackingLinkKind })}
              className={`${inputClasses} pr-8`}
            >
              {TRACKING_LINK_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {TRACKING_LINK_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label
              htmlFor={`${id}-event`}
              className="text-muted-foreground font-mono text-[11px] font-semibold tracking-wider uppercase"
            >
              Opens
            </label>
            <select
              id={`${id}-event`}
              value={form.event_id}
              onChange={(event) => setForm({ ...form, event_id: event.target.value })}
              aria-invalid={errors.event_id ? true : undefined}
              className={`${inputClasses} pr-8`}
            >
              <option value="">Storefront home page</option>
              {[...(events.data?.upcoming ?? []), ...(events.data?.previous ?? [])].map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TextField
          label="Code (optional)"
          value={form.code}
          maxLength={32}
          autoComplete="off"
          placeholder="Made for you if empty"
          onChange={(event) => setForm({ ...form, code: event.target.value })}
          error={errors.code}
          hint={<p className="text-muted-foreground text-xs">Letters, digits, - or _. It goes in the link as ?tl=</p>}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">UTM fields (optional)</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {UTM_FIELDS.map((field) => (
              <TextField
                key={field}
                label={UTM_LABELS[field]}
                value={form.utm[field]}
                maxLength={100}
                autoComplete="off"
                onChange={(event) => setForm({ ...form, utm: { ...form.utm, [field]: event.target.value } })}
                error={errors[field]}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" size="small" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="small" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
