/**
 * Reading the event log back, for the catch-up feed (`GET /events?after=`) and the realtime stream
 * (event-streams.ts): an organization's events after a cursor (event-cursor.ts), in the log's order,
 * never skipping one that commits later, and without holding every event back.
 *
 * SQLite has one writer at a time, so seq order is commit order: a reader hands out what it sees.
 *
 * PostgreSQL takes `seq` at insert but makes the row visible at commit, so a reader could see seq 12
 * while the transaction holding seq 11 is still open, and a cursor at 12 would skip 11 for good.
 * (Until migration 0014 the feed therefore held back every event younger than a second.) Instead,
 * each event records its transaction id (`xid`, xid8, migration 0014), the log's order is
 * (xid, seq), and a read hands out only the events of transactions older than its horizon: the
 * oldest transaction of this database still running when the read's snapshot was taken
 * (`pg_current_snapshot()` is the statement's own snapshot, so the horizon and the rows read agree). Every
 * transaction older than that has ended, so its events are all visible to the read (or rolled back,
 * never to appear); a transaction that commits later has an xid at or above the horizon, so its
 * events sort after every event handed out. A cursor therefore never passes a place where something
 * can still appear, whatever the commit order. An event waits only while a transaction of this
 * database that is older than its own is open, a few milliseconds for ours (no network I/O inside,
 * STYLE.md 6); the read reports it (`heldBack`) so the stream looks again shortly, since a
 * transaction that wrote no event sends no notification. The order is by transaction, which keeps
 * causal order: a transaction that starts after another has committed gets a greater xid.
 *
 * The horizon ignores transactions proven to run in another database of the server, so another
 * database's CREATE DATABASE or long transaction does not hold our events back
 * (event-log/horizon.ts).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { validationError } from '../../errors.js';
import { fromJson } from '../../lib/json.js';
import { logHead, readLogAfter } from '../../event-log/log-reader.js';
import { LOG_START, type EventCursor, type EventCursors } from './event-cursor.js';

/** An event as the feed lists it and the stream sends it (`data:`). */
export interface FeedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface EventPage {
  data: FeedEvent[];
  /** Pass as `after` for the next page; the same cursor again when nothing newer exists yet. */
  nextCursor: string;
}

/** One read of the log after a cursor. */
export interface EventRead {
  /** The events handed out, each with its own cursor (the stream's SSE id). */
  events: { cursor: string; event: FeedEvent }[];
  /** The last event's cursor, or the one read after when none. */
  cursor: string;
  /** The read returned a full page: there may be more right away. */
  full: boolean;
  /** PostgreSQL: committed events exist after the cursor that wait for an older transaction to end. */
  heldBack: boolean;
}

export class EventsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly cursors: EventCursors,
  ) {}

  /** The feed's page: `after` was validated against CURSOR_PATTERN by the route. */
  async listAfter(organizationId: string, after: string | undefined, limit: number): Promise<EventPage> {
    const read = await this.readAfter(
      organizationId,
      after === undefined ? LOG_START : this.cursorOf(organizationId, after, 'after'),
      limit,
    );
    return { data: read.events.map((entry) => entry.event), nextCursor: read.cursor };
  }

  /** The opaque cursor of a place in this organization's log. */
  sealed(organizationId: string, cursor: EventCursor): string {
    return this.cursors.seal(organizationId, cursor);
  }

  /** The place a cursor the client sent names in this organization's log; 400 naming `field` when it is not one of its cursors. */
  cursorOf(organizationId: string, text: string, field: string): EventCursor {
    const cursor = this.cursors.open(organizationId, text);
    if (!cursor) throw validationError([{ field, message: 'is not an event cursor of this organization' }]);
    return cursor;
  }

  async readAfter(organizationId: string, after: EventCursor, limit: number): Promise<EventRead> {
    const read = await readLogAfter(this.db, this.dialect, { organizationId }, after, limit);
    const events = read.rows.map((row) => ({
      cursor: this.cursors.seal(organizationId, row.place),
      event: { id: row.id, type: row.type, data: fromJson<Record<string, unknown>>(row.payload, {}), createdAt: row.createdAt },
    }));
    return {
      events,
      cursor: events.at(-1)?.cursor ?? this.cursors.seal(organizationId, after),
      full: read.full,
      heldBack: read.heldBack,
    };
  }

  /** Where the log ends now for readers: what a stream opened without Last-Event-ID starts after. */
  async head(organizationId: string): Promise<string> {
    return this.cursors.seal(organizationId, await logHead(this.db, this.dialect, { organizationId }));
  }
}
