/**
 * A server-sent-events client over a plain HTTP request, as a browser's EventSource reads a stream:
 * messages (id, event, data) and comment lines, parsed per the SSE spec. It can stop reading
 * (`pause`) to play a slow client.
 */
import http from 'node:http';

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  /** Set for a comment line (`: …`). */
  comment?: string;
  /** performance.now() when it was parsed. */
  at: number;
}

export class SseClient {
  readonly messages: SseMessage[] = [];
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];

  private constructor(
    readonly response: http.IncomingMessage,
    private readonly request: http.ClientRequest,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.take(chunk));
    const end = () => {
      this.ended = true;
      this.notify();
    };
    response.on('end', end);
    response.on('close', end);
    response.on('error', end);
  }

  /** Opens the stream; rejects with the status and body when the answer is not a 200 stream. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        if (response.statusCode !== 200) {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (d: string) => (body += d));
          response.on('end', () =>
            reject(Object.assign(new Error(`stream answered ${response.statusCode}: ${body}`), { status: response.statusCode, body })),
          );
          return;
        }
        resolve(new SseClient(response, request));
      });
      request.on('error', reject);
    });
  }

  /** Events only (no comments). */
  get events(): SseMessage[] {
    return this.messages.filter((m) => m.comment === undefined);
  }

  /** Resolves when `check` holds (re-checked on every message); rejects after `timeoutMs`. */
  async until<T>(check: () => T | undefined | false, timeoutMs = 5000, what = 'stream condition'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value) return value;
      if (this.ended) throw new Error(`stream ended while waiting for ${what}; got ${this.summary()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${this.summary()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until `count` events (comments aside) have arrived and returns them. */
  async eventsUntil(count: number, timeoutMs = 5000): Promise<SseMessage[]> {
    return this.until(() => this.events.length >= count && this.events, timeoutMs, `${count} events`);
  }

  /** Resolves once the server has ended or cut the stream. */
  async closedByServer(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('the server did not close the stream');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** What arrived, short enough for an assertion message. */
  summary(): string {
    const last = this.messages.slice(-5).map((m) => (m.comment !== undefined ? `:${m.comment}` : `${m.event}#${m.id}`));
    return `${this.messages.length} messages, last: ${last.join(', ')}`;
  }

  pause(): void {
    this.response.pause();
  }

  resume(): void {
    this.response.resume();
  }

  close(): void {
    this.request.destroy();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.parse(block);
    }
    this.notify();
  }

  private parse(block: string): void {
    const message: SseMessage = { at: performance.now() };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.messages.push({ comment: line.slice(1).trim(), at: message.at });
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'id' || field === 'event') message[field] = value;
    }
    if (data.length > 0) message.data = data.join('\n');
    if (message.id !== undefined || message.event !== undefined || message.data !== undefined) this.messages.push(message);
  }

  private notify(): void {
    const waiters = this.waiters.splice(0);
    for (const waiter of waiters) waiter();
  }
}
