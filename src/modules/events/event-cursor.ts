/**
 * A place in an organization's event log, as the feed's `after`/`nextCursor` and the stream's SSE
 * `id` carry it. The log's order is (xid, seq): the inserting transaction on PostgreSQL, then the
 * event's sequence number (events.service.ts says why). On SQLite, and for PostgreSQL rows older
 * than migration 0014, xid is 0 and the cursor is the bare seq ("1234") as it always was; otherwise
 * it is "<xid>-<seq>" ("771093-1234"). Clients treat it as an opaque string.
 */
export interface EventCursor {
  /** Decimal xid8 ("0" on SQLite and for rows written before migration 0014). */
  xid: string;
  seq: number;
}

/** The start of the log: everything comes after it. */
export const LOG_START: EventCursor = { xid: '0', seq: 0 };

/** What `after` and `Last-Event-ID` accept (the bare seq form is also every pre-0014 cursor); 19 digits stay below 2^64. */
export const CURSOR_PATTERN = '^(?:[0-9]{1,19}-)?[0-9]{1,15}$';

const CURSOR = new RegExp(CURSOR_PATTERN);

/** The cursor in `text`, or undefined when it is not one (the caller answers 400). */
export function parseCursor(text: string): EventCursor | undefined {
  if (!CURSOR.test(text)) return undefined;
  const dash = text.indexOf('-');
  if (dash === -1) return { xid: '0', seq: Number(text) };
  // BigInt drops leading zeros, so one place has one spelling.
  return { xid: BigInt(text.slice(0, dash)).toString(), seq: Number(text.slice(dash + 1)) };
}

export function formatCursor(cursor: EventCursor): string {
  return cursor.xid === '0' ? String(cursor.seq) : `${cursor.xid}-${cursor.seq}`;
}
