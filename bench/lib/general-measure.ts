// The general benchmark's measurement: builds the app of the code under `root` (the working tree, or a BASELINE
// checkout) on an in-memory PGlite and times hot paths through app.inject. The app's modules are imported from
// `root`, so the same measurement runs against old and new code.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Reply, SendOptions } from './http.js';
import { createLiveEvent, sellingOrganiser, type Sender } from './organiser.js';

export interface Figure {
  name: string;
  /** A storefront page, judged against the target (within 10% of the old code's requests per second). */
  storefront: boolean;
  iterations: number;
  perSecond: number;
  p50: number;
  p99: number;
}

interface InjectResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}
interface InjectApp {
  inject(options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }): Promise<InjectResponse>;
  ready(): Promise<unknown>;
  close(): Promise<unknown>;
}
interface AppModules {
  buildApp(options: { config: unknown; database: unknown; webDistDir: string }): Promise<InjectApp>;
  loadConfig(env: Record<string, string>): unknown;
  resolveAuthSecret(config: unknown): unknown;
  createPglite(): unknown;
  openDatabase(options: { kind: 'pglite'; client: unknown }): Promise<{ close(): Promise<void> }>;
}

async function importApp(root: string): Promise<AppModules> {
  const load = (file: string) =>
    import(pathToFileURL(path.join(root, 'apps/server/src', file)).href) as Promise<Record<string, unknown>>;
  const [app, config, secret, client] = await Promise.all([
    load('app.ts'),
    load('config.ts'),
    load('config-secret.ts'),
    load('db/client.ts'),
  ]);
  return { ...app, ...config, ...secret, ...client } as unknown as AppModules;
}

/** app.inject behind the HTTP client's shape, so the organiser is made through the API as over HTTP. */
function injectSender(app: InjectApp): Sender {
  return {
    scheme: 'http',
    async send(options: SendOptions): Promise<Reply> {
      const headers: Record<string, string> = { host: options.host, ...options.headers };
      let payload: string | undefined;
      if (options.json !== undefined) {
        payload = JSON.stringify(options.json);
        headers['content-type'] = 'application/json';
      } else if (options.body !== undefined) {
        payload = typeof options.body === 'object' ? new URLSearchParams(options.body).toString() : options.body;
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      const method = options.method ?? (payload === undefined ? 'GET' : 'POST');
      const response = await app.inject({ method, url: options.path, headers, payload });
      const cookie = response.headers['set-cookie'];
      return {
        status: response.statusCode,
        location: String(response.headers.location ?? ''),
        setCookie: Array.isArray(cookie) ? cookie : cookie ? [String(cookie)] : [],
        body: response.body,
      };
    },
  };
}

async function measure(
  name: string,
  storefront: boolean,
  iterations: number,
  run: () => Promise<unknown>,
): Promise<Figure> {
  for (let index = 0; index < 50; index += 1) await run();
  const timings: number[] = [];
  const started = performance.now();
  for (let index = 0; index < iterations; index += 1) {
    const t0 = performance.now();
    await run();
    timings.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  timings.sort((a, b) => a - b);
  const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
  return { name, storefront, iterations, perSecond: iterations / (total / 1000), p50: pct(50), p99: pct(99) };
}

export const formatFigure = (figure: Figure) =>
  `${figure.name.padEnd(36)} ${String(figure.iterations).padStart(6)} req  ${figure.perSecond.toFixed(0).padStart(7)} req/s  p50 ${figure.p50.toFixed(3)} ms  p99 ${figure.p99.toFixed(3)} ms`;

/** The figures of the code under `root`; `onFigure` sees each as it is measured. */
export async function measureGeneral(root: string, onFigure: (figure: Figure) => void = () => {}) {
  const modules = await importApp(root);
  const database = await modules.openDatabase({ kind: 'pglite', client: modules.createPglite() });
  const app = await modules.buildApp({
    config: modules.resolveAuthSecret(
      modules.loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      }),
    ),
    database,
    webDistDir: '/nonexistent',
  });
  const figures: Figure[] = [];
  try {
    await app.ready();
    // A selling organiser and a published event with a ticket type, made through the API as the dashboard would.
    const appHost = 'localhost:3000';
    const sender = injectSender(app);
    const organiser = await sellingOrganiser(sender, appHost, 'bench');
    const event = await createLiveEvent(sender, appHost, organiser, 500);
    const shopHost = 'bench.localhost:3000';
    const page = await app.inject({ method: 'GET', url: `/events/${event.slug}`, headers: { host: shopHost } });
    if (page.statusCode !== 200) throw new Error(`event page: ${page.statusCode}`);

    const cases: Array<[string, boolean, () => Promise<unknown>]> = [
      ['GET /api/health', false, () => app.inject({ method: 'GET', url: '/api/health' })],
      [
        'GET / on a storefront subdomain',
        true,
        () => app.inject({ method: 'GET', url: '/', headers: { host: shopHost } }),
      ],
      [
        'GET /events/<slug> (event page)',
        true,
        () => app.inject({ method: 'GET', url: `/events/${event.slug}`, headers: { host: shopHost } }),
      ],
      [
        'GET / on an unknown subdomain (404)',
        true,
        () => app.inject({ method: 'GET', url: '/', headers: { host: 'nobody.localhost:3000' } }),
      ],
    ];
    for (const [name, storefront, run] of cases) {
      figures.push(await measure(name, storefront, 2000, run));
      onFigure(figures.at(-1)!);
    }
  } finally {
    await app.close();
    await database.close();
  }
  return figures;
}
