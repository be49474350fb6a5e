import { describe, expect, it } from 'vitest';
import { canvasPixelSize, easeInOutCubic, nextIndex, overlayTiming, scrollPositionAt } from './motion';

describe('overlayTiming', () => {
  it('removes the overlay after 2 s, fading over the last 0.5 s', () => {
    expect(overlayTiming(false)).toEqual({ fadeAt: 1500, removeAt: 2000 });
  });

  it('is short and has no fade under reduced motion', () => {
    expect(overlayTiming(true)).toEqual({ fadeAt: 200, removeAt: 200 });
  });
});

describe('easeInOutCubic', () => {
  it('starts at 0, ends at 1, passes the middle at 0.5', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
  });

  it('clamps outside [0, 1] and never moves backwards', () => {
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
    let previous = -1;
    for (let t = 0; t <= 1; t += 0.05) {
      const value = easeInOutCubic(t);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });
});

describe('scrollPositionAt', () => {
  it('goes from the start to the target over the duration', () => {
    expect(scrollPositionAt(100, 900, 0, 1200)).toBe(100);
    expect(scrollPositionAt(100, 900, 600, 1200)).toBe(500);
    expect(scrollPositionAt(100, 900, 1200, 1200)).toBe(900);
    expect(scrollPositionAt(100, 900, 5000, 1200)).toBe(900);
  });

  it('jumps straight to the target without a duration', () => {
    expect(scrollPositionAt(100, 900, 0, 0)).toBe(900);
  });
});

describe('nextIndex', () => {
  it('cycles through the items', () => {
    expect([0, 1, 2].map((index) => nextIndex(index, 3))).toEqual([1, 2, 0]);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

describe('canvasPixelSize', () => {
  it('caps the device pixel ratio and applies the render scale', () => {
    expect(canvasPixelSize(1000, 3, 1.5, 0.75)).toBe(1125);
    expect(canvasPixelSize(1000, 1, 1.5, 0.75)).toBe(750);
    expect(canvasPixelSize(0, 2, 1.5, 0.75)).toBe(1);
  });
});
