/**
 * A customer's webhook receiver: a real HTTP server on 127.0.0.1 that verifies every request with
 * the `standardwebhooks` package (never with our own signing code) and answers as scripted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  webhookId: string;
  timestamp: string;
  /** The signature verified with the endpoint's secret. */
  valid: boolean;
  body: { event: string; data: Record<string, unknown> } & Record<string, unknown>;
  raw: string;
  headers: http.IncomingHttpHeaders;
  /** What this request was answered with. */
  answeredWith: number;
  /** performance.now() when the request had fully arrived, and when its answer was sent. */
  arrivedAt: number;
  answeredAt?: number;
}

export interface ReceiverOptions {
  /** Status codes for the first requests, in order; then `status` (default 200). */
  script?: number[];
  status?: number;
  /** Delay before answering, in ms. */
  delayMs?: number;
  /** Extra response headers (e.g. a redirect's location). */
  headers?: Record<string, string>;
  body?: string;
}

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  secret = '';
  private server!: http.Server;
  private script: number[];
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(private readonly options: ReceiverOptions) {
    this.script = [...(options.script ?? [])];
  }

  static async start(options: ReceiverOptions = {}): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(options);
    receiver.server = http.createServer((req, res) => receiver.handle(req, res));
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The URL by literal IP. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** The same receiver by host name (resolved by our DNS lookup at delivery). */
  get localhostUrl(): string {
    return `http://localhost:${this.port}/hooks`;
  }

  /** Valid deliveries only. */
  get valid(): ReceivedWebhook[] {
    return this.received.filter((r) => r.valid);
  }

  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`receiver got ${this.received.length} of ${count} webhooks in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let valid = false;
      try {
        new Webhook(this.secret).verify(raw, req.headers as Record<string, string>);
        valid = true;
      } catch {
        valid = false;
      }
      const status = this.script.shift() ?? this.options.status ?? 200;
      const entry: ReceivedWebhook = {
        webhookId: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        valid,
        body: raw ? JSON.parse(raw) : {},
        raw,
        headers: req.headers,
        answeredWith: status,
        arrivedAt: performance.now(),
      };
      this.received.push(entry);
      const answer = () => {
        entry.answeredAt = performance.now();
        res.writeHead(status, { 'content-type': 'text/plain', ...(this.options.headers ?? {}) });
        res.end(this.options.body ?? `answer ${status}`);
        this.waiters = this.waiters.filter((w) => (this.received.length >= w.count ? (w.resolve(), false) : true));
      };
      if (this.options.delayMs) setTimeout(answer, this.options.delayMs);
      else answer();
    });
  }
}
