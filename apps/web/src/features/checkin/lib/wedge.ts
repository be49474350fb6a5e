// Handheld USB and Bluetooth scanners ("keyboard wedge") type what they read as key presses, fast, then Enter.
// This decides, key by key, which presses are a scan and which are a person typing, so the door screen can judge a
// scan from wherever the focus is. Two signs, either is enough:
// - the shape: a Marquee QR payload starts `MQT1.` (`MQT1.<ticket code>.<event id>.<signature>`, ticket-qr.ts).
//   Keys that may be the start of one are held back (kept out of the focused field) until the payload is certain
//   or ruled out; then they are handed back, in order, so a person's keystroke is delayed at most HOLD_MS, never
//   lost. A payload is sent as typed, whatever follows the prefix: the server (or, offline, the signature check)
//   calls a damaged or forged one "Unknown ticket".
// - the timing: with no text field focused, at least FAST_MIN characters each within FAST_GAP_MS of the last and
//   an Enter as quick (no person types that fast) are a scan of something else (a ticket code, or a code that is
//   not ours), judged rather than lost.

export const PAYLOAD_PREFIX = 'MQT1.';
/** The longest payload the scan endpoint takes; anything longer is not a scan of ours. */
export const MAX_PAYLOAD = 300;
/** How long a key that may start a payload waits for the next one before it is handed back. */
export const HOLD_MS = 120;
/** Once the prefix is complete: the longest pause inside one scan. */
export const SCAN_GAP_MS = 1_000;
export const FAST_GAP_MS = 50;
export const FAST_MIN = 10;

export interface WedgeKey {
  /** KeyboardEvent.key */
  key: string;
  /** ms, from a steady clock */
  time: number;
  /** Ctrl, Alt or Meta held (a shortcut, not typing) or an input method composing. */
  modified: boolean;
  /** The focused element takes typed text (an input, a text area, a select). */
  editable: boolean;
}

export type WedgeDecision =
  /** Let the key do what it does; first put `release` (held keys, handed back) into the field. */
  | { kind: 'pass'; release: string }
  /** Keep the key out of the field for now; `start`: it may begin a payload (remember the field as it is). */
  | { kind: 'hold'; start: boolean }
  /**
   * Stop this key and put `text` (keys held back, handed back) into the field instead; `start`: this key is held
   * as the possible start of a payload (remember the field once `text` is in), otherwise `text` ends with it.
   */
  | { kind: 'insert'; text: string; start: boolean }
  /** Stop the Enter and judge `text`; `restore`: some of it reached the field, put the field back as it was. */
  | { kind: 'scan'; text: string; restore: boolean };

const MODIFIER_KEYS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'AltGraph', 'Meta', 'NumLock']);

/** Whether `text` can still become a payload (the prefix, then anything up to MAX_PAYLOAD). */
const mayBePayload = (text: string) =>
  text.length <= PAYLOAD_PREFIX.length ? PAYLOAD_PREFIX.startsWith(text) : text.length <= MAX_PAYLOAD;

export const isPayload = (text: string) => text.startsWith(PAYLOAD_PREFIX);

export class WedgeReader {
  /** The keys since the possible start of a payload, and how many of them reached the field. */
  private candidate = '';
  private landed = 0;
  private held = '';
  private last = -Infinity;
  /** The latest run of quick keys (the timing sign). */
  private fast = '';
  private fastLast = -Infinity;

  /** How long the held keys may wait for the next key before `expire` hands them back. */
  get wait(): number {
    return this.candidate.length >= PAYLOAD_PREFIX.length ? SCAN_GAP_MS : HOLD_MS;
  }

  key({ key, time, modified, editable }: WedgeKey): WedgeDecision {
    if (MODIFIER_KEYS.has(key)) return { kind: 'pass', release: '' };
    // A pause longer than any scanner's: whatever is still held (a late timer) goes back first.
    const stale = this.candidate && time - this.last > SCAN_GAP_MS ? this.drop() : '';
    if (key === 'Enter' && !modified) return this.enter(time, editable, stale);
    if (key.length !== 1 || modified) {
      // Backspace, arrows, Tab, a shortcut, an input method's key: a person; the held keys go first.
      this.fast = '';
      return { kind: 'pass', release: stale + this.drop() };
    }
    this.fast = time - this.fastLast <= FAST_GAP_MS ? this.fast + key : key;
    this.fastLast = time;
    if (mayBePayload(this.candidate + key)) return this.hold(key, time, stale);
    // Not a payload after all: what was held goes back, then this key, which may begin a payload itself.
    const release = stale + this.drop();
    if (mayBePayload(key)) return this.hold(key, time, release);
    return release ? { kind: 'insert', text: release + key, start: false } : { kind: 'pass', release: '' };
  }

  /** Called `wait` ms after a held key: hands back the held keys if no key came since (the payload goes on). */
  expire(time: number): string {
    if (!this.held || time - this.last < this.wait) return '';
    const release = this.held;
    this.landed += release.length;
    this.held = '';
    if (time - this.last >= SCAN_GAP_MS) this.drop();
    return release;
  }

  /** Holds `key` as part of a possible payload; `release`: keys of a dropped one, handed back before it. */
  private hold(key: string, time: number, release: string): WedgeDecision {
    const start = this.candidate === '';
    this.candidate += key;
    this.held += key;
    this.last = time;
    return release ? { kind: 'insert', text: release, start } : { kind: 'hold', start };
  }

  private enter(time: number, editable: boolean, stale: string): WedgeDecision {
    const { candidate, landed } = this;
    const quick = !editable && this.fast.length >= FAST_MIN && time - this.fastLast <= FAST_GAP_MS;
    const fast = this.fast;
    const held = this.drop();
    this.fast = '';
    if (candidate.length >= PAYLOAD_PREFIX.length) return { kind: 'scan', text: candidate, restore: landed > 0 };
    if (quick) return { kind: 'scan', text: fast, restore: false };
    return { kind: 'pass', release: stale + held };
  }

  /** Forgets the possible payload; returns the keys it still held (to hand back). */
  private drop(): string {
    const held = this.held;
    this.candidate = '';
    this.held = '';
    this.landed = 0;
    return held;
  }
}
