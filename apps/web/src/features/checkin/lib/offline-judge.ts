// Judging a ticket on the phone with no network, from the stored list: the QR signature is checked with the
// server's Ed25519 public key (WebCrypto) so a forged or altered code is refused offline too; then the ticket
// code is looked up. Browsers without Ed25519 in WebCrypto fall back to the list alone (ticket codes carry about
// 50 random bits, so a guessed one is not in it). The server judges the queued scan again when it syncs.
import {
  CHECK_IN_HEADLINES,
  TICKET_STATES,
  countTickets,
  judgeTicket,
  type CheckInResult,
  type OfflineList,
  type ScanAnswer,
} from '@marquee/shared';

const keys = new Map<string, Promise<CryptoKey | null>>();

function importKey(publicKey: string): Promise<CryptoKey | null> {
  let pending = keys.get(publicKey);
  if (!pending) {
    pending = crypto.subtle
      .importKey('spki', fromBase64Url(publicKey), { name: 'Ed25519' }, false, ['verify'])
      .catch(() => null);
    keys.set(publicKey, pending);
  }
  return pending;
}

function fromBase64Url(text: string): ArrayBuffer {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

/** The code and event a QR payload names when its signature holds (null when forged or malformed). */
export async function readPayload(
  payload: string,
  publicKey: string,
): Promise<{ code: string; eventId: string } | null> {
  const parts = payload.trim().split('.');
  if (parts.length !== 4 || parts[0] !== 'MQT1') return null;
  const [, code = '', eventId = '', signature = ''] = parts;
  if (!/^T-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/.test(code) || !/^[A-Za-z0-9_-]{86}$/.test(signature)) return null;
  const key = await importKey(publicKey);
  if (!key) return { code, eventId };
  const valid = await crypto.subtle
    .verify({ name: 'Ed25519' }, key, fromBase64Url(signature), new TextEncoder().encode(`MQT1.${code}.${eventId}`))
    .catch(() => false);
  return valid ? { code, eventId } : null;
}

export type LocalAnswer = Omit<ScanAnswer, 'counts' | 'check_in_id'> & { offline: true };

const answer = (result: CheckInResult, extra: Partial<LocalAnswer> = {}): LocalAnswer => ({
  result,
  headline: CHECK_IN_HEADLINES[result],
  ticket: null,
  checked_in_at: null,
  checked_in_by: null,
  other_event_name: null,
  client_id: null,
  offline: true,
  ...extra,
});

/** Judges a scan against the stored list and, when admitted, marks the ticket as in (in `list`, in place). */
export async function judgeOffline(
  list: OfflineList,
  input: { payload?: string; code?: string },
  now: Date,
): Promise<LocalAnswer> {
  let code: string;
  if (input.payload !== undefined) {
    const read = await readPayload(input.payload, list.public_key);
    if (!read) return answer('unknown');
    if (read.eventId !== list.event.id) return answer('other_event', { other_event_name: 'another event' });
    code = read.code;
  } else {
    code = (input.code ?? '').trim().toUpperCase();
  }
  const row = list.tickets.find((entry) => entry[0] === code);
  if (!row) return answer('unknown');
  const ticket = {
    code: row[0],
    type: list.types[row[1]] ?? '',
    holder: row[2],
    order_code: row[3],
    // The checkout answers the list carries for this ticket (decision 130).
    answers: (list.answers?.[row[0]] ?? []).map(([label, value]) => ({ label, value })),
    // The order's add-ons as the list was downloaded, with the hand-overs made here since (decision 134).
    add_ons: (list.add_ons?.[row[3]] ?? []).map(([id, name, quantity, handed_over]) => ({
      id,
      name,
      quantity,
      handed_over,
    })),
  };
  // The same decision as the server's (packages/shared/src/tickets.ts), from the state in the stored list.
  const result = judgeTicket({ state: TICKET_STATES[row[5]] ?? 'cancelled', eventId: list.event.id }, list.event.id);
  if (result === 'already_checked_in')
    return answer('already_checked_in', {
      ticket,
      checked_in_at: row[6] > 0 ? new Date(row[6]).toISOString() : null,
      checked_in_by: 'an earlier scan',
    });
  if (result !== 'admitted') return answer(result, { ticket });
  markIn(row, now.getTime());
  return answer('admitted', { ticket, checked_in_at: now.toISOString() });
}

type ListRow = OfflineList['tickets'][number];
const VALID = TICKET_STATES.indexOf('valid');
const CHECKED_IN = TICKET_STATES.indexOf('checked_in');

/** Marks a valid row of the list as checked in at `at` (epoch ms), in place (the server's move, on the device). */
export function markIn(row: ListRow, at: number) {
  if (row[5] !== VALID) return;
  row[5] = CHECKED_IN;
  row[6] = at;
}

/** Undoes markIn on a row, in place. */
export function markOut(row: ListRow) {
  if (row[5] !== CHECKED_IN) return;
  row[5] = VALID;
  row[6] = 0;
}

/** The list's figures as every screen counts them (countTickets in packages/shared/src/tickets.ts). */
export const countOffline = (list: OfflineList) =>
  countTickets(list.tickets.map((row) => TICKET_STATES[row[5]] ?? 'cancelled'));
