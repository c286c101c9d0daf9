/**
 * Long-lived work on leased rows (an event sink streamed, an IMAP mailbox read), in the processes
 * that run the job worker. Every third of the lease the runner looks for rows it could hold, takes
 * the lease of each one it is not already working on (db/row-lease.ts: one process at a time) and
 * runs that row's loop until the row is no longer its own. Stopping wakes every loop's wait, lets the
 * loops end, and gives the leases back at once, so another process need not wait for them to expire.
 *
 * Each runner says what its rows are, how one is leased and what its loop does; the looking, the
 * waiting and the stopping are here once.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { releaseLeases, type LeasedTable } from '../db/row-lease.js';
import type { DB } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { backoffMs, exponential } from './backoff.js';

export interface LeasedRowsOptions<Row extends { id: string }> {
  /** Names the runner in its log lines ("event sinks", "imap") and prefixes its owner name. */
  name: string;
  table: LeasedTable;
  db: Kysely<DB>;
  logger: Logger;
  /** A jump of a test clock wakes the loops' waits and looks for rows at once, as it wakes the job worker. */
  clock: Clock;
  /** How long a row stays this process's without renewal (JOB_LEASE_MS). */
  leaseMs: number;
  /** The rows that could be worked on now; those this process already works on are skipped. */
  candidates(): Promise<Row[]>;
  /** Takes the row's lease: true when the row is now this process's. */
  lease(row: Row): Promise<boolean>;
  /** Works on the row until it is no longer this process's or the runner stops. */
  work(row: Row): Promise<void>;
}

/**
 * The wait after the n-th failure in a row of a row's loop (a broker or a mail server that does not
 * answer): 0.5–1 s after the first, doubling, up to 15–30 s (equal jitter, as the jobs' retries).
 */
const RECONNECT = exponential(Number.POSITIVE_INFINITY, 1000, 30_000);

export function reconnectDelayMs(failures: number): number {
  return backoffMs(RECONNECT, failures);
}

export class LeasedRows<Row extends { id: string }> {
  /** This process, as the rows' lease owner. */
  readonly owner: string;
  private readonly running = new Map<string, Promise<void>>();
  private readonly sleepers = new Set<() => void>();
  private scanTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private unhearJumps: (() => void) | undefined;
  private scanning: Promise<void> | undefined;
  /** A look was asked for (a clock jump) while one was under way: look again as soon as it ends. */
  private lookAgain = false;

  constructor(private readonly options: LeasedRowsOptions<Row>) {
    this.owner = `${options.name.replace(/\W+/g, '_')}_${newId()}`;
  }

  /** True once `stop` was called: each loop ends when it next checks this. */
  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    const scan = () => {
      // One look at a time: two would both find a row not yet running and start it twice.
      if (this.scanning) {
        this.lookAgain = true;
        return;
      }
      clearTimeout(this.scanTimer);
      this.scanning = this.scan()
        .catch((err: unknown) => this.options.logger.warn({ err }, `${this.options.name}: looking for rows to work on failed`))
        .finally(() => {
          this.scanning = undefined;
          if (this.stopped) return;
          if (this.lookAgain) {
            this.lookAgain = false;
            scan();
          } else {
            this.scanTimer = setTimeout(scan, Math.max(100, Math.floor(this.options.leaseMs / 3)));
          }
        });
    };
    this.unhearJumps = this.options.clock.onJump?.(() => {
      this.wakeAll();
      scan();
    });
    scan();
  }

  /** Stops looking, wakes and waits for the loops under way, and hands the rows back at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unhearJumps?.();
    clearTimeout(this.scanTimer);
    this.wakeAll();
    await this.scanning;
    await Promise.all(this.running.values());
    await releaseLeases(this.options.db, this.options.table, this.owner).catch((err: unknown) =>
      this.options.logger.warn({ err }, `${this.options.name}: releasing leases failed; they expire`),
    );
  }

  /** Waits `ms`, or less when the runner stops meanwhile (at once if it already has). */
  sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  private wakeAll(): void {
    for (const wake of this.sleepers) wake();
  }

  private async scan(): Promise<void> {
    for (const row of await this.options.candidates()) {
      if (this.stopped || this.running.has(row.id)) continue;
      if (!(await this.options.lease(row))) continue;
      const work = this.options
        .work(row)
        .catch((err: unknown) =>
          this.options.logger.error({ err, row: row.id }, `${this.options.name}: work on a row stopped unexpectedly`),
        )
        .finally(() => this.running.delete(row.id));
      this.running.set(row.id, work);
    }
  }
}
