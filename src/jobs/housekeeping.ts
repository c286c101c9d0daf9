/**
 * Periodic tasks a worker runs beside its jobs (clean-ups such as expired idempotency keys, sweeps
 * such as sends whose request never finished), each at its own interval. They must be safe to run
 * in several workers at once; a failure is logged and tried next time. A slow run (a large purge)
 * is not started again on top of itself, and `stop()` waits for the runs in flight.
 */
import type { Logger } from 'pino';

export interface HousekeepingTask {
  name: string;
  /** Returns how many rows it handled (logged when not zero). */
  run: () => Promise<number>;
  intervalMs?: number;
}

export class Housekeeping {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<HousekeepingTask, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly tasks: HousekeepingTask[],
    private readonly defaultIntervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    for (const task of this.tasks) {
      const timer = setInterval(() => this.run(task), task.intervalMs ?? this.defaultIntervalMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Starts no run from now on; resolves when the runs in flight have ended. */
  stop(): Promise<unknown> {
    this.stopped = true;
    this.timers.forEach((timer) => clearInterval(timer));
    return Promise.allSettled(this.running.values());
  }

  private run(task: HousekeepingTask): void {
    if (this.stopped || this.running.has(task)) return;
    const run = (async () => {
      // Yield first, so the entry is set below before `finally` deletes it: a task that threw
      // synchronously would otherwise leave its entry behind and never run again.
      await undefined;
      try {
        const handled = await task.run();
        if (handled > 0) this.logger.info({ task: task.name, handled }, 'housekeeping');
      } catch (err) {
        this.logger.warn({ err, task: task.name }, 'housekeeping failed; trying again next time');
      } finally {
        this.running.delete(task);
      }
    })();
    this.running.set(task, run);
  }
}
