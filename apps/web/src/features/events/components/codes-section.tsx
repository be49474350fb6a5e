// The event view's on-sale pieces: 'On-sale & limits' (the event's sales window and its limits against
// scalpers) and 'Codes' (access and promo codes with their uses, paid orders and revenue; create, disable or
// enable, export a batch as CSV).
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_MAX_TICKETS_PER_EMAIL,
  DEFAULT_MAX_TICKETS_PER_ORDER,
  type EventDto,
  type SalesSettings,
} from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { controlProps, describedBy, Field } from '../../../components/ui/field';
import { LoadingText, QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { eventCodesQuery, salesSettingsQuery, useSaveSalesSettings } from '../api/codes';
import { CodeDialog } from './code-dialog';
import { CodesTable } from './codes-table';
import { DateTimePicker } from './date-time-picker';

const card = 'bg-card border-border rounded-2xl border p-5 sm:p-6';

/** The form once the settings are loaded (its fields then stay as the organiser typed and saved them). */
function SalesSettingsLoader({ event, editable }: { event: EventDto; editable: boolean }) {
  const settings = useQuery(salesSettingsQuery(event.id));
  // Kept here, not in the form: a save replaces the settings, which remounts the form (its key), and the
  // confirmation must outlive that.
  const [status, setStatus] = useState<string | null>(null);
  return (
    <QueryState
      query={settings}
      error="The on-sale settings could not be loaded. Please reload the page."
      loading={<LoadingText announce={false}>Loading on-sale settings...</LoadingText>}
    >
      {(data) => (
        <SalesSettingsForm
          key={JSON.stringify(data)}
          event={event}
          editable={editable}
          initial={data}
          status={status}
          onStatus={setStatus}
        />
      )}
    </QueryState>
  );
}

export const SALES_SETTINGS_SAVED = 'On-sale settings saved.';

function SalesSettingsForm({
  event,
  editable,
  initial,
  status,
  onStatus: setStatus,
}: {
  event: EventDto;
  editable: boolean;
  initial: SalesSettings;
  status: string | null;
  onStatus(status: string | null): void;
}) {
  const id = useId();
  const save = useSaveSalesSettings(event.id);
  const [start, setStart] = useState(initial.sales_start_local ?? '');
  const [end, setEnd] = useState(initial.sales_end_local ?? '');
  const [perOrder, setPerOrder] = useState(String(initial.max_tickets_per_order ?? DEFAULT_MAX_TICKETS_PER_ORDER));
  const [perEmail, setPerEmail] = useState(String(initial.max_tickets_per_email ?? DEFAULT_MAX_TICKETS_PER_EMAIL));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setErrors({});
    setFailure(null);
    setStatus(null);
    save.mutate(
      {
        sales_start_local: start || null,
        sales_end_local: end || null,
        max_tickets_per_order: Number(perOrder),
        max_tickets_per_email: Number(perEmail),
      },
      {
        onSuccess: () => setStatus(SALES_SETTINGS_SAVED),
        onError: (caught) => {
          if (caught instanceof ApiError && caught.fields?.length) {
            setErrors(Object.fromEntries(caught.fields.map((field) => [field.path, field.message])));
          } else setFailure(caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again.');
        },
      },
    );
  };
  const described = (field: string, hint = false) => ({
    ...controlProps(`${id}-${field}`, errors[field], hint),
    disabled: !editable,
  });
  const zone = event.time_zone.replace(/_/g, ' ');
  // An order can mix types, each under its own limit: above their sum, the event's limit says nothing.
  const onSale = event.ticket_types.filter((type) => !type.hidden);
  const typesAllow = onSale.reduce((sum, type) => sum + type.max_per_order, 0);
  const perOrderHint =
    onSale.length > 0 && Number(perOrder) > typesAllow
      ? `Fans can take at most ${typesAllow} in one order: the ticket types' own limits are lower`
      : undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-sales_start_local`}
          label={`On-sale (${zone})`}
          optional
          error={errors.sales_start_local}
          hint="Blank = on sale once published"
          labelAs="span"
        >
          <DateTimePicker
            id={`${id}-sales_start_local`}
            label={`On-sale (${zone})`}
            value={start}
            onChange={(value) => {
              setStart(value);
              setStatus(null);
            }}
            invalid={Boolean(errors.sales_start_local)}
            describedBy={describedBy(`${id}-sales_start_local`, errors.sales_start_local, true)}
            disabled={!editable}
          />
        </Field>
        <Field
          id={`${id}-sales_end_local`}
          label={`Sales end (${zone})`}
          optional
          error={errors.sales_end_local}
          hint="Blank = until the event ends"
          labelAs="span"
        >
          <DateTimePicker
            id={`${id}-sales_end_local`}
            label={`Sales end (${zone})`}
            value={end}
            onChange={(value) => {
              setEnd(value);
              setStatus(null);
            }}
            invalid={Boolean(errors.sales_end_local)}
            describedBy={describedBy(`${id}-sales_end_local`, errors.sales_end_local, true)}
            disabled={!editable}
            align="end"
          />
        </Field>
        <Field
          id={`${id}-max_tickets_per_order`}
          label="Tickets per order"
          error={errors.max_tickets_per_order}
          hint={perOrderHint}
        >
          <input
            {...described('max_tickets_per_order', Boolean(perOrderHint))}
            type="number"
            min={1}
            max={100}
            className={inputClasses}
            value={perOrder}
            onChange={(changed) => {
              setPerOrder(changed.target.value);
              setStatus(null);
            }}
          />
        </Field>
        <Field
          id={`${id}-max_tickets_per_email`}
          label="Tickets per buyer e-mail"
          error={errors.max_tickets_per_email}
          hint="Held and bought, for this event"
        >
          <input
            {...described('max_tickets_per_email', true)}
            type="number"
            min={1}
            max={1000}
            className={inputClasses}
            value={perEmail}
            onChange={(changed) => {
              setPerEmail(changed.target.value);
              setStatus(null);
            }}
          />
        </Field>
      </div>
      {editable ? (
        <div className="flex items-center justify-end gap-3">
          {failure ? (
            <p role="alert" className="text-danger text-sm">
              {failure}
            </p>
          ) : null}
          <p role="status" className="text-success text-sm font-medium">
            {status}
          </p>
          <Button size="small" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save on-sale settings'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

export function CodesSection({ event }: { event: EventDto }) {
  const editable = event.status === 'draft' || event.status === 'live';
  const codes = useQuery(eventCodesQuery(event.id));
  const [creating, setCreating] = useState(false);

  return (
    <>
      <section aria-labelledby="onsale-heading" className={card}>
        <h2 id="onsale-heading" className="text-foreground mb-4 text-lg font-semibold">
          On-sale &amp; limits
        </h2>
        <SalesSettingsLoader event={event} editable={editable} />
      </section>
      <section aria-labelledby="codes-heading" className={card}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="codes-heading" className="text-foreground text-lg font-semibold">
            Codes
          </h2>
          {editable ? (
            <Button size="small" onClick={() => setCreating(true)}>
              New code
            </Button>
          ) : null}
        </div>
        <QueryState
          query={codes}
          error="The codes could not be loaded. Please reload the page."
          loading={<LoadingText announce={false}>Loading codes...</LoadingText>}
          isEmpty={(loaded) => loaded.codes.length === 0}
          empty={
            <p className="text-muted-foreground text-sm">
              No codes yet. Promo codes give a discount; access codes unlock hidden ticket types for a presale.
            </p>
          }
        >
          {(loaded) => <CodesTable codes={loaded.codes} event={event} editable={editable} />}
        </QueryState>
      </section>
      {creating ? (
        <CodeDialog
          eventId={event.id}
          currency={event.currency}
          timeZone={event.time_zone}
          types={event.ticket_types}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </>
  );
}
