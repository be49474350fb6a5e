import { describe, expect, it } from 'vitest';
import { boundedMemo } from './memo.js';

describe('boundedMemo', () => {
  it('computes a key once and answers it again from memory, and starts over when full', () => {
    const memo = boundedMemo<number>(2);
    let calls = 0;
    const square = (n: number) => memo(String(n), () => ((calls += 1), n * n));
    expect([square(3), square(3), square(4)]).toEqual([9, 9, 16]);
    expect(calls).toBe(2);
    // A third key empties the full cache: 3 is computed again afterwards.
    expect(square(5)).toBe(25);
    expect(square(3)).toBe(9);
    expect(calls).toBe(4);
  });
});
