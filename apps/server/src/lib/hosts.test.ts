import { describe, expect, it } from 'vitest';
import { classifyHost } from './hosts.js';

const names = { appHost: 'localhost:3000', publicHost: 'localhost:3000' };

describe('classifyHost', () => {
  it('treats the app host, loopback addresses and an empty host as the app', () => {
    expect(classifyHost('localhost:3000', names)).toEqual({ kind: 'app' });
    expect(classifyHost('127.0.0.1:3000', names)).toEqual({ kind: 'app' });
    expect(classifyHost('[::1]:3000', names)).toEqual({ kind: 'app' });
    expect(classifyHost(undefined, names)).toEqual({ kind: 'app' });
  });

  it('reads an organisation subdomain, case-insensitively', () => {
    expect(classifyHost('Acme.localhost:3000', names)).toEqual({ kind: 'subdomain', subdomain: 'acme' });
    expect(
      classifyHost('acme.tickets.example.com', { appHost: 'app.example.com', publicHost: 'tickets.example.com' }),
    ).toEqual({
      kind: 'subdomain',
      subdomain: 'acme',
    });
  });

  it('treats any other host as a custom domain candidate', () => {
    expect(classifyHost('tickets.band.com', names)).toEqual({ kind: 'custom', domain: 'tickets.band.com' });
    expect(classifyHost('a.b.localhost:3000', names)).toEqual({ kind: 'custom', domain: 'a.b.localhost' });
  });
});
