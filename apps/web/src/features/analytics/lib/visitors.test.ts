import { describe, expect, it } from 'vitest';
import { conversionCaption, visitorCount } from './visitors';

describe('visitor words', () => {
  it('says visitor for one and visitors otherwise', () => {
    expect(visitorCount(1, 'unique ')).toBe('1 unique visitor');
    expect(visitorCount(0, 'unique ')).toBe('0 unique visitors');
    expect(visitorCount(2500, 'unique ')).toBe('2,500 unique visitors');
  });

  it('writes the conversion as visitors who ordered out of the visitors', () => {
    expect(conversionCaption({ ordering_visitors: 1, visitors: 1 })).toBe('1 of 1 visitor ordered');
    expect(conversionCaption({ ordering_visitors: 2, visitors: 5 })).toBe('2 of 5 visitors ordered');
    expect(conversionCaption({ ordering_visitors: 0, visitors: 0 })).toBe('No visitors in this period.');
  });
});
