import { describe, expect, it } from 'vitest';
import { planAccessOf } from './plan-access.js';

const now = new Date('2026-12-03T12:00:00Z');
const later = new Date('2027-01-03T12:00:00Z');
const earlier = new Date('2026-12-01T12:00:00Z');

describe('planAccessOf', () => {
  it('has no PRO without a plan', () => {
    expect(planAccessOf(undefined, now)).toEqual({
      pro: false,
      status: 'none',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
  });
  it('keeps PRO until the paid period ends, cancelled or past due', () => {
    expect(planAccessOf({ status: 'active', currentPeriodEnd: later, cancelAtPeriodEnd: true }, now).pro).toBe(true);
    expect(planAccessOf({ status: 'past_due', currentPeriodEnd: later, cancelAtPeriodEnd: false }, now).pro).toBe(true);
  });
  it('ends PRO at the period end, and when ended', () => {
    expect(planAccessOf({ status: 'active', currentPeriodEnd: earlier, cancelAtPeriodEnd: true }, now).pro).toBe(false);
    expect(planAccessOf({ status: 'ended', currentPeriodEnd: later, cancelAtPeriodEnd: false }, now).pro).toBe(false);
  });
});
