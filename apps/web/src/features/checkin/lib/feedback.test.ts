import { describe, expect, it } from 'vitest';
import { createFeedback, loadMuted, saveMuted, TONES, VIBRATIONS, type FeedbackEnvironment } from './feedback';

/** A stand-in for the browser's AudioContext that records the tones started on it. */
function fakeAudio(state: AudioContextState = 'running') {
  const tones: Array<{ hz: number; wave: string }> = [];
  let resumed = 0;
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  class FakeContext {
    state = state;
    currentTime = 0;
    destination = {};
    resume() {
      resumed += 1;
      return Promise.resolve();
    }
    createGain() {
      return { gain: param(), connect: (next: unknown) => next };
    }
    createOscillator() {
      const oscillator = {
        type: 'sine',
        frequency: param(),
        connect: (next: unknown) => next,
        start: () => tones.push({ hz: oscillator.frequency.value, wave: oscillator.type }),
        stop() {},
      };
      return oscillator;
    }
  }
  return {
    AudioContext: FakeContext as unknown as new () => AudioContext,
    tones,
    resumed: () => resumed,
  };
}

describe('sound and vibration at the door', () => {
  it('plays a distinct tone to admit and to refuse, and vibrates a distinct pattern', () => {
    const audio = fakeAudio();
    const vibrations: number[][] = [];
    const feedback = createFeedback({
      AudioContext: audio.AudioContext,
      vibrate: (pattern) => vibrations.push(pattern) > 0,
    });
    feedback.unlock();
    feedback.signal('admit', false);
    expect(audio.tones).toEqual([
      { hz: 880, wave: 'sine' },
      { hz: 1320, wave: 'sine' },
    ]);
    feedback.signal('refuse', false);
    expect(audio.tones.slice(2)).toEqual([{ hz: 196, wave: 'square' }]);
    expect(vibrations).toEqual([VIBRATIONS.admit, VIBRATIONS.refuse]);
    expect(TONES.admit).not.toEqual(TONES.refuse);
    expect(VIBRATIONS.admit).not.toEqual(VIBRATIONS.refuse);
  });

  it('stays silent when muted, and still vibrates', () => {
    const audio = fakeAudio();
    const vibrations: number[][] = [];
    const feedback = createFeedback({ AudioContext: audio.AudioContext, vibrate: (p) => vibrations.push(p) > 0 });
    feedback.unlock();
    feedback.signal('refuse', true);
    expect(audio.tones).toEqual([]);
    expect(vibrations).toEqual([VIBRATIONS.refuse]);
  });

  it('makes no sound before a tap or key press (the browser would refuse it), then wakes a sleeping context', () => {
    const audio = fakeAudio('suspended');
    const feedback = createFeedback({ AudioContext: audio.AudioContext });
    feedback.signal('admit', false);
    expect(audio.tones).toEqual([]);
    feedback.unlock();
    expect(audio.resumed()).toBe(1);
    feedback.signal('admit', false);
    expect(audio.tones).toHaveLength(2);
  });

  it('does nothing, and throws nothing, where there is no Web Audio or no vibration or either fails', () => {
    const bare: FeedbackEnvironment = {};
    const none = createFeedback(bare);
    expect(() => {
      none.unlock();
      none.signal('admit', false);
      none.signal('refuse', true);
    }).not.toThrow();
    const broken = createFeedback({
      AudioContext: class {
        constructor() {
          throw new Error('no audio device');
        }
      } as unknown as new () => AudioContext,
      vibrate: () => {
        throw new Error('not allowed');
      },
    });
    expect(() => {
      broken.unlock();
      broken.signal('refuse', false);
    }).not.toThrow();
  });

  it('remembers the mute switch on the device, and survives a storage that refuses', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (k: string, v: string) => kept.set(k, v),
    };
    expect(loadMuted(storage)).toBe(false);
    saveMuted(true, storage);
    expect(loadMuted(storage)).toBe(true);
    saveMuted(false, storage);
    expect(loadMuted(storage)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveMuted(true, refusing)).not.toThrow();
    expect(loadMuted(refusing)).toBe(false);
    expect(loadMuted(undefined)).toBe(false);
  });
});
