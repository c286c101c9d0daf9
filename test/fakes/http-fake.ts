/**
 * The base of every provider fake: a real node:http server on 127.0.0.1 that records each request
 * (so tests assert the exact path, headers and body an adapter sent) and answers through the
 * vendor-specific `route`. `failNext` makes the next answer a scripted failure (a vendor error body
 * with a status, or a dropped connection) to exercise the retryable/permanent mapping.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed JSON body, when it was JSON. */
  json: any;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** Replaces the default JSON content type (e.g. for a media file). */
  headers?: Record<string, string>;
}

export type FakeFailure = FakeAnswer | 'drop' | 'hang';

export interface HttpFake {
  url: string;
  requests: RecordedRequest[];
  /** The last request received. */
  last(): RecordedRequest;
  failNext(failure: FakeFailure): void;
  close(): Promise<void>;
}

export async function startHttpFake(route: (request: RecordedRequest) => FakeAnswer): Promise<HttpFake> {
  const requests: RecordedRequest[] = [];
  const failures: FakeFailure[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        json,
      };
      requests.push(recorded);
      const failure = failures.shift();
      if (failure === 'drop') return void req.socket.destroy();
      if (failure === 'hang') return; // never answers: the adapter's timeout must fire
      const answer = failure ?? route(recorded);
      const out = answer.body;
      const text = out === undefined ? '' : typeof out === 'string' || Buffer.isBuffer(out) ? out : JSON.stringify(out);
      res.writeHead(answer.status, answer.headers ?? (text ? { 'content-type': 'application/json' } : {}));
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last() {
      const request = requests.at(-1);
      if (!request) throw new Error('the fake received no request');
      return request;
    },
    failNext(failure) {
      failures.push(failure);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let counter = 0;
/** Vendor-looking ids that differ per call. */
export function fakeId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${counter}`;
}
