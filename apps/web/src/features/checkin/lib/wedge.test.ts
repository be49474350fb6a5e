import { describe, expect, it } from 'vitest';
import { FAST_GAP_MS, HOLD_MS, MAX_PAYLOAD, WedgeReader, type WedgeDecision } from './wedge';

// A real payload's shape: MQT1.<ticket code>.<event id>.<86-character Ed25519 signature>, 141 characters.
const PAYLOAD =
  'MQT1.T-7KQ2MZ9XPA.0b6f1c9e-3a1d-4a77-9c56-2f1e0d9b8a71.' +
  'Zx3_kP0-QmT1vL8sYw2nR5bC7dF9gH4jK6mN1pQ3rS5tU7vW9xY0zA2bC4dE6fG8hJ0kL2mN4pQ6rS8tU0vW2x';

interface Run {
  /** The focused field's text after each key (and after the held keys' timer), for a field with a caret. */
  values: string[];
  value: string;
  scans: string[];
  /** The field's text whenever an Enter reached the page (a form submit or a button press). */
  enters: string[];
}

/**
 * Plays keys (key, ms) through the reader as the door screen does: passed keys are typed into the field (or go
 * nowhere when `editable` is false), held keys come back through the timer or the next decision, a scan may put
 * the field back. `value`/`caret`: the field before the first key.
 */
function play(keys: Array<[string, number]>, { editable = true, value = '' } = {}): Run {
  const reader = new WedgeReader();
  const run: Run = { values: [], value, scans: [], enters: [] };
  let timer: number | null = null;
  let before = value;
  const type = (text: string) => {
    if (editable) run.value += text;
  };
  const fire = (until: number) => {
    if (timer !== null && timer <= until) {
      type(reader.expire(timer));
      timer = null;
      run.values.push(run.value);
    }
  };
  const apply = (decision: WedgeDecision, key: string, time: number) => {
    if (decision.kind === 'pass') {
      type(decision.release);
      if (key === 'Enter') run.enters.push(run.value);
      else if (key === 'Backspace') run.value = run.value.slice(0, -1);
      else if (key.length === 1) type(key);
      return;
    }
    if (decision.kind === 'scan') {
      timer = null;
      if (decision.restore) run.value = before;
      run.scans.push(decision.text);
      return;
    }
    if (decision.kind === 'insert') type(decision.text);
    if (decision.kind === 'insert' && !decision.start) return;
    if (decision.start) before = run.value;
    timer = time + reader.wait + HOLD_MS / 4;
  };
  for (const [key, time] of keys) {
    fire(time);
    apply(reader.key({ key, time, modified: false, editable }), key, time);
    run.values.push(run.value);
  }
  fire(Infinity);
  return run;
}

/** `text` typed from `start` ms, one key every `gap` ms, then (with `enter`) Enter after the same gap. */
function typed(text: string, { start = 1_000, gap = 4, enter = true } = {}): Array<[string, number]> {
  const keys = [...text].map((key, index): [string, number] => [key, start + index * gap]);
  return enter ? [...keys, ['Enter', start + text.length * gap]] : keys;
}

