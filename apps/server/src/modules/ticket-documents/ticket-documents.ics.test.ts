// The order's calendar file as calendars read it: one VEVENT in UTC, linking the order (URL and description) with
// a reminder a day and two hours before; checked by parsing the file here and, where Debian's python3-icalendar
// is installed, by that independent parser too.
import { spawnSync } from 'node:child_process';
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
    // The entry opens the order, where the tickets are.
    expect(value(lines, 'URL')).toBe(order.orderUrl);
  });

  it('describes the event, links the order (saying the link is private) and the event page', () => {
    const description = value(parseIcs(renderEventIcs({ event, order })), 'DESCRIPTION');
    // Escaped as the file carries it: a backslash and n for a new line, a backslash before a comma.
    expect(description).toBe(
      'An evening of live soul and funk by the water.\\n\\n' +
        `Your order MQ-7K3F9X\\, with your tickets: ${order.orderUrl}\\n` +
        'Keep this link to yourself: anyone with it can see your tickets.\\n\\n' +
        `Event page: ${event.url}`,
    );
  });

  it('reminds the fan a day and two hours before the start', () => {
    const ics = renderEventIcs({ event, order });
    const alarms = [...ics.replace(/\r\n[ \t]/g, '').matchAll(/BEGIN:VALARM\r\n([\s\S]*?)END:VALARM/g)].map((match) =>
      parseIcs(match[1]!),
    );
    expect(alarms.map((alarm) => [value(alarm, 'ACTION'), value(alarm, 'TRIGGER')])).toEqual([
      ['DISPLAY', '-P1D'],
      ['DISPLAY', '-PT2H'],
    ]);
    expect(value(alarms[1]!, 'DESCRIPTION')).toBe('Summer Jam at the Harbour starts in 2 hours');
    // Inside the VEVENT, so every calendar attaches them to this entry.
    expect(ics.indexOf('BEGIN:VALARM')).toBeGreaterThan(ics.indexOf('BEGIN:VEVENT'));
    expect(ics.lastIndexOf('END:VALARM')).toBeLessThan(ics.indexOf('END:VEVENT'));
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

// Debian's python3-icalendar (apt install python3-icalendar) reads the file as another calendar program would.
const python = '/usr/bin/python3';
const hasIcalendar = spawnSync(python, ['-c', 'import icalendar'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!hasIcalendar)('renderEventIcs read by python3-icalendar', () => {
  it('parses to one event with the order URL, the order link in the description and both reminders', () => {
    const script = `
import sys, json, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.read())
events = [c for c in cal.walk() if c.name == 'VEVENT']
e = events[0]
print(json.dumps({
  'events': len(events),
  'start': e.decoded('DTSTART').isoformat(),
  'url': str(e.get('URL')),
  'description': str(e.get('DESCRIPTION')),
  'alarms': [str(a.decoded('TRIGGER')) for a in e.walk() if a.name == 'VALARM'],
  'actions': [str(a.get('ACTION')) for a in e.walk() if a.name == 'VALARM'],
}))`;
    const run = spawnSync(python, ['-c', script], { input: renderEventIcs({ event, order }), encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const parsed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      events: 1,
      start: '2026-07-04T18:30:00+00:00',
      url: order.orderUrl,
      alarms: ['-1 day, 0:00:00', '-1 day, 22:00:00'],
      actions: ['DISPLAY', 'DISPLAY'],
    });
    expect(parsed.description).toContain(`Your order MQ-7K3F9X, with your tickets: ${order.orderUrl}`);
  });
});
