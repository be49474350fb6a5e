import { describe, expect, it } from 'vitest';
import { createReadGate, QUIET_MS } from './read-gate';

const A = 'MQT1.T-AAAAAAAAAA.event.signature';
const B = 'MQT1.T-BBBBBBBBBB.event.signature';

/** Feeds sightings (code, ms) and returns the ones passed on as scans. */
function scans(sightings: Array<[string, number]>, quiet = QUIET_MS) {
  const gate = createReadGate(quiet);
  return sightings.filter(([code, at]) => gate.accept(code, at)).map(([code, at]) => `${code.slice(7, 8)}@${at}`);
}

describe('the camera read gate', () => {
  it('waits 4 seconds of quiet, a few seconds as the door needs', () => {
    expect(QUIET_MS).toBe(4_000);
  });

  it('passes on a ticket held in view once, however long it stays (a frame every 150 ms for 20 s)', () => {
    const frames = Array.from({ length: 134 }, (_, index): [string, number] => [A, index * 150]);
    expect(scans(frames)).toEqual(['A@0']);
  });

  it('ignores the same code shown again within the quiet time after it was last seen', () => {
    // In view 0-3 s, out of view for 3.9 s, back: the same fan lowering and raising the phone.
    expect(
      scans([
        [A, 0],
        [A, 3_000],
        [A, 6_900],
      ]),
    ).toEqual(['A@0']);
  });

  it('passes on the same code again once it was out of view for the quiet time', () => {
    expect(
      scans([
        [A, 0],
        [A, 3_000],
        [A, 7_000],
        [A, 7_150],
      ]),
    ).toEqual(['A@0', 'A@7000']);
  });

  it('passes on another code at once, and two codes read in turn each once', () => {
    expect(
      scans([
        [A, 0],
        [B, 150],
        [A, 300],
        [B, 450],
        [A, 600],
      ]),
    ).toEqual(['A@0', 'B@150']);
  });

  it('forgets codes after the quiet time (the gate does not grow at a long door)', () => {
    const gate = createReadGate(1_000);
    for (let index = 0; index < 1_000; index += 1) expect(gate.accept(`code-${index}`, index * 2_000)).toBe(true);
    expect(gate.accept('code-999', 999 * 2_000 + 500)).toBe(false);
  });
});