describe('a keyboard-wedge scan', () => {
  it('is judged when typed into an empty search box, and no character of it lands there', () => {
    const run = play(typed(PAYLOAD));
    expect(run.scans).toEqual([PAYLOAD]);
    expect(run.enters).toEqual([]);
    expect(run.values.every((value) => value === '')).toBe(true);
  });

  it('leaves what a person had typed in the box as it was, and their next key goes on from it', () => {
    const run = play([...typed(PAYLOAD), ...typed('a', { start: 3_000, enter: false })], { value: 'Dor' });
    expect(run.scans).toEqual([PAYLOAD]);
    expect(run.value).toBe('Dora');
    expect(run.values.every((value) => value.startsWith('Dor') && value.length <= 4)).toBe(true);
  });

  it('is judged with nothing to type into (a button or nothing focused), and its Enter presses nothing', () => {
    const run = play(typed(PAYLOAD), { editable: false });
    expect(run.scans).toEqual([PAYLOAD]);
    expect(run.enters).toEqual([]);
  });

  it('is judged twice when scanned twice, and with Shift pressed for each capital', () => {
    const shifted = [...PAYLOAD].flatMap((key, index): Array<[string, number]> =>
      /[A-Z]/.test(key)
        ? [
            ['Shift', 10 + index * 6],
            [key, 12 + index * 6],
          ]
        : [[key, 12 + index * 6]],
    );
    const run = play([...shifted, ['Enter', 12 + PAYLOAD.length * 6], ...typed(PAYLOAD, { start: 5_000 })]);
    expect(run.scans).toEqual([PAYLOAD, PAYLOAD]);
  });

  it('from a slow scanner (300 ms between keys) is still judged, and the box is put back as it was', () => {
    const run = play(typed(PAYLOAD, { gap: 300 }), { value: 'Dor' });
    expect(run.scans).toEqual([PAYLOAD]);
    expect(run.value).toBe('Dor');
  });

  it('that is damaged after the prefix is still judged (the server calls it an unknown ticket)', () => {
    const run = play(typed('MQT1.hello world'));
    expect(run.scans).toEqual(['MQT1.hello world']);
  });

  it('of something that is not ours, with nothing focused, is judged by its speed (a ticket code read as text)', () => {
    expect(play(typed('T-7KQ2MZ9XPA', { gap: 8 }), { editable: false }).scans).toEqual(['T-7KQ2MZ9XPA']);
    expect(play(typed('https://example.com/x', { gap: FAST_GAP_MS }), { editable: false }).scans).toEqual([
      'https://example.com/x',
    ]);
  });
});

describe('a person typing', () => {
  const person = (text: string, options: { start?: number; enter?: boolean } = {}) =>
    typed(text, { gap: 140, ...options });

  it('keeps every keystroke, in order, and their Enter searches', () => {
    for (const text of ['Mary Major', 'MQ-ABC123', 'T-7KQ2MZ9XPA', 'mqt1', 'MQT', 'dora@example.com', 'M']) {
      const run = play(person(text));
      expect(run.scans).toEqual([]);
      expect(run.enters).toEqual([text]);
    }
  });

  it('sees a held key within a moment when they pause after it', () => {
    const run = play(person('M', { enter: false }));
    expect(run.values[0]).toBe('');
    expect(run.value).toBe('M');
    expect(run.values).toEqual(['', 'M']);
  });

  it('has held keys handed back before a Backspace, an arrow or Tab acts', () => {
    const run = play([
      ['M', 0],
      ['Q', 20],
      ['Backspace', 40],
      ['x', 60],
    ]);
    expect(run.value).toBe('Mx');
  });

  it('is never judged by speed in a field, nor when slower than a scanner', () => {
    expect(play(typed('T-7KQ2MZ9XPA', { gap: 5 })).scans).toEqual([]);
    expect(play(typed('T-7KQ2MZ9XPA', { gap: 5 })).enters).toEqual(['T-7KQ2MZ9XPA']);
    expect(play(typed('Dora Doorkeeper', { gap: 80 }), { editable: false }).scans).toEqual([]);
    expect(play(typed('short', { gap: 5 }), { editable: false }).scans).toEqual([]);
  });

  it('who types the prefix and stops gets it back, and a later Enter is theirs', () => {
    const run = play([...typed('MQT1.x', { gap: 100, enter: false }), ['Enter', 5_000]]);
    expect(run.scans).toEqual([]);
    expect(run.enters).toEqual(['MQT1.x']);
  });

  it('who pastes a longer text than any payload gets it all back', () => {
    const long = `MQT1.${'a'.repeat(MAX_PAYLOAD)}`;
    const run = play(typed(long));
    expect(run.scans).toEqual([]);
    expect(run.enters).toEqual([long]);
  });
});
