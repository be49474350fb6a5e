// The event view's 'Guest list' section (decisions 126 and 127): comps issued one at a time (a second comp of the
// same guest and type only after an explicit 'Issue anyway') or from a CSV file (every bad line listed with its
// number; nothing is imported until the file is right), the comps issued so far, and the door list as CSV or PDF.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  COMP_MESSAGES,
  COMP_NAME_MAX,
  COMP_NOTE_MAX,
  MAX_COMP_IMPORT_CHARS,
  MAX_COMP_IMPORT_ROWS,
  MAX_COMP_QUANTITY,
  compRowErrors,
  type CompRowError,
  type EventDto,
} from '@marquee/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { controlProps, Field } from '../../../components/ui/field';
import { inputClasses } from '../../../components/ui/input';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { doorListUrl, eventCompsQuery, useImportComps, useIssueComp } from '../api/comps';
import { formatOrderTime } from './order-status';

const card = 'bg-card border-border rounded-2xl border p-5 sm:p-6';
const subheading = 'text-foreground text-base font-semibold';
const COLUMN_NAMES: Record<NonNullable<CompRowError['column']>, string> = {
  name: 'Name',
  email: 'Email',
  type: 'Type',
  quantity: 'Quantity',
  note: 'Note',
};
const failureText = (caught: unknown) =>
  caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again.';

