// Finding a ticket without its QR code: by holder or buyer name, e-mail, order code or ticket code. Online it
// asks the server; offline it searches the stored list. Each hit can be checked in from here. A whole QR payload
// pasted in (a phone's own QR reader app) is judged as a scan.
import { useState, type FormEvent } from 'react';
import { TICKET_STATES, TICKET_STATE_LABELS, type OfflineList, type TicketState } from '@marquee/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { searchTickets } from '../api/checkin';
import { isPayload, MAX_PAYLOAD } from '../lib/wedge';

interface Hit {
  code: string;
  type: string;
  holder: string;
  order_code: string;
  email: string;
  state: TicketState;
  checked_in_at: string | null;
}

/** The longest search the server takes. */
const MAX_SEARCH = 100;

function searchList(list: OfflineList, query: string): Hit[] {
  const needle = query.trim().toLowerCase();
  return list.tickets
    .filter((row) => [row[0], row[2], row[3], row[4]].some((field) => field.toLowerCase().includes(needle)))
    .slice(0, 20)
    .map((row) => ({
      code: row[0],
      type: list.types[row[1]] ?? '',
      holder: row[2],
      order_code: row[3],
      email: row[4],
      state: TICKET_STATES[row[5]] ?? 'valid',
      checked_in_at: row[6] ? new Date(row[6]).toISOString() : null,
    }));
}

export function SearchPanel({
  eventId,
  list,
  online,
  busy,
  onCheck,
  onScan,
}: {
  eventId: string;
  list: OfflineList | null;
  online: boolean;
  busy: boolean;
  onCheck: (code: string) => void;
  onScan: (payload: string) => void;
}) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    setError(null);
    // A ticket code (from the paper ticket) is checked at once, and so is a QR payload.
    const code = /^T-[23456789A-Z]{10}$/i.test(text);
    if (code || isPayload(text)) {
      if (code) onCheck(text.toUpperCase());
      else onScan(text);
      setHits(null);
      setQuery('');
      return;
    }
    if (text.length < 2) {
      setError('Type at least 2 characters');
      return;
    }
    if (text.length > MAX_SEARCH) {
      setError(`Type at most ${MAX_SEARCH} characters`);
      return;
    }
    try {
      setHits(online ? (await searchTickets(eventId, text)).tickets : list ? searchList(list, text) : []);
    } catch {
      setHits(list ? searchList(list, text) : []);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={(event) => void submit(event)} className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label="Ticket code, name, e-mail or order"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={MAX_PAYLOAD}
            error={error}
          />
        </div>
        <Button type="submit" disabled={busy}>
          Check
        </Button>
      </form>
      {hits && (
        <ul aria-label="Search results" className="divide-border border-border divide-y rounded-xl border">
          {hits.length === 0 && <li className="text-muted-foreground p-3 text-sm">No tickets found</li>}
          {hits.map((hit) => (
            <li key={hit.code} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="truncate font-semibold">{hit.holder || hit.email || 'No name'}</p>
                <p className="text-muted-foreground truncate text-xs">
                  {hit.type} · <span className="font-mono">{hit.code}</span> · {hit.order_code}
                </p>
                <p className="text-muted-foreground text-xs" data-testid="search-state">
                  {hit.state === 'valid'
                    ? 'Not checked in'
                    : hit.state === 'checked_in' && hit.checked_in_at
                      ? `In since ${new Date(hit.checked_in_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`
                      : `${TICKET_STATE_LABELS[hit.state]}${hit.state === 'checked_in' ? '' : ': do not admit'}`}
                </p>
              </div>
              {/* Only a valid ticket can be let in; the others say why in their state line. */}
              {hit.state === 'valid' && (
                <Button size="small" variant="secondary" disabled={busy} onClick={() => onCheck(hit.code)}>
                  Check in
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
