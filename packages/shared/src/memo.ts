/**
 * A bounded cache for a pure function's results by a string key: a busy server renders the same few inputs over
 * and over (an event's instants, its zone, an organiser's colours), and the work is costly enough to show in a
 * profile. Emptied when full, so it never grows past `max` entries.
 */
export function boundedMemo<T>(max: number): (key: string, compute: () => T) => T {
  const known = new Map<string, T>();
  return (key, compute) => {
    if (known.has(key)) return known.get(key)!;
    const value = compute();
    if (known.size >= max) known.clear();
    known.set(key, value);
    return value;
  };
}
