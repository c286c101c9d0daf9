/**
 * PostgreSQL: up to where the event log can be read without skipping an event that commits later
 * (the reasoning is in modules/events/events.service.ts). Each event row records its transaction
 * (`xid`, migration 0014); a reader hands out only events of transactions older than the horizon:
 * the oldest transaction of this database still running at the statement's snapshot.
 *
 * The snapshot's xmin is the oldest running transaction of the whole server, where another
 * database's CREATE DATABASE or long transaction would hold our events back for its whole duration
 * (on the shared test server CREATE/DROP DATABASE took 0.3-2.6 s under load). So when xmin would
 * hold an event back, the horizon is the oldest of the snapshot's running transactions (`xip`) not
 * proven to belong to another database, or the snapshot's `xmax` when there is none. Proven: pg_locks
 * shows the backend that owns the xid (its ExclusiveLock on its own transactionid) and
 * pg_stat_activity shows that backend (same pid) connected to another database; a backend never
 * changes database and a transaction writes only its own, so such a transaction cannot have written
 * our events. A transaction that cannot be matched (ended meanwhile, prepared, hidden) counts as ours:
 * at worst an event waits, never is it skipped.
 */
import { sql } from 'kysely';

/** The horizon (xid8) as of the statement's own snapshot (pg_current_snapshot() is the active snapshot). */
export const TRANSACTION_HORIZON = sql<string>`(select coalesce(min(running), pg_snapshot_xmax(pg_current_snapshot()))
  from pg_snapshot_xip(pg_current_snapshot()) as running
  where running::xid not in (
    select l.transactionid from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'transactionid' and l.mode = 'ExclusiveLock' and l.granted
      and a.datid <> (select oid from pg_database where datname = current_database())))`;

/**
 * True for an events row that may be handed out: its transaction is older than the horizon. The
 * cheap xmin test comes first; the horizon (an InitPlan) is computed only when that fails.
 */
export const SETTLED = sql<boolean>`(case when xid < pg_snapshot_xmin(pg_current_snapshot()) then true else xid < ${TRANSACTION_HORIZON} end)`;
