/**
 * PostgreSQL LISTEN, kept in place for the life of the process: the job worker's (new jobs), the
 * event wake-ups' (new events of streamed organizations) and the access changes' (rights taken
 * away). A notification is a hint to each of them, so a lost connection costs a delay, not data: it
 * is opened again `retryMs` later, and each owner hears `onLost` (to poll, or to stop trusting a
 * cache) and `onListening(true)` when it is back (to catch up).
 *
 * The connection is its own, not one of the pool's: a LISTEN holds its connection for as long as
 * the process runs, so a pool connection held that way was a slot fewer for queries (three of the
 * default ten), and closing the pool waited for it.
 *
 * And it is one connection per pool, whatever the number of channels: each `PgChannel` of a pool
 * LISTENs on the same connection. A process held three (one per channel), each a server process
 * and a slot of `max_connections`; a new server process costs PostgreSQL about 25 ms of processor
 * time before its first query, which the suite paid twice more for every service it started.
 */
import pg from 'pg';
import type { Logger } from 'pino';

export interface PgChannelOptions {
  /** The pool whose connection settings the LISTEN connection uses; channels of one pool share it. */
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

const DEFAULT_RETRY_MS = 1000;

export class PgChannel {
  private readonly connection: ListenConnection;
  /** Kept by the connection: which of its clients this channel was told it listens on, and whether it ever did. */
  heardGeneration = 0;
  listenedBefore = false;

  constructor(readonly options: PgChannelOptions) {
    this.connection = ListenConnection.of(options.pool, options.logger);
  }

  get listening(): boolean {
    return this.connection.isListening(this);
  }

  /** Resolves once LISTEN is in place, or has failed (it is then retried in the background). */
  async start(): Promise<void> {
    await this.connection.join(this);
  }

  async close(): Promise<void> {
    await this.connection.leave(this);
  }
}

/** The one LISTEN connection of a pool, and the channels listening on it. */
class ListenConnection {
  private static readonly byPool = new WeakMap<pg.Pool, ListenConnection>();

  static of(pool: pg.Pool, logger: Logger): ListenConnection {
    let connection = ListenConnection.byPool.get(pool);
    if (!connection) ListenConnection.byPool.set(pool, (connection = new ListenConnection(pool, logger)));
    return connection;
  }

  private readonly members = new Set<PgChannel>();
  private client: pg.Client | undefined;
  /** The channel names LISTENed on `client`. */
  private readonly listened = new Set<string>();
  /** Counts the clients opened, so each member is told once per connection that it listens. */
  private generation = 0;
  private opening: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  isListening(member: PgChannel): boolean {
    return this.members.has(member) && this.client !== undefined && this.listened.has(member.options.channel);
  }

  async join(member: PgChannel): Promise<void> {
    this.members.add(member);
    await this.listenAll().catch((err) => this.lost(err));
  }

  async leave(member: PgChannel): Promise<void> {
    if (!this.members.delete(member)) return;
    const { channel } = member.options;
    if (this.members.size === 0) {
      clearTimeout(this.retry);
      this.retry = undefined;
      const client = this.client;
      this.dropClient();
      await client?.end().catch(() => undefined);
    } else if (this.client && ![...this.members].some((m) => m.options.channel === channel)) {
      this.listened.delete(channel);
      await this.client.query(`UNLISTEN ${channel}`).catch(() => undefined);
    }
  }

  /** Opens the connection if there is none, LISTENs on every member's channel, and tells who is new. */
  private async listenAll(): Promise<void> {
    if (!this.client) {
      this.opening ??= this.open().finally(() => (this.opening = undefined));
      await this.opening;
    }
    const client = this.client;
    if (!client) return; // every member left while it opened
    for (const channel of new Set([...this.members].map((m) => m.options.channel))) {
      if (this.listened.has(channel)) continue;
      await client.query(`LISTEN ${channel}`);
      if (this.client !== client) return; // lost meanwhile: the retry listens again
      this.listened.add(channel);
    }
    for (const member of this.members) {
      if (member.heardGeneration === this.generation || !this.listened.has(member.options.channel)) continue;
      member.heardGeneration = this.generation;
      const again = member.listenedBefore;
      member.listenedBefore = true;
      member.options.onListening?.(again);
    }
  }

  private async open(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      for (const member of this.members)
        if (member.options.channel === message.channel) member.options.onNotification(message.payload ?? '');
    });
    client.on('error', (err) => {
      if (this.client !== client) return;
      this.dropClient();
      void client.end().catch(() => undefined);
      this.lost(err);
    });
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.members.size === 0) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.generation++;
  }

  private dropClient(): void {
    this.client = undefined;
    this.listened.clear();
  }

  private lost(err: unknown): void {
    // Reported already: a dying connection fails its pending LISTEN as well as emitting 'error'.
    if (this.members.size === 0 || (!this.client && this.retry)) return;
    const client = this.client;
    if (client) {
      this.dropClient();
      void client.end().catch(() => undefined);
    }
    const names = [...new Set([...this.members].map((m) => m.options.name))].join(', ');
    this.logger.warn({ err }, `${names} LISTEN connection lost; listening again shortly`);
    for (const member of this.members) member.options.onLost?.(err);
    if (this.retry) return;
    const retryMs = Math.min(...[...this.members].map((m) => m.options.retryMs ?? DEFAULT_RETRY_MS));
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.members.size === 0 || this.client) return;
      this.listenAll().catch((error) => this.lost(error));
    }, retryMs);
    this.retry.unref();
  }
}