export function GuestListSection({ event }: { event: EventDto }) {
  const open = event.status === 'draft' || event.status === 'live';
  return (
    <section aria-labelledby="guest-list-heading" className={`${card} flex flex-col gap-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="guest-list-heading" className="text-foreground text-lg font-semibold">
            Guest list
          </h2>
          <p className="text-muted-foreground mt-1 max-w-prose text-sm">
            Comps are free tickets you give: they take places like sold tickets, show as “Comp” with no revenue, and
            each guest gets their tickets by e-mail.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClasses('xs', 'secondary')} href={doorListUrl(event.id, 'csv')} download>
            Door list CSV
          </a>
          <a
            className={buttonClasses('xs', 'secondary')}
            href={doorListUrl(event.id, 'pdf')}
            target="_blank"
            rel="noopener noreferrer"
          >
            Door list PDF<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
      {open ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <CompForm event={event} />
          <CompImportForm event={event} />
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">
          {event.status === 'cancelled'
            ? 'The event is cancelled: no comps can be issued.'
            : 'The event is archived: no comps can be issued.'}
        </p>
      )}
      <CompsTable eventId={event.id} />
    </section>
  );
}

function CompForm({ event }: { event: EventDto }) {
  const id = useId();
  const issue = useIssueComp(event.id);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [typeId, setTypeId] = useState(event.ticket_types[0]?.id ?? '');
  const [quantity, setQuantity] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const send = (force: boolean) => {
    setErrors({});
    setFailure(null);
    setStatus(null);
    setDuplicate(false);
    issue.mutate(
      { name, email, ticket_type_id: typeId, quantity: Number(quantity), note, force },
      {
        onSuccess: (issued) => {
          setStatus(
            `Comp issued to ${name.trim()}: ${issued.tickets} ${issued.tickets === 1 ? 'ticket' : 'tickets'} on the way to ${email.trim().toLowerCase()}.`,
          );
          setName('');
          setEmail('');
          setQuantity('1');
          setNote('');
        },
        onError: (caught) => {
          if (caught instanceof ApiError && caught.fields?.length)
            setErrors(Object.fromEntries(caught.fields.map((field) => [field.path, field.message])));
          else {
            setFailure(failureText(caught));
            setDuplicate(caught instanceof ApiError && caught.message === COMP_MESSAGES.duplicateExisting);
          }
        },
      },
    );
  };
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    send(false);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={subheading}>
        Add a guest
      </h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <input
            {...controlProps(`${id}-name`, errors.name)}
            className={inputClasses}
            maxLength={COMP_NAME_MAX}
            autoComplete="off"
            value={name}
            onChange={(changed) => setName(changed.target.value)}
          />
        </Field>
        <Field id={`${id}-email`} label="Email" error={errors.email}>
          <input
            {...controlProps(`${id}-email`, errors.email)}
            type="email"
            className={inputClasses}
            autoComplete="off"
            value={email}
            onChange={(changed) => setEmail(changed.target.value)}
          />
        </Field>
        <Field id={`${id}-type`} label="Ticket type" error={errors.ticket_type_id}>
          <select
            {...controlProps(`${id}-type`, errors.ticket_type_id)}
            className={inputClasses}
            value={typeId}
            onChange={(changed) => setTypeId(changed.target.value)}
          >
            {event.ticket_types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
                {type.hidden ? ' (hidden)' : ''}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-quantity`} label="Quantity" error={errors.quantity}>
          <input
            {...controlProps(`${id}-quantity`, errors.quantity)}
            type="number"
            min={1}
            max={MAX_COMP_QUANTITY}
            className={inputClasses}
            value={quantity}
            onChange={(changed) => setQuantity(changed.target.value)}
          />
        </Field>
      </div>
      <Field
        id={`${id}-note`}
        label="Note"
        optional
        error={errors.note}
        counter={{ length: note.length, max: COMP_NOTE_MAX }}
        hint="For you and your team only, e.g. “Press, +1”"
      >
        <input
          {...controlProps(`${id}-note`, errors.note, true)}
          className={inputClasses}
          value={note}
          onChange={(changed) => setNote(changed.target.value)}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="small" disabled={issue.isPending}>
          {issue.isPending ? 'Issuing...' : 'Issue comp'}
        </Button>
        {duplicate ? (
          <Button type="button" size="small" variant="secondary" disabled={issue.isPending} onClick={() => send(true)}>
            Issue anyway
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {failure ? <p className="text-danger text-sm">{failure}</p> : null}
        {status ? (
          <p role="status" className="text-foreground text-sm">
            {status}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function CompImportForm({ event }: { event: EventDto }) {
  const id = useId();
  const importComps = useImportComps(event.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [force, setForce] = useState(false);
  const [rows, setRows] = useState<CompRowError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    setRows([]);
    setFailure(null);
    setStatus(null);
    if (!file) {
      setFailure('Choose a CSV file first');
      return;
    }
    const csv = await file.text();
    if (csv.length > MAX_COMP_IMPORT_CHARS) {
      setFailure(COMP_MESSAGES.fileTooLarge);
      return;
    }
    importComps.mutate(
      { csv, force },
      {
        onSuccess: (issued) => {
          setStatus(
            `Imported ${issued.issued.toLocaleString('en-GB')} ${issued.issued === 1 ? 'guest' : 'guests'} (${issued.tickets.toLocaleString('en-GB')} tickets); their e-mails are on the way.`,
          );
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (caught) => {
          setFailure(failureText(caught));
          if (caught instanceof ApiError && caught.fields) setRows(compRowErrors(caught.fields));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(submitted) => void onSubmit(submitted)}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className={subheading}>
        Import from CSV
      </h3>
      <Field
        id={`${id}-file`}
        label="CSV file"
        hint={`First line: name, email, type, quantity, note (note optional). Type is the ticket type’s name. Up to ${MAX_COMP_IMPORT_ROWS.toLocaleString('en-GB')} guests.`}
      >
        <input
          {...controlProps(`${id}-file`, undefined, true)}
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className={`${inputClasses} file:text-foreground py-2 file:mr-3 file:border-0 file:bg-transparent file:font-mono file:text-xs file:font-semibold file:uppercase`}
          onChange={(changed) => setFile(changed.target.files?.[0] ?? null)}
        />
      </Field>
      <label className="text-foreground flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="accent-primary mt-0.5 h-4 w-4"
          checked={force}
          onChange={(changed) => setForce(changed.target.checked)}
        />
        Also issue to guests who already have a comp of that type
      </label>
      <div>
        <Button type="submit" size="small" disabled={importComps.isPending}>
          {importComps.isPending ? 'Importing...' : 'Import guests'}
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-3">
        {failure ? <p className="text-danger text-sm">{failure}</p> : null}
        {status ? (
          <p role="status" className="text-foreground text-sm">
            {status}
          </p>
        ) : null}
      </div>
      {rows.length > 0 ? (
        <div
          className="focus-visible:outline-primary max-h-72 overflow-auto focus-visible:outline-2"
          tabIndex={0}
          role="region"
          aria-label="Problems in the file"
        >
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground font-mono text-[11px] tracking-wider uppercase">
              <tr>
                <th className="pb-2 pr-3 font-semibold">Line</th>
                <th className="pb-2 pr-3 font-semibold">Column</th>
                <th className="pb-2 font-semibold">Problem</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={`${row.line}-${row.column ?? 'row'}-${index}`} className="border-border border-t align-top">
                  <td className="py-2 pr-3 tabular-nums">{row.line}</td>
                  <td className="py-2 pr-3">{row.column ? COLUMN_NAMES[row.column] : 'Whole line'}</td>
                  <td className="text-danger py-2">{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </form>
  );
}

function CompsTable({ eventId }: { eventId: string }) {
  const [page, setPage] = useState(1);
  const comps = useQuery(eventCompsQuery(eventId, page));
  return (
    <div className="flex flex-col gap-3">
      <h3 className={subheading}>Comps issued</h3>
      <QueryState
        query={comps}
        error="The guest list could not be loaded. Please try again."
        loading="Loading the guest list..."
        isEmpty={(loaded) => loaded.total === 0}
        empty={<p className="text-muted-foreground text-sm">No comps yet</p>}
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.page_size));
          return (
            <>
              <p className="text-muted-foreground text-sm">
                {data.total.toLocaleString('en-GB')} {data.total === 1 ? 'comp' : 'comps'},{' '}
                {data.tickets.toLocaleString('en-GB')} {data.tickets === 1 ? 'ticket' : 'tickets'}
              </p>
              <div
                className="focus-visible:outline-primary -mx-1 overflow-x-auto px-1 focus-visible:outline-2"
                tabIndex={0}
                role="region"
                aria-label="Comps table"
              >
                <table className="w-full min-w-[36rem] text-left text-sm" aria-busy={comps.isFetching || undefined}>
                  <thead className="text-muted-foreground font-mono text-[11px] tracking-wider uppercase">
                    <tr>
                      <th className="pb-2 font-semibold">Guest</th>
                      <th className="pb-2 font-semibold">Type</th>
                      <th className="pb-2 text-right font-semibold">Tickets</th>
                      <th className="pb-2 pl-4 font-semibold">Note</th>
                      <th className="pb-2 font-semibold">Order</th>
                      <th className="pb-2 font-semibold">Issued</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.comps.map((comp) => (
                      <tr key={comp.order_id} className="border-border border-t align-top">
                        <td className="py-2.5 pr-3">
                          <span className="text-foreground block">{comp.name}</span>
                          <span className="text-muted-foreground block text-xs break-all">{comp.email}</span>
                        </td>
                        <td className="py-2.5 pr-3">{comp.ticket_type}</td>
                        <td className="py-2.5 pr-3 text-right tabular-nums">{comp.quantity}</td>
                        <td className="text-muted-foreground py-2.5 pr-3 pl-4 text-xs">{comp.note || '—'}</td>
                        <td className="py-2.5 pr-3 font-mono text-xs">{comp.order_code}</td>
                        <td className="text-muted-foreground py-2.5 text-xs whitespace-nowrap">
                          <time dateTime={comp.created_at}>{formatOrderTime(comp.created_at)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {pages > 1 ? (
                <nav aria-label="Guest list pages" className="flex items-center justify-end gap-2">
                  <Button size="xs" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Previous
                  </Button>
                  <Button size="xs" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    Next
                  </Button>
                </nav>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
