// The waiting room's gate (decision 034), asked by the event page and the checkout: send fans to the queue, and
// refuse a hold without a valid admission while the queue is on. It reads the process's queue snapshots only.
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import type { CheckoutPace } from '../modules/queue/checkout-pace.js';
import {
  queueGuards,
  queueShowsLobby,
  QueueStates,
  snapshotServes,
  type QueueSnapshot,
} from '../modules/queue/queue-state.js';
import {
  admissionCookie,
  readAdmission,
  BROWSER_COOKIE,
  queueSigner,
  readCookies,
  type AdmissionProblem,
  type QueueSigner,
} from '../modules/queue/tokens.js';

/** The queue stands between this browser and the event's tickets: where it is, and its on-sale. */
export interface QueueRedirect {
  url: string;
  opensAt: Date;
}

export interface QueueGate {
  states: QueueStates;
  signer: QueueSigner;
  /** Times admitted fans' checkout steps in this process (the adaptive admission's measure, decision 148). */
  pace: CheckoutPace;
  /** Where the event page sends this browser instead (the queue), or null to show the page. */
  eventPageRedirect(request: FastifyRequest, organizationId: string, eventId: string): Promise<QueueRedirect | null>;
  /**
   * The same for an event page's address (the host and its current slug) when this process already holds the
   * event's queue snapshot: an arriving fan goes to the waiting room without a database read (decision 039).
   * Null: not known here, not queued now, or this browser is admitted (the page is read as usual).
   */
  addressRedirect(request: FastifyRequest, slug: string): Promise<QueueRedirect | null>;
  /**
   * Why this browser may not hold tickets for the event now; or its admission's place (one order per admission);
   * or null when the queue does not guard the event now.
   */
  checkoutProblem(
    request: FastifyRequest,
    organizationId: string,
    eventId: string,
  ): Promise<{ problem: AdmissionProblem; opensAt: Date } | { problem: null; place: number } | null>;
}

export interface QueueGateOptions {
  db: Database;
  authSecret: string;
  powBits: number;
  rateLimitMultiplier: number;
  clock?: () => number;
}

export function createQueueGate(options: QueueGateOptions): QueueGate {
  const clock = options.clock ?? Date.now;
  const states = new QueueStates(options.db, clock);
  const signer = queueSigner(options.authSecret);
  const admitted = (request: FastifyRequest, eventId: string) => {
    const cookies = readCookies(request.headers.cookie);
    return readAdmission(signer, cookies[admissionCookie(eventId)], eventId, cookies[BROWSER_COOKIE], clock());
  };
  /** To the queue from its lobby on, unless this browser is admitted. */
  const lobbyRedirect = (request: FastifyRequest, snapshot: QueueSnapshot): QueueRedirect | null =>
    queueShowsLobby(snapshot, clock()) && admitted(request, snapshot.eventId).problem !== null
      ? { url: `/queue/${snapshot.eventId}`, opensAt: new Date(snapshot.opensAt) }
      : null;
  return {
    states,
    signer,
    pace: states.pace,
    async eventPageRedirect(request, organizationId, eventId) {
      const snapshot = await states.get(eventId);
      return snapshot?.organizationId === organizationId ? lobbyRedirect(request, snapshot) : null;
    },
    async addressRedirect(request, slug) {
      const eventId = states.eventAt(request.siteHost, slug);
      const snapshot = eventId ? await states.get(eventId) : null;
      return snapshot?.slug === slug && snapshotServes(snapshot, request.siteHost)
        ? lobbyRedirect(request, snapshot)
        : null;
    },
    async checkoutProblem(request, organizationId, eventId) {
      const snapshot = await states.get(eventId);
      if (!snapshot || snapshot.organizationId !== organizationId || !queueGuards(snapshot, clock())) return null;
      const admission = admitted(request, eventId);
      return admission.problem === null ? admission : { ...admission, opensAt: new Date(snapshot.opensAt) };
    },
  };
}
