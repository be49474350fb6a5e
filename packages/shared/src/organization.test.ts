import { describe, expect, it } from 'vitest';
import { sanitizeSubdomainInput, subdomainFormatProblem, subdomainFromName } from './organization.js';

describe('subdomains', () => {
  it('keeps only lower-case letters, digits and hyphens of what is typed', () => {
    expect(sanitizeSubdomainInput('Acme Events_2026!')).toBe('acmeevents2026');
    expect(sanitizeSubdomainInput('my-Club')).toBe('my-club');
  });

  it('falls back to the lower-cased name without non-alphanumerics', () => {
    expect(subdomainFromName('Acme Events Ltd.')).toBe('acmeeventsltd');
  });

  it('explains malformed, short and reserved names', () => {
    expect(subdomainFormatProblem('acme')).toBeNull();
    expect(subdomainFormatProblem('ab')).toBe('Must be at least 3 characters');
    expect(subdomainFormatProblem('-acme')).toMatch(/starting and ending/);
    expect(subdomainFormatProblem('acme-')).toMatch(/starting and ending/);
    expect(subdomainFormatProblem('ac--me')).toBe('Cannot contain two hyphens in a row');
    for (const reserved of ['www', 'app', 'api', 'admin', 'mail']) {
      expect(subdomainFormatProblem(reserved)).toBe('This name is reserved');
    }
  });
});
