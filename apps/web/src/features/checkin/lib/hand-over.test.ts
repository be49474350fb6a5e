import { describe, expect, it } from 'vitest';
import { TICKET_STATES, type OfflineList } from '@marquee/shared';
import {
  addOnsToHandOver,
  handOverSyncNote,
  leftOf,
  lineInList,
  lineText,
  markHandedOver,
  markPending,
  withLine,
} from './hand-over';
import { judgeOffline } from './offline-judge';

const shirt = { id: 'line-1', name: 'T-shirt', quantity: 2, handed_over: 0 };
const parking = { id: 'line-2', name: 'Parking', quantity: 1, handed_over: 0 };

function listWith(): OfflineList {
  const valid = TICKET_STATES.indexOf('valid');
  const refunded = TICKET_STATES.indexOf('refunded');
  return {
    event: { id: 'event-1', name: 'Merch Night' },
    public_key: 'unused',
    types: ['General Admission'],
    tickets: [
      ['T-AAAAAAAAAA', 0, 'Ada', 'MQ-AAAAAA', 'ada@example.com', valid, 0],
      ['T-BBBBBBBBBB', 0, 'Bo', 'MQ-BBBBBB', 'bo@example.com', valid, 0],
      ['T-CCCCCCCCCC', 0, 'Cy', 'MQ-CCCCCC', 'cy@example.com', refunded, 0],
    ],
    add_ons: {
      'MQ-AAAAAA': [
        ['line-1', 'T-shirt', 2, 0],
        ['line-2', 'Parking', 1, 0],
      ],
    },
    generated_at: new Date(0).toISOString(),
  };
}

describe('add-on lines at the door', () => {
  it('read as bought, partly and all handed over', () => {
    expect(lineText(shirt)).toBe('2 × T-shirt');
    expect(lineText({ ...shirt, handed_over: 1 })).toBe('2 × T-shirt — 1 handed over');
    expect(lineText({ ...shirt, handed_over: 2 })).toBe('2 × T-shirt — all handed over');
    expect(lineText({ ...parking, handed_over: 1 })).toBe('1 × Parking — handed over');
    expect([leftOf(shirt), leftOf({ ...shirt, handed_over: 1 }), leftOf({ ...shirt, handed_over: 2 })]).toEqual([
      2, 1, 0,
    ]);
  });

  it('are offered for an admitted or already admitted holder only', () => {
    const ticket = { code: 'T-AAAAAAAAAA', type: 'GA', holder: 'Ada', order_code: 'MQ-AAAAAA', add_ons: [shirt] };
    expect(addOnsToHandOver({ result: 'admitted', ticket })).toEqual([shirt]);
    expect(addOnsToHandOver({ result: 'already_checked_in', ticket })).toEqual([shirt]);
    expect(addOnsToHandOver({ result: 'transferred', ticket })).toEqual([]);
    expect(addOnsToHandOver({ result: 'admitted', ticket: { ...ticket, add_ons: [] } })).toEqual([]);
    expect(addOnsToHandOver({ result: 'unknown', ticket: null })).toEqual([]);
    expect(addOnsToHandOver(null)).toEqual([]);
  });

  it('a hand-over replaces its line in the answer and in the stored list', () => {
    const answer = {
      result: 'admitted',
      ticket: { code: 'T-AAAAAAAAAA', add_ons: [shirt, parking] },
    };
    const updated = withLine(answer, { ...shirt, handed_over: 2 });
    expect(updated.ticket.add_ons).toEqual([{ ...shirt, handed_over: 2 }, parking]);
    expect(answer.ticket.add_ons[0]).toEqual(shirt);
    const list = listWith();
    expect(markHandedOver(list, { ...parking, handed_over: 1 })).toBe(true);
    expect(list.add_ons!['MQ-AAAAAA']).toEqual([
      ['line-1', 'T-shirt', 2, 0],
      ['line-2', 'Parking', 1, 1],
    ]);
    expect(markHandedOver(list, { ...shirt, id: 'line-9' })).toBe(false);
    expect(lineInList(list, 'line-2')).toEqual({ ...parking, handed_over: 1 });
    expect(lineInList(list, 'line-9')).toBeNull();
    expect(lineInList(null, 'line-2')).toBeNull();
  });
});

describe('hand-overs made offline', () => {
  it('stay marked in a list downloaded before they synced, never past what was bought', () => {
    const list = listWith();
    markPending(list, [
      { line_id: 'line-1', quantity: 1 },
      { line_id: 'line-2', quantity: 1 },
      { line_id: 'line-2', quantity: 1 },
    ]);
    expect(list.add_ons!['MQ-AAAAAA']).toEqual([
      ['line-1', 'T-shirt', 2, 1],
      ['line-2', 'Parking', 1, 1],
    ]);
  });

  it('the sync tells how many synced and each refused one by name and reason', () => {
    const line = { ...shirt, handed_over: 2 };
    const names = new Map([
      ['h-1', 'T-shirt'],
      ['h-2', 'Parking'],
    ]);
    expect(handOverSyncNote([{ client_id: 'h-1', add_on: line, refused: null }], names)).toBe(
      'Synced 1 offline hand-over',
    );
    expect(
      handOverSyncNote(
        [
          { client_id: 'h-1', add_on: line, refused: null },
          { client_id: 'h-2', add_on: null, refused: 'Everything on this line was already handed over' },
        ],
        names,
      ),
    ).toBe(
      'Synced 2 offline hand-overs, 1 refused by the server (Parking: Everything on this line was already handed over)',
    );
  });
});

describe('the offline judge', () => {
  it('shows the order’s add-ons from the stored list, as handed over there', async () => {
    const list = listWith();
    markHandedOver(list, { ...shirt, handed_over: 1 });
    const judged = await judgeOffline(list, { code: 't-aaaaaaaaaa' }, new Date());
    expect(judged.result).toBe('admitted');
    expect(judged.ticket?.add_ons).toEqual([{ ...shirt, handed_over: 1 }, parking]);
    const plain = await judgeOffline(list, { code: 'T-BBBBBBBBBB' }, new Date());
    expect(plain.ticket?.add_ons).toEqual([]);
    // A list from before add-ons (no add_ons key) still judges.
    const older = { ...listWith(), add_ons: undefined };
    expect((await judgeOffline(older, { code: 'T-AAAAAAAAAA' }, new Date())).ticket?.add_ons).toEqual([]);
  });
});
