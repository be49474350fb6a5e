import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_STATUS_TOOLTIP,
  customerStatus,
  customersPageLabels,
  nextCustomerSort,
  topSpendCount,
} from './customers.js';

const now = new Date('2026-11-24T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('customerStatus', () => {
  it('New for a first purchase in the last 30 days, whatever else is true', () => {
    expect(customerStatus({ firstPurchaseAt: daysAgo(0), events: 1, inTopSpend: false }, now)).toBe('New');
    expect(customerStatus({ firstPurchaseAt: daysAgo(30), events: 5, inTopSpend: true }, now)).toBe('New');
  });
  it('VIP for 3 or more events or the top 5% by spend, once no longer new', () => {
    expect(customerStatus({ firstPurchaseAt: daysAgo(31), events: 3, inTopSpend: false }, now)).toBe('VIP');
    expect(customerStatus({ firstPurchaseAt: daysAgo(31), events: 1, inTopSpend: true }, now)).toBe('VIP');
  });
  it('Active otherwise', () => {
    expect(customerStatus({ firstPurchaseAt: daysAgo(31), events: 2, inTopSpend: false }, now)).toBe('Active');
  });
  it('the tooltip states the rules', () => {
    expect(CUSTOMER_STATUS_TOOLTIP).toBe(
      'New: first purchase in the last 30 days. VIP: tickets for 3 or more events, or in your top 5% of customers by spend. Active: every other customer.',
    );
  });
});

describe('topSpendCount', () => {
  it('is 5% of the customers, rounded down', () => {
    expect([0, 19, 20, 39, 40, 100_000].map(topSpendCount)).toEqual([0, 0, 1, 1, 2, 5000]);
  });
});

describe('nextCustomerSort', () => {
  it('a new column starts ascending, the same column toggles', () => {
    expect(nextCustomerSort({ sort: 'name', direction: 'asc' }, 'email')).toEqual({ sort: 'email', direction: 'asc' });
    expect(nextCustomerSort({ sort: 'name', direction: 'asc' }, 'name')).toEqual({ sort: 'name', direction: 'desc' });
    expect(nextCustomerSort({ sort: 'name', direction: 'desc' }, 'name')).toEqual({ sort: 'name', direction: 'asc' });
    expect(nextCustomerSort({ sort: 'email', direction: 'desc' }, 'name')).toEqual({ sort: 'name', direction: 'asc' });
  });
});

describe('customersPageLabels', () => {
  const rows = (count: number) => Array.from({ length: count }, () => ({}) as never);
  it('an exact total: shown as counted, no next page after the last', () => {
    expect(
      customersPageLabels({ customers: rows(2), total: 2, total_capped: false, page: 1, page_size: 50, page_count: 1 }),
    ).toEqual({ showing: 'Showing 1 to 2 of 2 customers', pages: 'Page 1 of 1', hasNext: false });
    expect(
      customersPageLabels({ customers: [], total: 0, total_capped: false, page: 1, page_size: 50, page_count: 1 }),
    ).toEqual({ showing: 'Showing 0 to 0 of 0 customers', pages: 'Page 1 of 1', hasNext: false });
  });
  it('a total counted no further: "10,000+" and "200+", and a next page while the page is full', () => {
    const capped = { total: 10_000, total_capped: true, page: 200, page_size: 50, page_count: 200 };
    expect(customersPageLabels({ ...capped, customers: rows(50) })).toEqual({
      showing: 'Showing 9,951 to 10,000 of 10,000+ customers',
      pages: 'Page 200 of 200+',
      hasNext: true,
    });
  });
});
