// What the fake Mailchimp and HubSpot servers share: a local http server that records every request (method,
// path, authorization, JSON or form body) and can be told to answer the next requests with a fault (a 429 with
// Retry-After, a 5xx, a 401) before handling them normally.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCrmRequest {
  method: string;
  /** Path with its query string. */
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface CrmFault {
  status: number;
  retryAfter?: number;
  /** Only requests whose path includes this (default: any API request). */
  pathIncludes?: string;
}

export interface FakeCrmServer {
  url: string;
  requests: RecordedCrmRequest[];
  /** Answered in order, one request each, before normal handling. */
  faults: CrmFault[];
  close(): Promise<void>;
}

export type CrmHandler = (
  request: RecordedCrmRequest,
  url: URL,
) => { status: number; body?: unknown; headers?: Record<string, string> };

/** Listens on `port` (the browser tests' fixed one), else on any free port. */
export async function startFakeCrmServer(handle: CrmHandler, port = 0): Promise<FakeCrmServer> {
  const requests: RecordedCrmRequest[] = [];
  const faults: CrmFault[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const type = req.headers['content-type'] ?? '';
      let body: unknown = undefined;
      if (text && type.includes('json')) body = JSON.parse(text);
      else if (text) body = Object.fromEntries(new URLSearchParams(text));
      const recorded: RecordedCrmRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: req.headers.authorization,
        body,
      };
      requests.push(recorded);
      const url = new URL(recorded.path, 'http://fake.local');
      const faultAt = faults.findIndex((fault) => !fault.pathIncludes || url.pathname.includes(fault.pathIncludes));
      const answer =
        faultAt >= 0
          ? (() => {
              const [fault] = faults.splice(faultAt, 1);
              return {
                status: fault!.status,
                body: { title: 'Injected fault', detail: `status ${fault!.status}` },
                headers: fault!.retryAfter !== undefined ? { 'retry-after': String(fault!.retryAfter) } : undefined,
              };
            })()
          : handle(recorded, url);
      const headers: Record<string, string> = { ...answer.headers };
      if (answer.body !== undefined) headers['content-type'] = 'application/json';
      res.writeHead(answer.status, headers);
      res.end(answer.body !== undefined ? JSON.stringify(answer.body) : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    faults,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
