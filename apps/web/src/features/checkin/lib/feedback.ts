// What the door hears and feels after each answer, where the device allows: a short rising double beep and one
// short buzz to admit, a low tone and a long double buzz to refuse (anything but "admitted"), so door staff need
// not look at the screen for every fan. Tones are made with Web Audio (no sound files); the sound can be muted,
// and the choice is kept on the device. Vibration needs no setting: it is silent. Nothing fails where either is
// missing (iPhones have no vibration; some browsers no Web Audio).

export type Signal = 'admit' | 'refuse';

interface Note {
  hz: number;
  /** Start and length, in seconds. */
  at: number;
  length: number;
  wave: OscillatorType;
}

export const TONES: Record<Signal, Note[]> = {
  admit: [
    { hz: 880, at: 0, length: 0.09, wave: 'sine' },
    { hz: 1320, at: 0.11, length: 0.12, wave: 'sine' },
  ],
  refuse: [{ hz: 196, at: 0, length: 0.4, wave: 'square' }],
};

export const VIBRATIONS: Record<Signal, number[]> = { admit: [80], refuse: [250, 100, 250] };

const MUTED_KEY = 'marquee-checkin-muted';

export function loadMuted(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

export function saveMuted(muted: boolean, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  try {
    storage?.setItem(MUTED_KEY, muted ? '1' : '0');
  } catch {
    // Private browsing may refuse storage: the choice then lasts until the page closes.
  }
}

export interface FeedbackEnvironment {
  AudioContext?: new () => AudioContext;
  vibrate?: (pattern: number[]) => boolean;
}

function browserEnvironment(): FeedbackEnvironment {
  const scope = globalThis as unknown as { AudioContext?: new () => AudioContext; webkitAudioContext?: never };
  const vibrate =
    typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function'
      ? (pattern: number[]) => navigator.vibrate(pattern)
      : undefined;
  return { AudioContext: scope.AudioContext ?? scope.webkitAudioContext, vibrate };
}

export interface Feedback {
  /** Makes (or wakes) the audio context; call it from a tap or key press, as browsers allow sound only after one. */
  unlock(): void;
  signal(kind: Signal, muted: boolean): void;
}

export function createFeedback(environment: FeedbackEnvironment = browserEnvironment()): Feedback {
  let context: AudioContext | null = null;
  const wake = () => {
    if (context?.state === 'suspended') context.resume().catch(() => undefined);
  };
  return {
    unlock() {
      if (!context && environment.AudioContext) {
        try {
          context = new environment.AudioContext();
        } catch {
          environment.AudioContext = undefined;
        }
      }
      wake();
    },
    signal(kind, muted) {
      try {
        environment.vibrate?.(VIBRATIONS[kind]);
      } catch {
        // A browser that refuses vibration (not allowed without a tap yet) just stays still.
      }
      // No context before the first tap or key press: a tone then would only be refused by the browser.
      if (muted || !context) return;
      wake();
      try {
        const start = context.currentTime + 0.01;
        for (const note of TONES[kind]) {
          const oscillator = context.createOscillator();
          const gain = context.createGain();
          oscillator.type = note.wave;
          oscillator.frequency.value = note.hz;
          // A fast rise and fall, so the tone does not click.
          gain.gain.setValueAtTime(0.0001, start + note.at);
          gain.gain.exponentialRampToValueAtTime(0.25, start + note.at + 0.01);
          gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
          oscillator.connect(gain).connect(context.destination);
          oscillator.start(start + note.at);
          oscillator.stop(start + note.at + note.length + 0.02);
        }
      } catch {
        // Audio that cannot play is not worth an error at the door.
      }
    },
  };
}
