// A fan's browser in the waiting room, for API tests: its cookie jar, the queue page, the proof-of-work join and
// the poll, as /_storefront/queue.js does them.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { event } from '../src/db/schema/index.js';
import { solveProofOfWork } from '../src/modules/queue/tokens.js';
import { buyer } from './checkout-helpers.js';
import type { TestApp } from './test-app.js';

/** On-sale now: the event's sales start moves into the past and the snapshot refresh draws the lobby. */
export async function goOnSale(t: TestApp, eventId: string) {
  await t.database.db
    .update(event)
    .set({ salesStartAt: new Date(Date.now() - 1000) })
    .where(eq(event.id, eventId));
  await t.app.queueGate.states.refresh(eventId);
}

export class FanBrowser {
  readonly jar = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly host: string,
    readonly ip = '198.51.100.7',
  ) {}

  cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(setCookie: string | string[] | undefined) {
    for (const line of ([] as string[]).concat(setCookie ?? [])) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  }

  async get(url: string) {
    const response = await this.app.inject({
      method: 'GET',
      url,
      headers: { host: this.host, cookie: this.cookie() },
      remoteAddress: this.ip,
    });
    this.keep(response.headers['set-cookie']);
    return response;
  }

  async post(url: string, payload: unknown, contentType = 'application/json') {
    const response = await this.app.inject({
      method: 'POST',
      url,
      headers: { host: this.host, origin: `http://${this.host}`, cookie: this.cookie(), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress: this.ip,
    });
    this.keep(response.headers['set-cookie']);
    return response;
  }

  /** Opens the queue page and joins with a solved proof-of-work; returns the join's JSON. */
  async join(eventId: string) {
    const page = await this.get(`/queue/${eventId}`);
    if (page.statusCode !== 200) throw new Error(`queue page: ${page.statusCode}`);
    const challenge = /data-challenge="([^"]+)"/.exec(page.body)![1]!;
    const bits = Number(/data-bits="(\d+)"/.exec(page.body)![1]);
    const response = await this.post(`/queue/${eventId}/join`, {
      challenge,
      answer: solveProofOfWork(challenge, bits),
    });
    return { response, body: response.json() as Record<string, unknown> };
  }

  async poll(eventId: string) {
    const response = await this.get(`/queue/${eventId}/status`);
    return { response, body: response.json() as Record<string, unknown> };
  }

  /** The plain checkout form, with this browser's cookies. */
  checkout(eventId: string, typeId: string, extra: Record<string, string> = {}) {
    const fields: Record<string, string> = { ...buyer, [`qty_${typeId}`]: '1', ...extra };
    return this.post(
      `/events/${eventId}/checkout`,
      new URLSearchParams(fields).toString(),
      'application/x-www-form-urlencoded',
    );
  }
}
