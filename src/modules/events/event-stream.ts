/**
 * One client's server-sent-event stream (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * a Readable that the route hands to Fastify, which pipes it into the response, so Node's
 * backpressure reaches it. The organization's streams (event-streams.ts) read the log for it and
 * `deliver` the events; it formats them, sends a comment line every `keepAliveMs` so proxies keep an
 * idle stream open, and on the same beat asks whether the caller may still read (a revoked key or an
 * ended session stops the stream within one beat).
 *
 * Memory stays bounded however slowly the client reads: once the client's buffer is full the stream
 * is `waiting` and nothing more is read for it (the log in the database is the buffer) until the
 * client takes data; if the bytes held for it still pass `maxBufferedBytes`, the stream is cut, and
 * the client's reconnect with Last-Event-ID loses nothing.
 */
import { Readable } from 'node:stream';
import type { FeedEvent } from './events.service.js';

export interface EventStreamOptions {
  /** Events after this cursor are sent; it is also the `ready` event's id. */
  cursor: string;
  keepAliveMs: number;
  maxBufferedBytes: number;
  /** Tells the client how long to wait before reconnecting (the SSE `retry` field). */
  reconnectDelayMs: number;
  /** Bytes already handed to the response but not yet to the client (the response's and socket's buffers). */
  bufferedInResponse: () => number;
  /** The request's authentication, run again: false ends the stream. */
  stillAuthorized: () => Promise<boolean>;
}

export class EventStream extends Readable {
  /** The last event handed over (or the starting point): the next read is after it. */
  cursor: string;
  /** The log has to be read after `cursor` for this stream. */
  wantsRead = true;
  /** The client's buffer is full: no read for this stream until it takes data. */
  waiting = false;
  /** Set by the organization's streams: called when a waiting client has taken data. */
  onResume: (() => void) | undefined;
  /** Set by the organization's streams: called once when the stream ends, however it ends. */
  onClose: (() => void) | undefined;
  private ended = false;
  private readonly keepAlive: NodeJS.Timeout;

  constructor(private readonly options: EventStreamOptions) {
    super({ highWaterMark: 16 * 1024 });
    this.cursor = options.cursor;
    this.send(
      `retry: ${options.reconnectDelayMs}\nid: ${options.cursor}\nevent: ready\ndata: ${JSON.stringify({ cursor: options.cursor })}\n\n`,
    );
    this.keepAlive = setInterval(() => void this.beat(), options.keepAliveMs);
    this.keepAlive.unref();
  }

  /** Sends events read after `cursor`, in order; the stream's cursor moves to the last one. */
  deliver(events: readonly { cursor: string; event: FeedEvent }[]): void {
    if (events.length === 0 || this.ended || this.destroyed) return;
    let chunk = '';
    for (const { cursor, event } of events) chunk += `id: ${cursor}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    this.cursor = events[events.length - 1].cursor;
    this.send(chunk);
  }

  /** Ends the stream cleanly (shutdown, authorization gone); a client that is not taking data is cut instead. */
  finish(): void {
    if (this.ended || this.destroyed) return;
    if (this.waiting) {
      this.destroy();
      return;
    }
    this.ended = true;
    this.push(null);
    this.close();
  }

  override _read(): void {
    if (!this.waiting) return;
    this.waiting = false;
    this.onResume?.();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.close();
    callback(error);
  }

  private send(chunk: string): void {
    if (!this.push(chunk)) this.waiting = true;
    if (this.readableLength + this.options.bufferedInResponse() > this.options.maxBufferedBytes) this.destroy();
  }

  private async beat(): Promise<void> {
    if (this.ended || this.destroyed) return;
    // A client whose buffer is full has data coming anyway; a comment would only add to it.
    if (!this.waiting) this.send(': keep-alive\n\n');
    if (!(await this.options.stillAuthorized())) this.finish();
  }

  private close(): void {
    clearInterval(this.keepAlive);
    const onClose = this.onClose;
    this.onClose = undefined;
    onClose?.();
  }
}
