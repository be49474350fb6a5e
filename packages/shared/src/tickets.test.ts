import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_HEADLINES,
  DOOR_RESULTS,
  TICKET_MOVES,
  TICKET_STATES,
  TICKET_STATE_LABELS,
  canMove,
  countTickets,
  judgeTicket,
  type TicketState,
} from './tickets.js';

const EVENT = 'e1';

describe('judgeTicket: the door decides by the ticket state alone', () => {
  it('admits only a valid ticket of the scanning event', () => {
    const admitted = TICKET_STATES.filter((state) => judgeTicket({ state, eventId: EVENT }, EVENT) === 'admitted');
    expect(admitted).toEqual(['valid']);
  });

  it('refuses a transferred, resold, refunded, cancelled or listed ticket with its own words', () => {
    const words = (state: TicketState) => CHECK_IN_HEADLINES[judgeTicket({ state, eventId: EVENT }, EVENT)];
    expect(words('transferred')).toBe('Transferred to another holder: do not admit');
    expect(words('refunded')).toBe('Refunded: do not admit');
    expect(words('resold')).toBe('Resold to another fan: do not admit');
    expect(words('cancelled')).toBe('Cancelled: do not admit');
    expect(words('listed')).toBe('Listed for resale: do not admit');
    expect(words('checked_in')).toBe('Already checked in');
  });

  it('another event comes before the state, and an unknown code is unknown', () => {
    for (const state of TICKET_STATES) expect(judgeTicket({ state, eventId: 'e2' }, EVENT)).toBe('other_event');
    expect(judgeTicket(null, EVENT)).toBe('unknown');
  });

  it('every state has a door result and a label', () => {
    for (const state of TICKET_STATES) {
      expect(DOOR_RESULTS[state]).toBeDefined();
      expect(TICKET_STATE_LABELS[state]).toMatch(/^[A-Z]/);
    }
  });
});

describe('TICKET_MOVES', () => {
  it('a ticket that is gone (transferred, resold, refunded, cancelled) never moves again', () => {
    for (const state of ['transferred', 'resold', 'refunded', 'cancelled'] as const)
      for (const move of Object.keys(TICKET_MOVES) as Array<keyof typeof TICKET_MOVES>)
        expect(canMove(state, move)).toBe(false);
  });

  it('a checked-in ticket can only be undone or cancelled with its event', () => {
    const moves = (Object.keys(TICKET_MOVES) as Array<keyof typeof TICKET_MOVES>).filter((move) =>
      canMove('checked_in', move),
    );
    expect(moves).toEqual(['undo_check_in', 'cancel']);
  });
});

describe('countTickets', () => {
  it('sold is what fans hold, checked in those in, the rest still to arrive', () => {
    expect(
      countTickets(['valid', 'valid', 'checked_in', 'listed', 'transferred', 'refunded', 'resold', 'cancelled']),
    ).toEqual({ sold: 4, checked_in: 1, to_arrive: 3 });
  });
});
