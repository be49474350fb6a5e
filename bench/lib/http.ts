// A small HTTP client for benchmarks against real server processes: undici pools to 127.0.0.1 with an explicit
// Host header (Node's fetch cannot resolve `*.localhost`, and the storefront is chosen by Host), with timeouts.
import { Pool } from 'undici';

export interface Reply {
  status: number;
  location: string;
  setCookie: string[];
  body: string;
}

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  host: string;
  headers?: Record<string, string>;
  /** A string is sent as is; an object is sent as an urlencoded form. */
  body?: string | Record<string, string>;
  json?: unknown;
  /** Bytes sent as they are, with their content type (a multipart upload, a signed webhook). */
  raw?: { body: Buffer | string; contentType: string };
  /** The answer's body is read and dropped, not decoded (a load run that looks only at statuses and headers). */
  discardBody?: boolean;
}

export class HttpClient {
  private readonly pool: Pool;
  /** The scheme pages are served on, for Origin headers: https when connecting through a TLS proxy. */
  readonly scheme: 'http' | 'https';
  private readonly timeoutMs: number;

  /**
   * `tlsServername` connects with TLS (to a proxy such as Caddy on 127.0.0.1) and that SNI name; the proxy's
   * certificate is not checked (its own internal CA), since what is tested is the set-up behind it.
   */
  constructor(
    readonly port: number,
    connections: number,
    options: { tlsServername?: string; timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.scheme = options.tlsServername ? 'https' : 'http';
    this.pool = new Pool(`${this.scheme}://127.0.0.1:${port}`, {
      connections,
      pipelining: 1,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
      connectTimeout: 10_000,
      ...(options.tlsServername ? { connect: { servername: options.tlsServername, rejectUnauthorized: false } } : {}),
    });
  }

  async send(options: SendOptions): Promise<Reply> {
    const headers: Record<string, string> = { host: options.host, 'user-agent': 'marquee-bench', ...options.headers };
    let body: string | Buffer | undefined;
    if (options.raw) {
      body = options.raw.body;
      headers['content-type'] = options.raw.contentType;
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (typeof options.body === 'object') {
      body = new URLSearchParams(options.body).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.body !== undefined) {
      body = options.body;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await this.pool.request({
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      path: options.path,
      headers,
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = options.discardBody ? (await response.body.dump(), '') : await response.body.text();
    const rawCookie = response.headers['set-cookie'];
    const setCookie = Array.isArray(rawCookie) ? rawCookie : rawCookie ? [rawCookie] : [];
    return { status: response.statusCode, location: String(response.headers.location ?? ''), setCookie, body: text };
  }

  /** As send, but a timeout or a refused connection is a reply with status 0, so a load run counts it and ends. */
  trySend(options: SendOptions): Promise<Reply> {
    return this.send(options).catch(() => ({ status: 0, location: '', setCookie: [], body: '' }));
  }

  close() {
    return this.pool.close();
  }
}

export const cookieOf = (reply: Reply) => reply.setCookie.map((cookie) => cookie.split(';')[0]).join('; ');

/** Runs `work` over `items` with at most `concurrency` in flight; every item is attempted once. */
export async function forEachLimited<T>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Percentile of an ascending array (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
