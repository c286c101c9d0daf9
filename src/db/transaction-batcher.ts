/**
 * Group commit: many small, concurrent units of database work share one transaction.
 *
 * Why: a short write transaction's cost is mostly its COMMIT. On SQLite each commit appends every
 * page the transaction dirtied (table and index pages of messages, jobs, events, …) to the WAL, so
 * fifty concurrent sends committing one by one write the same hot pages fifty times; committed
 * together they write them once. On PostgreSQL a batch also saves a BEGIN/COMMIT round trip and a
 * WAL flush per unit.
 *
 * How: `run(unit)` queues the unit. A flush (on the next setImmediate, so everything queued in this
 * turn of the event loop joins; or at once when `maxBatch` units wait) runs the queued units one
 * after the other, in order, inside ONE transaction, and settles each unit's promise with its own
 * result only after that transaction committed. While `maxInFlight` batches are running, new units
 * wait and form the next batch (on SQLite, with its single connection, one batch at a time groups
 * the most).
 *
 * Failure: if any unit throws (or the commit fails), the whole batch is rolled back and every unit
 * of it is run again ALONE, each in its own transaction, in order. So one bad unit rejects only its
 * own promise (with the error of its solo run), the others commit, and nothing of the failed unit
 * remains: no unit's outcome depends on another's failure. (A COMMIT whose answer is lost, e.g. the
 * PostgreSQL connection drops during it, may have committed: the solo runs then meet their own rows,
 * as a client retrying a solo transaction would.)
 *
 * A unit therefore MUST:
 *   - be pure database work on the `trx` it is given: no network I/O, no use of the outer `db`
 *     (on SQLite that would wait for the connection the batch holds: a deadlock), and no side effect
 *     that cannot safely happen twice (it may run once in a batch that is rolled back, then again);
 *   - be short: every unit of a batch waits for the slowest and for the others before it;
 *   - expect to see the uncommitted writes of earlier units of its batch (as it would see them had
 *     they committed just before it): it must not rely on being alone in its transaction.
 *
 * Appends: a row that nothing reads back in the meantime (an audit row) can be `append`ed instead of
 * run as a unit: a batch's appended rows to one table (with the same columns) go in ONE multi-row
 * INSERT after its units (on PostgreSQL one round trip for the batch, not one per row). Alone, or in
 * a batch that failed, an append is its own one-row insert, as a unit would be.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

export type Unit<T> = (trx: Transaction<DB>) => Promise<T>;

/** A table's row appended by `append`. */
type Appended = { [T in keyof DB]: { table: T; row: Insertable<DB[T]> } }[keyof DB];

export interface TransactionBatcherOptions {
  /** Units in one transaction at most (more wait for the next batch). */
  maxBatch?: number;
  /** Batches running at once: 1 on SQLite (one writer); a few on PostgreSQL (pool connections). */
  maxInFlight?: number;
}

interface Queued {
  unit: Unit<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** Set for an append: inserted with the batch's other rows of its table. */
  appended?: Appended;
}

export class TransactionBatcher {
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private queue: Queued[] = [];
  private inFlight = 0;
  private flushScheduled = false;

  constructor(
    private readonly db: Kysely<DB>,
    options: TransactionBatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 64;
    this.maxInFlight = options.maxInFlight ?? 1;
  }

  /** Runs `unit` in a transaction shared with other queued units; resolves after the commit. */
  run<T>(unit: Unit<T>): Promise<T> {
    return this.enqueue<T>({ unit });
  }

  /** Inserts the row with the next batch, its table's rows in one INSERT; resolves after the commit. */
  append<T extends keyof DB>(table: T, row: Insertable<DB[T]>): Promise<void> {
    const appended = { table, row } as Appended;
    return this.enqueue<void>({ unit: (trx) => insertRows(trx, appended.table, [appended.row]), appended });
  }

  /** Queues the work; a full batch flushes at once, otherwise on the next turn of the event loop. */
  private enqueue<T>(work: Pick<Queued, 'unit' | 'appended'>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ ...work, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length >= this.maxBatch) this.flush();
      else this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Starts as many batches as the in-flight limit allows; the rest wait for one to finish. */
  private flush(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.runBatch(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.scheduleFlush();
      });
    }
  }

  private async runBatch(batch: Queued[]): Promise<void> {
    // A batch of one is exactly a solo run: no need for a second attempt if it fails.
    if (batch.length === 1) return this.runAlone(batch[0]!);
    let results: unknown[];
    try {
      results = await this.db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        // By table and set of columns: in one multi-row INSERT a column a row lacks would be NULL
        // (SQLite), not its default as when the row is inserted alone.
        const appends = new Map<string, { table: keyof DB; rows: Appended['row'][] }>();
        for (const queued of batch) {
          if (!queued.appended) {
            out.push(await queued.unit(trx));
            continue;
          }
          out.push(undefined);
          const { table, row } = queued.appended;
          const shape = `${table} ${Object.keys(row).sort().join(',')}`;
          const group = appends.get(shape) ?? { table, rows: [] };
          group.rows.push(row);
          appends.set(shape, group);
        }
        for (const { table, rows } of appends.values()) await insertRows(trx, table, rows);
        return out;
      });
    } catch {
      // Which unit failed does not matter: its writes and the others' are rolled back together, and
      // only a solo run tells a unit's own failure from one caused by sharing the transaction.
      for (const queued of batch) await this.runAlone(queued);
      return;
    }
    batch.forEach((queued, i) => queued.resolve(results[i]));
  }

  private async runAlone(queued: Queued): Promise<void> {
    try {
      queued.resolve(await this.db.transaction().execute((trx) => queued.unit(trx)));
    } catch (err) {
      queued.reject(err);
    }
  }
}

/** One INSERT of rows into a table (the rows of `append`s, typed there). */
async function insertRows(trx: Transaction<DB>, table: keyof DB, rows: Appended['row'][]): Promise<void> {
  await trx
    .insertInto(table)
    .values(rows as never)
    .execute();
}
