// Messages to ticket holders (decision 154), in the event view: compose (an audience with its recipient count, a
// ticket type for that audience, a subject and the message), preview the e-mail, send a test to yourself, send
// after a confirmation naming how many get it, and the history with its counts. Not a PRO feature.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  HOLDER_AUDIENCE_LABELS,
  HOLDER_AUDIENCES,
  HOLDER_BODY_MAX,
  HOLDER_MESSAGE_TEXT,
  HOLDER_SUBJECT_MAX,
  type EventDto,
  type HolderAudience,
  type HolderMessageDraft,
  type HolderMessagePreview,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { controlProps, Field } from '../../../components/ui/field';
import { FieldError, inputClasses } from '../../../components/ui/input';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { previewMessage, useSendMessage, useTestMessage } from '../api/messages';
import { MessagesHistory } from './messages-history';

const card = 'bg-card border-border rounded-2xl border p-5 sm:p-6';

const AUDIENCE_HINTS: Record<HolderAudience, string> = {
  all: 'Everyone who holds a ticket now: new holders of transferred tickets, not refunded ones.',
  ticket_type: 'Holders of the ticket type you choose.',
  not_checked_in: 'Holders with a ticket not yet scanned at the door.',
  marketing: 'Your customers who agreed to marketing; it carries an unsubscribe link.',
};

