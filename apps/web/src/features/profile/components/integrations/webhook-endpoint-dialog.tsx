// Add or change a webhook endpoint: its https address, a description, the event types it receives (checkboxes)
// and whether it is on. The server checks the address (public, https in production) and answers field errors.
import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@marquee/shared';
import { Dialog } from '../../../../components/ui/dialog';
import { Button } from '../../../../components/ui/button';
import { FieldError, inputClasses } from '../../../../components/ui/input';
import { controlProps, Field } from '../../../../components/ui/field';
import { Switch } from '../../../../components/ui/switch';
import { ApiError } from '../../../../lib/api-client';
import { useWebhookMutations, type WebhookEndpoint } from './webhooks-api';

type Errors = Partial<Record<'url' | 'description' | 'event_types', string>>;

export function WebhookEndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose(): void;
  /** A new endpoint's signing secret, shown once it is saved. */
  onCreated(secret: string): void;
}) {
  const id = useId();
  const { save } = useWebhookMutations();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<WebhookEventType[]>(endpoint?.event_types ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const title = endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint';
  const typesError = `${id}-types-error`;

  const toggle = (type: WebhookEventType, on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((entry) => entry !== type)));

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const found: Errors = {};
    if (!url.trim()) found.url = 'Enter the address that receives the webhooks';
    if (types.length === 0) found.event_types = 'Choose at least one event type';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        id: endpoint?.id ?? null,
        form: { url: url.trim(), description: description.trim(), event_types: types, enabled },
      },
      {
        onSuccess: (saved) => {
          if ('secret' in saved && typeof saved.secret === 'string') onCreated(saved.secret);
          else onClose();
        },
        onError: (caught) => {
          if (caught instanceof ApiError && caught.status < 500) {
            const fieldErrors: Errors = {};
            for (const field of caught.fields ?? []) fieldErrors[field.path as keyof Errors] ??= field.message;
            setErrors(fieldErrors);
            if (!caught.fields?.length) setFormError(caught.message);
          } else setFormError('Something went wrong. Please try again.');
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} label={title} className="max-w-lg">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-6">
        <h2 className="text-foreground text-lg font-semibold">{title}</h2>
        {formError ? (
          <p role="alert" className="border-danger text-danger rounded-md border px-3 py-2 text-sm">
            {formError}
          </p>
        ) : null}
        <Field id={`${id}-url`} label="Endpoint URL" error={errors.url}>
          <input
            {...controlProps(`${id}-url`, errors.url)}
            className={inputClasses}
            type="url"
            inputMode="url"
            placeholder="https://example.com/webhooks/marquee"
            value={url}
            onChange={(changed) => setUrl(changed.target.value)}
            data-autofocus
          />
        </Field>
        <Field id={`${id}-description`} label="Description" optional error={errors.description}>
          <input
            {...controlProps(`${id}-description`, errors.description)}
            className={inputClasses}
            maxLength={200}
            value={description}
            onChange={(changed) => setDescription(changed.target.value)}
          />
        </Field>
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={errors.event_types ? true : undefined}
          aria-describedby={errors.event_types ? typesError : undefined}
        >
          <legend className="text-foreground mb-1 text-sm font-medium">Events to send</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="text-foreground flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="accent-primary h-4 w-4"
                  checked={types.includes(type)}
                  onChange={(changed) => toggle(type, changed.target.checked)}
                />
                {WEBHOOK_EVENT_LABELS[type]}
                <span className="text-muted-foreground font-mono text-[11px]">{type}</span>
              </label>
            ))}
          </div>
          {errors.event_types ? <FieldError id={typesError} message={errors.event_types} /> : null}
        </fieldset>
        <Switch
          id={`${id}-enabled`}
          label="On"
          checked={enabled}
          onChange={setEnabled}
          hint="Turned off, events are kept for it and go out when it is turned back on"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
