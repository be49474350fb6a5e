import { describe, expect, it } from 'vitest';
import { profileUrl } from './profile-url';

describe('profileUrl', () => {
  it('uses http when the dashboard is served over http', () => {
    expect(profileUrl('acme.localhost:3000', 'http:')).toBe('http://acme.localhost:3000');
  });

  it('uses https otherwise', () => {
    expect(profileUrl('tickets.acme.com', 'https:')).toBe('https://tickets.acme.com');
  });

  it('gives no address when the organisation has no domain', () => {
    expect(profileUrl('', 'https:')).toBeNull();
    expect(profileUrl(null, 'https:')).toBeNull();
    expect(profileUrl(undefined, 'http:')).toBeNull();
  });
});
