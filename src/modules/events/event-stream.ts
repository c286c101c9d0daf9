/**
 * One client's server-sent-event stream (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * a Readable that the route hands to Fastify, which pipes it into the response, so Node's
 * backpressure reaches it. The organization's streams (event-streams.ts) read the log for it and
 * `deliver` the events; it formats them, sends a comment line every `keepAliveMs` so proxies keep an
 * idle stream open, and on the same beat asks whether the caller may still read (a revoked key or an
 * ended session stops the stream within one beat).
 *
 * Memory stays bounded however slowly the client reads: a stream takes from each read only the
 * events that fit within `maxBufferedBytes` (what it and the response still hold for the client, at
 * least one event), and while the client's buffer is full (`waiting`) nothing more is read for it:
 * the log in the database is the buffer, and the events left over are read again when it has room.
 * Cutting a stream for its size alone would cut a healthy client catching up on a backlog again and
 * again; a client that takes nothing at all for a whole keep-alive interval while events wait is
 * cut instead, and its reconnect with Last-Event-ID loses nothing.
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
  /** When the client last took data (the stream was asked for more). */
  private lastTakenAt = Date.now();
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

  /** Bytes held for the client: in this stream and in the response it is piped into. */
  get bufferedBytes(): number {
    return this.readableLength + this.options.bufferedInResponse();
  }

  /**
   * Sends the first of `events` (read after `cursor`, in order) that fit in the buffer bound, at
   * least one; the stream's cursor moves to the last one sent. Returns how many it took: the rest are
   * read again once the client has made room.
   */
  deliver(events: readonly { cursor: string; event: FeedEvent }[]): number {
    if (events.length === 0 || this.ended || this.destroyed) return 0;
    let room = this.options.maxBufferedBytes - this.bufferedBytes;
    let chunk = '';
    let taken = 0;
    for (const { cursor, event } of events) {
      const text = `id: ${cursor}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
      room -= Buffer.byteLength(text);
      if (room < 0 && taken > 0) break;
      chunk += text;
      taken++;
    }
    this.cursor = events[taken - 1]!.cursor; // the first event is always taken
    this.send(chunk);
    // Bound reached: read no more for it until the client takes data (the response's drain reaches `_read`).
    if (taken < events.length) this.waiting = true;
    return taken;
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
    this.lastTakenAt = Date.now();
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
  }

  private async beat(): Promise<void> {
    if (this.ended || this.destroyed) return;
    if (this.waiting && Date.now() - this.lastTakenAt >= this.options.keepAliveMs) {
      this.destroy(); // took nothing for a whole interval while events wait: the client resumes with Last-Event-ID
      return;
    }
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
