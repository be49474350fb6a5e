// Which camera reads become scans. The camera sees the same QR code on every frame while a fan holds up their
// phone; a code is passed on only when it has not been seen for QUIET_MS, counted from its last sighting (not from
// when it was passed on), so a ticket held in view is judged once however long it stays there. Another code is
// passed on at once.

/** How long a code must be out of view before a new sighting counts as showing it again. */
export const QUIET_MS = 4_000;

export interface ReadGate {
  /** Records a sighting of `value` at `now` (ms) and says whether it is a new scan. */
  accept(value: string, now: number): boolean;
}

export function createReadGate(quietMs = QUIET_MS): ReadGate {
  // Every code seen lately, with its last sighting: two tickets on one screen, read in turn, stay quiet too.
  const lastSeen = new Map<string, number>();
  return {
    accept(value, now) {
      for (const [code, at] of lastSeen) if (now - at >= quietMs) lastSeen.delete(code);
      const fresh = !lastSeen.has(value);
      lastSeen.set(value, now);
      return fresh;
    },
  };
}
