// How often a waiting browser asks again (the `next` of each poll's answer): polls are the waiting room's whole
// load in a drop, so a fan far back asks rarely and one near the front often.
import { describe, expect, it } from 'vitest';
import type { QueueSnapshot } from '../modules/queue/queue-state.js';
import { lobbyPollSeconds, statusBody } from './queue-page.js';

// Admitting 3,000 a minute under a ceiling of 6,000 (decision 148): the polls follow the rate admitted now.
const snapshot = { slug: 'big-night', ratePerMinute: 6000, admitRatePerMinute: 3000 } as QueueSnapshot;
const waiting = (ahead: number) =>
  statusBody(snapshot, {
    status: 'waiting',
    place: ahead + 1,
    ahead,
    waitSeconds: Math.ceil(((ahead + 1) * 60) / 3000) + 1,
    ratePerMinute: 3000,
  });

describe('poll intervals', () => {
  it('asks every 2 s near the front, about a third of the wait further back, and every 30 s far back', () => {
    expect(waiting(0).next).toBe(2);
    expect(waiting(100).next).toBe(2);
    expect(waiting(1000).next).toBe(7);
    expect(waiting(3000).next).toBe(21);
    expect(waiting(15000).next).toBe(30);
  });

  it('while paused, asks every 10 s within about ten seconds of the front and every 30 s behind that', () => {
    const paused = (ahead: number) => statusBody(snapshot, { status: 'paused', place: ahead + 1, ahead }).next;
    expect(paused(0)).toBe(10);
    expect(paused(500)).toBe(10);
    expect(paused(501)).toBe(30);
    expect(paused(12000)).toBe(30);
  });

  it("the lobby: every 15 s, then at the on-sale plus a random share of the lobby's spread (1,000 a second, 30 s at most)", () => {
    expect(lobbyPollSeconds(40, 10_000, 0.5)).toBe(15);
    expect(lobbyPollSeconds(10, 0, 0.9)).toBe(10);
    expect(lobbyPollSeconds(10, 10_000, 0)).toBe(10);
    expect(lobbyPollSeconds(10, 10_000, 0.5)).toBe(15);
    expect(lobbyPollSeconds(10, 10_000, 0.99)).toBe(19.9);
    expect(lobbyPollSeconds(2, 100_000, 1)).toBe(32);
    expect(lobbyPollSeconds(0, 0, 0.5)).toBe(1);
    const lobby = statusBody({ ...snapshot, lobby: 5000 }, { status: 'lobby', opensInSeconds: 3 }).next!;
    expect(lobby).toBeGreaterThanOrEqual(3);
    expect(lobby).toBeLessThanOrEqual(8);
  });
});
