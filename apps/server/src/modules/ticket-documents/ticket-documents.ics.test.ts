import { describe, expect, it } from 'vitest';
import { event, order } from '../../../test/ticket-fixtures.js';
import { renderEventIcs } from './ticket-documents.ics.js';

/** Content lines after unfolding (RFC 5545 3.1), with each property's parameters. */
function parseIcs(ics: string): Array<{ name: string; value: string }> {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return { name: line.slice(0, colon), value: line.slice(colon + 1) };
    });
}

const value = (lines: Array<{ name: string; value: string }>, name: string) =>
  lines.find((line) => line.name.split(';')[0] === name)?.value;

describe('renderEventIcs', () => {
  it('is one published VEVENT at the event instant, in UTC, with CRLF line endings', () => {
    const ics = renderEventIcs({ event, order });
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    const lines = parseIcs(ics);
    expect(value(lines, 'METHOD')).toBe('PUBLISH');
    expect(lines.filter((line) => line.name === 'BEGIN' && line.value === 'VEVENT')).toHaveLength(1);
    // 19:30 BST is 18:30 UTC.
    expect(value(lines, 'DTSTART')).toBe('20260704T183000Z');
    expect(value(lines, 'DTEND')).toBe('20260704T220000Z');
    expect(value(lines, 'SUMMARY')).toBe('Summer Jam at the Harbour');
    expect(value(lines, 'LOCATION')).toBe('The Harbour Stage\\, Bristol BS1 4RN');
    expect(value(lines, 'URL')).toBe(event.url);
  });

  it('describes the event and carries the order link', () => {
    const description = value(parseIcs(renderEventIcs({ event, order })), 'DESCRIPTION');
    expect(description).toBe(
      `An evening of live soul and funk by the water.\\n\\nYour order MQ-7K3F9X. Event page: ${event.url}`,
    );
  });

  it('has the same UID and bytes every time for one order, and another UID for another order', () => {
    const first = renderEventIcs({ event, order });
    expect(renderEventIcs({ event, order })).toBe(first);
    const uid = value(parseIcs(first), 'UID');
    expect(uid).toBe(`MQ-7K3F9X.${event.id}@northern-lights.marquee.test`);
    const other = value(parseIcs(renderEventIcs({ event, order: { ...order, code: 'MQ-222222' } })), 'UID');
    expect(other).not.toBe(uid);
  });

  it('escapes commas, semicolons and new lines in text', () => {
    const lines = parseIcs(
      renderEventIcs({ event: { ...event, name: 'Rock, Paper; Scissors', description: 'one\ntwo' }, order }),
    );
    expect(value(lines, 'SUMMARY')).toBe('Rock\\, Paper\\; Scissors');
    expect(value(lines, 'DESCRIPTION')).toMatch(/^one\\ntwo\\n\\n/);
  });

  it('leaves DTEND out when the event has no end', () => {
    const lines = parseIcs(renderEventIcs({ event: { ...event, endsAt: null }, order }));
    expect(value(lines, 'DTSTART')).toBe('20260704T183000Z');
    expect(value(lines, 'DTEND')).toBeUndefined();
  });

  it('refuses an event without a start time', () => {
    expect(() => renderEventIcs({ event: { ...event, startsAt: null }, order })).toThrow(/start time/);
  });
});
