// The ticket lifecycle (decision 046): the one state each ticket is in, the moves between states, what the door
// does with each state and which states each figure counts. The server writes a ticket's state only through its
// tickets module (which follows TICKET_MOVES); the online scan, the offline judge, the door search and every count
// of "sold" or "checked in" read the functions and lists below.

/** What the door can answer for a scan. */
export const CHECK_IN_RESULTS = [
  'admitted',
  'already_checked_in',
  'transferred',
  'resold',
  'refunded',
  'cancelled',
  'listed',
  'other_event',
  'unknown',
] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/** What the door sees for each result (large, one line). */
export const CHECK_IN_HEADLINES: Record<CheckInResult, string> = {
  admitted: 'Admitted',
  already_checked_in: 'Already checked in',
  transferred: 'Transferred to another holder: do not admit',
  resold: 'Resold to another fan: do not admit',
  refunded: 'Refunded: do not admit',
  cancelled: 'Cancelled: do not admit',
  listed: 'Listed for resale: do not admit',
  other_event: 'Ticket for another event',
  unknown: 'Unknown ticket',
};

export const TICKET_STATES = [
  /** Issued and not yet used: the door admits it. */
  'valid',
  /** Admitted at the door (undo puts it back to valid). */
  'checked_in',
  /** Offered for face-value resale by its holder: its place is back on sale until it is resold or withdrawn. */
  'listed',
  /** Sent to someone else, who holds a new ticket with a new code. */
  'transferred',
  /** Its listing was bought by another fan, who holds a new ticket. */
  'resold',
  /** Refunded before it was used. */
  'refunded',
  /** Its event was cancelled. */
  'cancelled',
] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** Every change of state there is, and the states it may start from; nothing else moves a ticket. */
export const TICKET_MOVES = {
  check_in: { from: ['valid'], to: 'checked_in' },
  undo_check_in: { from: ['checked_in'], to: 'valid' },
  list: { from: ['valid'], to: 'listed' },
  withdraw: { from: ['listed'], to: 'valid' },
  resell: { from: ['listed'], to: 'resold' },
  transfer: { from: ['valid'], to: 'transferred' },
  refund: { from: ['valid', 'listed'], to: 'refunded' },
  cancel: { from: ['valid', 'checked_in', 'listed'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly TicketState[]; to: TicketState }>;
export type TicketMove = keyof typeof TICKET_MOVES;

/** Whether `move` may start from `state`. */
export const canMove = (state: TicketState, move: TicketMove): boolean =>
  (TICKET_MOVES[move].from as readonly TicketState[]).includes(state);

/** What the door answers for a ticket of the scanning event in each state. */
export const DOOR_RESULTS: Record<TicketState, CheckInResult> = {
  valid: 'admitted',
  checked_in: 'already_checked_in',
  listed: 'listed',
  transferred: 'transferred',
  resold: 'resold',
  refunded: 'refunded',
  cancelled: 'cancelled',
};

/**
 * The door's decision for a scanned ticket: unknown when no ticket has the code, another event's ticket is
 * refused as such, and otherwise the ticket's state decides (only a valid ticket is admitted).
 */
export function judgeTicket(
  ticket: { state: TicketState; eventId: string } | null,
  scanningEventId: string,
): CheckInResult {
  if (!ticket) return 'unknown';
  if (ticket.eventId !== scanningEventId) return 'other_event';
  return DOOR_RESULTS[ticket.state];
}

/** Tickets a fan holds: what every "sold" figure counts (a listed ticket is sold until it is resold). */
export const SOLD_STATES = ['valid', 'checked_in', 'listed'] as const satisfies readonly TicketState[];
/** Tickets that take a place in the capacity counters (a listed ticket's place is back on sale). */
export const PLACE_STATES = ['valid', 'checked_in'] as const satisfies readonly TicketState[];
/** Tickets whose holder is in: what every "checked in" figure counts. */
export const CHECKED_IN_STATES = ['checked_in'] as const satisfies readonly TicketState[];

export const isSold = (state: TicketState) => (SOLD_STATES as readonly TicketState[]).includes(state);
export const takesPlace = (state: TicketState) => (PLACE_STATES as readonly TicketState[]).includes(state);
export const isCheckedIn = (state: TicketState) => (CHECKED_IN_STATES as readonly TicketState[]).includes(state);

/** The door's and the dashboard's figures for one event, counted from ticket states. */
export function countTickets(states: Iterable<TicketState>): { sold: number; checked_in: number; to_arrive: number } {
  let sold = 0;
  let checkedIn = 0;
  for (const state of states) {
    if (isSold(state)) sold += 1;
    if (isCheckedIn(state)) checkedIn += 1;
  }
  return { sold, checked_in: checkedIn, to_arrive: sold - checkedIn };
}

/** Each state as the organiser's order dialog and the fan's order page name it. */
export const TICKET_STATE_LABELS: Record<TicketState, string> = {
  valid: 'Valid',
  checked_in: 'Checked in',
  listed: 'Listed for resale',
  transferred: 'Transferred',
  resold: 'Resold',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};
