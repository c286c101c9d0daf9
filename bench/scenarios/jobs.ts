/**
 * Job queue throughput and idle pickup latency on each database. Not an HTTP figure, so it is
 * reported in absolute numbers (jobs/s, ms) rather than as a ratio to the bare route.
 */
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import type { JobHandlers } from '../../src/jobs/types.js';
import { createDeps, createWorker } from '../../src/runtime.js';
import { benchDatabases } from '../lib.js';
import type { Scenario } from '../lib.js';
import { testQueue } from '../../test/support/test-jobs.js';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const jobsScenario: Scenario = {
  name: 'jobs',
  description: 'durable job queue: jobs per second with one worker, and idle pickup latency',
  async run() {
    console.log('| database | jobs | jobs/s (1 worker, concurrency 20) | idle pickup p50 ms | idle pickup p99 ms |');
    console.log('|---|---|---|---|---|');
    for (const { label, config } of benchDatabases()) {
      const deps = await createDeps({ ...loadConfig({ LOG_LEVEL: 'silent' }), database: config() }, { logger: pino({ level: 'silent' }) });
      const handlers: JobHandlers = new Map();
      await deps.db.deleteFrom('jobs').execute();
      let done = 0;
      let onDone: (() => void) | undefined;
      const pickups: number[] = [];
      handlers.set('bench.noop', async (job) => {
        const enqueuedAt = (job.payload as { at?: number }).at;
        if (enqueuedAt) pickups.push(performance.now() - enqueuedAt);
        done++;
        onDone?.();
      });
      const total = Number(process.env.BENCH_JOBS ?? 5000);
      for (let i = 0; i < total; i += 500) {
        await deps.db.transaction().execute((trx) =>
          testQueue(deps.queue).enqueueMany(
            trx,
            Array.from({ length: Math.min(500, total - i) }, () => ({ type: 'bench.noop', payload: {} })),
          ),
        );
      }
      const worker = createWorker(deps, handlers, { idlePollMs: 5000, concurrency: 20 });
      const started = performance.now();
      await worker.start();
      await new Promise<void>((resolve) => {
        onDone = () => done >= total && resolve();
      });
      const jobsPerSecond = Math.round(total / ((performance.now() - started) / 1000));

      // Idle pickup: the worker sleeps on a 5 s poll; each job is enqueued in its own transaction.
      for (let i = 0; i < 50; i++) {
        await new Promise((r) => setTimeout(r, 30));
        const target = done + 1;
        const picked = new Promise<void>((resolve) => (onDone = () => done >= target && resolve()));
        await deps.db
          .transaction()
          .execute((trx) => testQueue(deps.queue).enqueue(trx, { type: 'bench.noop', payload: { at: performance.now() } }));
        await picked;
      }
      pickups.sort((a, b) => a - b);
      console.log(
        `| ${label} | ${total} | ${jobsPerSecond} | ${percentile(pickups, 50).toFixed(1)} | ${percentile(pickups, 99).toFixed(1)} |`,
      );
      await worker.stop();
      await deps.database.close();
    }
  },
};
