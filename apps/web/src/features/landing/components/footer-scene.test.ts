import { describe, expect, it } from 'vitest';
import scene from '../assets/footer-scene.json';
import { orbPosition, parseFooterScene } from './footer-scene';

describe('parseFooterScene', () => {
  it('accepts the shipped scene file, at 60 fps', () => {
    const parsed = parseFooterScene(scene);
    expect(parsed.fps).toBe(60);
    expect(parsed.shapes.length).toBeGreaterThan(0);
  });

  it('rejects something that is not a scene', () => {
    expect(() => parseFooterScene({ version: 2 })).toThrow(/invalid footer scene/);
    expect(() => parseFooterScene(null)).toThrow(/invalid footer scene/);
  });
});

describe('orbPosition', () => {
  it('drifts around its centre once per period', () => {
    const orb = {
      type: 'orb' as const,
      x: 0.5,
      y: 0.5,
      radius: 0.2,
      color: '#00ea6f',
      alpha: 0.2,
      drift: { x: 0.1, y: 0.1 },
      period: 10,
    };
    expect(orbPosition(orb, 0)).toEqual({ x: 0.6, y: 0.5 });
    const quarter = orbPosition(orb, 2.5);
    expect(quarter.x).toBeCloseTo(0.5);
    expect(quarter.y).toBeCloseTo(0.6);
  });
});
