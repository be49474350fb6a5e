import { describe, expect, it } from 'vitest';
import { eventSlugBase, eventSlugCandidate, isEventSlug } from './slugs.js';

describe('event slugs', () => {
  it('makes a readable slug from the name', () => {
    expect(eventSlugBase('Warehouse Night 01')).toBe('warehouse-night-01');
    expect(eventSlugBase('  Café Señor — Live!  ')).toBe('cafe-senor-live');
    expect(eventSlugBase('🎉🎉')).toBe('event');
  });

  it('never makes a slug that reads as an event id', () => {
    expect(eventSlugBase('3f0c2a8e-1b2c-4d5e-8f90-123456789abc')).toBe('event-3f0c2a8e-1b2c-4d5e-8f90-123456789abc');
  });

  it('numbers later candidates and keeps them within the length limit', () => {
    expect(eventSlugCandidate('gig', 1)).toBe('gig');
    expect(eventSlugCandidate('gig', 3)).toBe('gig-3');
    const long = eventSlugBase('a'.repeat(80));
    expect(eventSlugCandidate(long, 12)).toHaveLength(60);
    expect(isEventSlug(eventSlugCandidate(long, 12))).toBe(true);
  });
});
