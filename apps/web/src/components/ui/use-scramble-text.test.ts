import { describe, expect, it } from 'vitest';
import { scrambleFrame } from './use-scramble-text';

describe('scrambleFrame', () => {
  it('keeps the revealed letters and spaces, and scrambles the rest', () => {
    const frame = scrambleFrame('GET STARTED', 3, () => 0);
    expect(frame.slice(0, 3)).toBe('GET');
    expect(frame[3]).toBe(' ');
    expect(frame.slice(4)).toBe('AAAAAAA');
  });

  it('returns the text itself once every letter is revealed', () => {
    expect(scrambleFrame('SIGN IN', 7)).toBe('SIGN IN');
  });
});
