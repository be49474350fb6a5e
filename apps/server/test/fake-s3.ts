// A tiny S3 stand-in for tests: path-style PUT, GET and DELETE on /<bucket>/<key> on 127.0.0.1, answering as
// S3 does (NoSuchKey on a missing object) and recording every request the real SDK sends.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  requests: RecordedRequest[];
  /** Keys currently stored, as /<bucket>/<key>. */
  objects(): string[];
  /** PUTs whose path matches are refused with 503 SlowDown-like InternalError (a failing store); null: none. */
  failPuts: RegExp | null;
  close(): Promise<void>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: Buffer;
}

export function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: RecordedRequest[] = [];
  const state: { failPuts: RegExp | null } = { failPuts: null };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      const objectPath = decodeURIComponent(url.pathname);
      requests.push({
        method: req.method ?? '',
        path: objectPath,
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        body,
      });
      if (req.method === 'PUT' && state.failPuts?.test(objectPath)) {
        res
          .writeHead(500, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>',
          );
        return;
      }
      if (req.method === 'PUT') {
        objects.set(objectPath, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' });
        res.writeHead(200, { etag: '"fake"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(objectPath);
        if (!object) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        res.end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(objectPath);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  return new Promise<FakeS3>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        endpoint: `http://127.0.0.1:${port}`,
        requests,
        objects: () => [...objects.keys()],
        get failPuts() {
          return state.failPuts;
        },
        set failPuts(pattern: RegExp | null) {
          state.failPuts = pattern;
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
