/**
 * Reading the event log in its order after a place, for every reader: the feed and the stream (one
 * organization, modules/events/events.service.ts) and the event sinks (one organization or all of
 * them, modules/event-sinks). The order, and why a PostgreSQL read hands out only "settled" events,
 * is explained in events.service.ts and horizon.ts: the one rule lives here.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/connection.js';
import type { DB } from '../db/schema.js';
import { tenantQueries } from '../db/tenant.js';
import { SETTLED } from './horizon.js';

/** A place in the log: the inserting transaction (decimal xid8 on PostgreSQL, "0" on SQLite) and the sequence. */
export interface LogPlace {
  xid: string;
  seq: number;
}

export interface LogRow {
  place: LogPlace;
  id: string;
  organizationId: string;
  type: string;
  /** The event's data, serialized as stored. */
  payload: string;
  createdAt: string;
}

export interface LogRead {
  /** The settled events after the place, in the log's order. */
  rows: LogRow[];
  /** The read returned a full page: there may be more right away. */
  full: boolean;
  /** PostgreSQL: committed events exist after the place that wait for an older transaction to end. */
  heldBack: boolean;
}

/** Events after `after`, of one organization or (no `organizationId`) of all, at most `limit`. */
export async function readLogAfter(
  db: Kysely<DB>,
  dialect: Dialect,
  scope: { organizationId?: string },
  after: LogPlace,
  limit: number,
): Promise<LogRead> {
  const from = scope.organizationId === undefined ? db.selectFrom('events') : tenantQueries(db, scope.organizationId).selectFrom('events');
  const query = from.select(['seq', 'id', 'organization_id', 'type', 'payload', 'created_at']).limit(limit);
  const rows =
    dialect === 'postgres'
      ? await query
          // Not aliased `xid`: ORDER BY would take the text column and sort "10" before "9".
          .select([sql<string>`xid::text`.as('xid_text'), SETTLED.as('settled')])
          .where(sql<boolean>`(xid, seq) > (${after.xid}::xid8, ${after.seq})`)
          .orderBy('events.xid')
          .orderBy('events.seq')
          .execute()
      : (await query.where('seq', '>', after.seq).orderBy('seq').execute()).map((row) => ({ ...row, xid_text: '0', settled: true }));
  // Rows sort by xid, so the settled ones (older than the horizon) come first; the rest wait.
  const settled = rows.filter((row) => row.settled);
  return {
    rows: settled.map((row) => ({
      place: { xid: row.xid_text, seq: Number(row.seq) },
      id: row.id,
      organizationId: row.organization_id,
      type: row.type,
      payload: row.payload,
      createdAt: row.created_at,
    })),
    full: settled.length === limit,
    heldBack: settled.length < rows.length,
  };
}

/** Where the log ends now for readers, for one organization or all. */
export async function logHead(db: Kysely<DB>, dialect: Dialect, scope: { organizationId?: string }): Promise<LogPlace> {
  const from = scope.organizationId === undefined ? db.selectFrom('events') : tenantQueries(db, scope.organizationId).selectFrom('events');
  const query = from.select('seq').limit(1);
  const row =
    dialect === 'postgres'
      ? await query
          .select(sql<string>`xid::text`.as('xid'))
          .where(SETTLED)
          .orderBy('xid', 'desc')
          .orderBy('seq', 'desc')
          .executeTakeFirst()
      : await query
          .select(sql<string>`'0'`.as('xid'))
          .orderBy('seq', 'desc')
          .executeTakeFirst();
  return row ? { xid: row.xid, seq: Number(row.seq) } : { xid: '0', seq: 0 };
}
