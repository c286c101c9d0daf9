/**
 * One PostgreSQL LISTEN, kept in place for the life of the process: the job worker's (new jobs),
 * the event wake-ups' (new events of streamed organizations) and the access changes' (rights
 * taken away). A notification is a hint to each of them, so a lost connection costs a delay, not
 * data: it is opened again `retryMs` later, and the owner hears `onLost` (to poll, or to stop
 * trusting a cache) and `onListening(true)` when it is back (to catch up).
 *
 * The connection is its own, not one of the pool's: a LISTEN holds its connection for as long as
 * the process runs, so a pool connection held that way was a slot fewer for queries (three of the
 * default ten), and closing the pool waited for it.
 */
import pg from 'pg';
import type { Logger } from 'pino';

export interface PgChannelOptions {
  /** The pool whose connection settings the LISTEN connection uses. */
  pool: pg.Pool;
  channel: string;
  logger: Logger;
  /** What the log lines call it: "job", "event", "access". */
  name: string;
  onNotification: (payload: string) => void;
  /** LISTEN is in place: first at start, then (`again`) after a lost connection was replaced. */
  onListening?: (again: boolean) => void;
  /** LISTEN failed or its connection dropped; it is tried again after `retryMs`. */
  onLost?: (err: unknown) => void;
  retryMs?: number;
}

export class PgChannel {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private listenedBefore = false;
  private closed = false;

  constructor(private readonly options: PgChannelOptions) {}

  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Resolves once LISTEN is in place, or has failed (it is then retried in the background). */
  async start(): Promise<void> {
    await this.listen().catch((err) => this.lost(err));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const { channel } = this.options;
    const client = new pg.Client(this.options.pool.options);
    client.on('notification', (message) => {
      if (message.channel === channel) this.options.onNotification(message.payload ?? '');
    });
    client.on('error', (err) => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      this.lost(err);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
    const again = this.listenedBefore;
    this.listenedBefore = true;
    this.options.onListening?.(again);
  }

  private lost(err: unknown): void {
    if (this.closed) return;
    this.options.logger.warn({ err }, `${this.options.name} LISTEN connection lost; listening again shortly`);
    this.options.onLost?.(err);
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.closed || this.client) return;
      this.listen().catch((error) => this.lost(error));
    }, this.options.retryMs ?? 1000);
    this.retry.unref();
  }
}
