import { describe, expect, it } from 'vitest';
import {
  CUSTOM_DOMAIN_TLDS,
  DOMAIN_MESSAGES,
  POLL_MAX_ATTEMPTS,
  VERIFY_COOLDOWN_SECONDS,
  customDomainMessage,
  dnsPanelName,
  domainFindingMessage,
  domainStatusResponseSchema,
  isDuplicateHostnameError,
  isValidCustomDomain,
  normalizeCustomDomain,
  pollDelayMs,
  verifyThrottleMessage,
} from './domains.js';

describe('custom-domain rule', () => {
  it('accepts domains whose last label or last two labels are on the list', () => {
    for (const domain of [
      'band.com',
      'tickets.band.com',
      'a-b.io',
      'x1.co.uk',
      'shop.example.com.au',
      'my.club.co.za',
      'a.b.c.dev',
    ]) {
      expect(isValidCustomDomain(domain), domain).toBe(true);
    }
  });

  it('accepts every TLD on the list after one name', () => {
    for (const tld of CUSTOM_DOMAIN_TLDS) expect(isValidCustomDomain(`band.${tld}`), tld).toBe(true);
  });

  it('rejects a single label, unknown TLDs and malformed labels', () => {
    for (const domain of [
      'localhost',
      'band',
      'band.xyz',
      'band.local',
      'band..com',
      '.band.com',
      '-band.com',
      'band-.com',
      'ba_nd.com',
      'bänd.com',
      'band.c',
      '',
    ]) {
      expect(isValidCustomDomain(domain), domain).toBe(false);
    }
  });

  it('rejects schemes, paths, ports, spaces and user info', () => {
    for (const domain of [
      'https://band.com',
      'band.com/tickets',
      'band.com:8080',
      'tickets band.com',
      'me@band.com',
      'band.com?x=1',
    ]) {
      expect(isValidCustomDomain(domain), domain).toBe(false);
    }
  });

  it('normalises case, surrounding spaces and a trailing dot', () => {
    expect(normalizeCustomDomain('  Tickets.Band.COM. ')).toBe('tickets.band.com');
    expect(isValidCustomDomain('  Tickets.Band.COM. ')).toBe(true);
  });

  it('rejects labels over 63 characters and names over 253', () => {
    expect(isValidCustomDomain(`${'a'.repeat(64)}.com`)).toBe(false);
    expect(isValidCustomDomain(`${'a'.repeat(63)}.com`)).toBe(true);
    expect(isValidCustomDomain(`${Array.from({ length: 60 }, () => 'abcd').join('.')}.com`)).toBe(false);
  });
});

describe('custom-domain messages and timings', () => {
  it('uses the spec texts', () => {
    expect(customDomainMessage('marquee.events')).toBe(
      'Please enter a valid domain with a real TLD (e.g., marquee.events)',
    );
    expect(verifyThrottleMessage(42)).toBe('Please wait 42 seconds before verifying again');
    expect(DOMAIN_MESSAGES).toEqual({
      saveFailed: 'Failed to save domain',
      verificationFailed: 'Verification failed',
      verifyFailed: 'Failed to verify domain',
      pollingExhausted:
        'Failed to get TXT validation records after multiple attempts. Please try again in a few minutes.',
    });
    expect(VERIFY_COOLDOWN_SECONDS).toBe(60);
  });

  it('polls 5 times, 1 s doubling, capped at 10 s', () => {
    expect(POLL_MAX_ATTEMPTS).toBe(5);
    expect([1, 2, 3, 4, 5, 6].map(pollDelayMs)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('recognises a duplicate-hostname error in any case', () => {
    expect(isDuplicateHostnameError('Duplicate custom hostname found.')).toBe(true);
    expect(isDuplicateHostnameError('duplicate entry')).toBe(false);
    expect(isDuplicateHostnameError(null)).toBe(false);
  });

  it('describes the domain-status response', () => {
    const ok = {
      verified: true,
      status: 'pending_ssl',
      error: null,
      details: { txt_name: '_x.band.com', txt_value: 'v', cname_target: 'edge.example.com' },
    };
    expect(domainStatusResponseSchema.parse(ok)).toEqual(ok);
    expect(domainStatusResponseSchema.safeParse({ ...ok, status: 'pending' }).success).toBe(false);
  });
});

describe('DNS panel names and what the wizard says about missing records', () => {
  it('names records relative to the zone, as DNS panels want them', () => {
    expect(dnsPanelName('tickets.example.com', 'tickets.example.com')).toBe('tickets');
    expect(dnsPanelName('example.com', 'example.com')).toBe('@');
    expect(dnsPanelName('shop.band.co.uk', 'shop.band.co.uk')).toBe('shop');
    expect(dnsPanelName('_marquee-verification.tickets.example.com', 'tickets.example.com')).toBe(
      '_marquee-verification.tickets',
    );
  });

  it('uses a real example domain in the invalid-domain message', () => {
    expect(customDomainMessage()).toBe('Please enter a valid domain with a real TLD (e.g., tickets.example.com)');
  });

  it('says which record is missing and what was found instead', () => {
    const names = { domain: 'tickets.example.com', cnameTarget: 'edge.marquee.com', txtName: '_m.tickets.example.com' };
    expect(domainFindingMessage({ missing: 'cname', found: [] }, names)).toBe(
      'CNAME record not found: tickets.example.com has no CNAME record yet. Point it to edge.marquee.com.',
    );
    expect(domainFindingMessage({ missing: 'cname', found: ['other.host.net'] }, names)).toBe(
      'CNAME record not found: tickets.example.com points to other.host.net, not edge.marquee.com.',
    );
    expect(domainFindingMessage({ missing: 'txt', found: [] }, names)).toBe(
      'TXT record not found: _m.tickets.example.com has no TXT records yet.',
    );
    expect(domainFindingMessage({ missing: 'txt', found: ['x=1'] }, names)).toBe(
      'TXT record not found: _m.tickets.example.com has a TXT record with another value ("x=1"), not the one shown in step 2.',
    );
  });
});