const plural = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'recipient' : 'recipients'}`;

function useAudienceCount(eventId: string, audience: HolderAudience, typeId: string) {
  const params = new URLSearchParams({
    audience,
    ...(audience === 'ticket_type' && typeId ? { ticket_type_id: typeId } : {}),
  });
  return useQuery({
    queryKey: ['events', eventId, 'messages', 'audience', audience, typeId],
    queryFn: ({ signal }) =>
      apiRequest<{ recipients: number }>(`/api/events/${encodeURIComponent(eventId)}/messages/audience?${params}`, {
        signal,
      }),
    enabled: audience !== 'ticket_type' || typeId !== '',
  });
}

export function MessagesSection({ event }: { event: EventDto }) {
  const id = useId();
  const [audience, setAudience] = useState<HolderAudience>('all');
  const [typeId, setTypeId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [preview, setPreview] = useState<HolderMessagePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const clientKey = useRef('');
  const count = useAudienceCount(event.id, audience, typeId);
  const test = useTestMessage(event.id);
  const send = useSendMessage(event.id);
  const recipients = count.data?.recipients;

  const draft = (): HolderMessageDraft => ({
    audience,
    ticket_type_id: audience === 'ticket_type' ? typeId || null : null,
    subject,
    body,
  });
  const check = () => {
    const found: Record<string, string> = {};
    if (audience === 'ticket_type' && !typeId) found.ticket_type_id = HOLDER_MESSAGE_TEXT.typeRequired;
    if (!subject.trim()) found.subject = HOLDER_MESSAGE_TEXT.subjectRequired;
    if (!body.trim()) found.body = HOLDER_MESSAGE_TEXT.bodyRequired;
    setErrors(found);
    setFailure(null);
    setStatus(null);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return !first;
  };
  const fail = (caught: unknown) => {
    if (caught instanceof ApiError && caught.fields?.length) {
      setErrors(Object.fromEntries(caught.fields.map((field) => [field.path, field.message])));
    } else
      setFailure(
        caught instanceof ApiError && caught.status < 500 ? caught.message : 'Something went wrong. Please try again.',
      );
  };

  const onPreview = async () => {
    if (!check()) return;
    setPreviewing(true);
    try {
      setPreview(await previewMessage(event.id, draft()));
    } catch (caught) {
      fail(caught);
    } finally {
      setPreviewing(false);
    }
  };
  const onTest = () => {
    if (!check()) return;
    test.mutate(draft(), { onSuccess: ({ sent_to }) => setStatus(`Test e-mail sent to ${sent_to}.`), onError: fail });
  };
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!check()) return;
    // One key per confirmation: however often Send is clicked, the server makes one message.
    clientKey.current = crypto.randomUUID();
    setConfirming(true);
  };
  const onConfirm = () => {
    send.mutate(
      { ...draft(), client_key: clientKey.current },
      {
        onSuccess: (message) => {
          setConfirming(false);
          setSubject('');
          setBody('');
          setStatus(`“${message.subject}” is queued for ${plural(recipients ?? 0)}.`);
        },
        onError: (caught) => {
          setConfirming(false);
          fail(caught);
        },
      },
    );
  };

  const types = event.ticket_types;
  return (
    <section aria-labelledby={`${id}-heading`} className={card}>
      <h2 id={`${id}-heading`} className="text-foreground text-lg font-semibold">
        Messages to ticket holders
      </h2>
      <p className="text-muted-foreground mt-1 mb-4 text-sm">
        E-mail your ticket holders about the event (doors, parking, changes), or your customers who agreed to marketing.
        E-mails go out a few a second.
      </p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="text-muted-foreground mb-1 font-mono text-[11px] font-semibold tracking-wider uppercase">
            Send to
          </legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {HOLDER_AUDIENCES.map((choice) => {
              const checked = audience === choice;
              return (
                <label
                  key={choice}
                  className={`flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
                    checked ? 'border-primary bg-primary/10' : 'border-border hover:bg-muted'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-audience`}
                    value={choice}
                    checked={checked}
                    onChange={() => setAudience(choice)}
                    aria-describedby={`${id}-${choice}-hint`}
                    className="accent-primary mt-0.5 h-4 w-4 shrink-0"
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="text-foreground text-sm font-medium">{HOLDER_AUDIENCE_LABELS[choice]}</span>
                    <span id={`${id}-${choice}-hint`} className="text-muted-foreground text-xs">
                      {AUDIENCE_HINTS[choice]}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {audience === 'ticket_type' ? (
          <Field id={`${id}-ticket_type_id`} label="Ticket type" error={errors.ticket_type_id}>
            <select
              {...controlProps(`${id}-ticket_type_id`, errors.ticket_type_id)}
              value={typeId}
              onChange={(changed) => setTypeId(changed.target.value)}
              className={inputClasses}
            >
              <option value="">Choose a ticket type</option>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <p className="text-foreground text-sm" role="status" data-testid="audience-count">
          {recipients === undefined
            ? audience === 'ticket_type' && !typeId
              ? 'Choose a ticket type to see who gets it.'
              : 'Counting recipients...'
            : `This goes to ${plural(recipients)}.`}
        </p>
        <Field
          id={`${id}-subject`}
          label="Subject"
          error={errors.subject}
          counter={{ length: subject.length, max: HOLDER_SUBJECT_MAX }}
        >
          <input
            {...controlProps(`${id}-subject`, errors.subject)}
            value={subject}
            maxLength={HOLDER_SUBJECT_MAX}
            onChange={(changed) => setSubject(changed.target.value)}
            className={inputClasses}
          />
        </Field>
        <Field
          id={`${id}-body`}
          label="Message"
          error={errors.body}
          counter={{ length: body.length, max: HOLDER_BODY_MAX }}
          hint="Plain text; a blank line starts a new paragraph."
        >
          <textarea
            {...controlProps(`${id}-body`, errors.body, 'hint')}
            rows={7}
            value={body}
            maxLength={HOLDER_BODY_MAX}
            onChange={(changed) => setBody(changed.target.value)}
            className={`${inputClasses} h-auto py-2`}
          />
        </Field>
        {failure ? <FieldError message={failure} /> : null}
        <p role="status" className="text-success text-sm font-medium empty:hidden">
          {status}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="small" variant="secondary" onClick={onPreview} disabled={previewing}>
            {previewing ? 'Preparing...' : 'Preview'}
          </Button>
          <Button type="button" size="small" variant="secondary" onClick={onTest} disabled={test.isPending}>
            {test.isPending ? 'Sending test...' : 'Send test to me'}
          </Button>
          <Button type="submit" size="small" disabled={recipients === 0}>
            Send
          </Button>
        </div>
      </form>

      <Dialog open={preview !== null} onClose={() => setPreview(null)} label="E-mail preview" className="max-w-2xl">
        {preview ? (
          <div className="flex flex-col gap-3 p-5 sm:p-6">
            <h3 className="text-foreground text-lg font-semibold">Preview</h3>
            <p className="text-muted-foreground text-sm">
              <span className="text-foreground font-medium">Subject:</span> {preview.subject} ·{' '}
              {plural(preview.recipients)}
              {preview.unsubscribe ? ' · with an unsubscribe link' : ''}
            </p>
            <iframe
              title="The e-mail as recipients see it"
              srcDoc={preview.html}
              sandbox=""
              className="h-[60vh] w-full rounded-lg border border-border bg-white"
            />
            <div className="flex justify-end">
              <Button size="small" variant="secondary" onClick={() => setPreview(null)} data-autofocus>
                Close
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>

      <Dialog open={confirming} onClose={() => setConfirming(false)} label="Send message">
        <div className="flex flex-col gap-4 p-6">
          <h3 className="text-foreground text-lg font-semibold">Send to {plural(recipients ?? 0)}?</h3>
          <p className="text-muted-foreground text-sm">
            “{subject}” goes to {HOLDER_AUDIENCE_LABELS[audience].toLowerCase()}: {plural(recipients ?? 0)}. This cannot
            be undone.
          </p>
          <div className="flex justify-end gap-2">
            <Button size="small" variant="secondary" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            <Button size="small" onClick={onConfirm} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : `Send to ${plural(recipients ?? 0)}`}
            </Button>
          </div>
        </div>
      </Dialog>

      <MessagesHistory eventId={event.id} />
    </section>
  );
}
