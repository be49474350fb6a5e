import { describe, expect, it } from 'vitest';
import { filterNavItems, NAV_ITEMS, navItemsFor } from './nav-items';

describe('filterNavItems', () => {
  it('lists every sidebar entry in order for an empty query', () => {
    expect(filterNavItems('  ').map((item) => item.label)).toEqual([
      'Dashboard',
      'Events',
      'Analytics',
      'Customers',
      'Profile',
      'Billing',
    ]);
  });

  it('matches case-insensitively anywhere in the label', () => {
    expect(filterNavItems('BIL').map((item) => item.label)).toEqual(['Billing']);
    expect(filterNavItems('ers').map((item) => item.label)).toEqual(['Customers']);
  });

  it('returns nothing when no entry matches', () => {
    expect(filterNavItems('zzz')).toEqual([]);
  });

  it('marks Dashboard and Events as exact-match entries and the others as prefix entries', () => {
    expect(NAV_ITEMS.filter((item) => item.end).map((item) => item.label)).toEqual(['Dashboard', 'Events']);
  });
});

describe('navItemsFor', () => {
  it('shows Billing to owners only', () => {
    expect(navItemsFor('owner').map((item) => item.label)).toContain('Billing');
    expect(navItemsFor('admin').map((item) => item.label)).not.toContain('Billing');
    expect(navItemsFor(undefined).map((item) => item.label)).not.toContain('Billing');
  });
});
