import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { sql } from 'kysely';
import pino from 'pino';
import type { DatabaseConfig } from '../../src/config.js';
import type { JobHandlers } from '../../src/jobs/types.js';
import { createDeps, createWorker } from '../../src/runtime.js';
import type { AppDeps } from '../../src/deps.js';
import { PermanentJobError } from '../../src/jobs/types.js';
import { describeEachDatabase, type TestEnv } from '../support/harness.js';
import { compiledScript } from '../support/compiled-script.js';
import { testQueue } from '../support/test-jobs.js';

async function queueDeps(env: TestEnv): Promise<{ deps: AppDeps; handlers: JobHandlers; database: DatabaseConfig }> {
  const database = await env.database();
  const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
  return { deps, handlers: new Map(), database: database.config };
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Two jobs of `type` queued, once a worker runs both. */
async function twoRunningJobs(deps: AppDeps, type: string): Promise<[string, string]> {
  const a = await testQueue(deps.queue).enqueue(deps.db, { type, payload: {} });
  const b = await testQueue(deps.queue).enqueue(deps.db, { type, payload: {} });
  await waitFor('both jobs running', async () => {
    const rows = await deps.db.selectFrom('jobs').select('status').where('id', 'in', [a, b]).execute();
    return rows.filter((row) => row.status === 'running').length === 2 || undefined;
  });
  return [a, b];
}

async function startWorkerProcess(database: DatabaseConfig, leaseMs: number): Promise<ChildProcess> {
  const script = await compiledScript('test/fakes/worker-process.ts');
  const child = spawn(process.execPath, [script, JSON.stringify(database), String(leaseMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker process exited early (${code})`)));
  });
}

describeEachDatabase('durable job queue', (env) => {
  it('runs a job enqueued inside a committed transaction, promptly, and never one from a rolled-back one', async () => {
    const { deps, handlers } = await queueDeps(env);
    const ran: string[] = [];
    handlers.set('test.ok', async (job) => {
      ran.push((job.payload as { name: string }).name);
    });
    const worker = createWorker(deps, handlers, { idlePollMs: 5000 });
    await worker.start();
    try {
      await waitFor('idle', () => true);
      await new Promise((r) => setTimeout(r, 100)); // let the worker go idle (waiting on its long poll)
      const started = Date.now();
      await deps.db.transaction().execute((trx) => testQueue(deps.queue).enqueue(trx, { type: 'test.ok', payload: { name: 'kept' } }));
      await assert.rejects(
        deps.db.transaction().execute(async (trx) => {
          await testQueue(deps.queue).enqueue(trx, { type: 'test.ok', payload: { name: 'rolled-back' } });
          throw new Error('abort');
        }),
      );
      await waitFor('job run', () => ran.includes('kept') || undefined);
      const pickupMs = Date.now() - started;
      assert.ok(pickupMs < 500, `an idle worker picks a new job up promptly (took ${pickupMs} ms, idle poll is 5 s)`);
      // Finished means the row is gone: only then is "ran once, and only the committed one" proven.
      await waitFor('the job finished', async () =>
        (await deps.db.selectFrom('jobs').select('id').execute()).length === 0 ? true : undefined,
      );
      assert.deepEqual(ran, ['kept']);
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });

  it('never runs one job in two workers at the same time (two connection pools on one database)', async () => {
    const database = await env.database();
    const config = env.config(database);
    const a = await createDeps(config, { logger: pino({ level: 'silent' }) });
    const b = await createDeps(config, { logger: pino({ level: 'silent' }) });
    const runs = new Map<string, string[]>();
    const active = new Set<string>();
    let overlaps = 0;
    const handlersA: JobHandlers = new Map();
    const handlersB: JobHandlers = new Map();
    for (const [name, handlers] of [
      ['a', handlersA],
      ['b', handlersB],
    ] as const) {
      handlers.set('test.count', async (job) => {
        if (active.has(job.id)) overlaps++;
        active.add(job.id);
        await new Promise((r) => setTimeout(r, 3));
        active.delete(job.id);
        runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
      });
    }
    const workers = [
      createWorker(a, handlersA, { idlePollMs: 20, concurrency: 8 }),
      createWorker(b, handlersB, { idlePollMs: 20, concurrency: 8 }),
    ];
    try {
      const ids = await a.db.transaction().execute((trx) =>
        testQueue(a.queue).enqueueMany(
          trx,
          Array.from({ length: 300 }, () => ({ type: 'test.count', payload: {} })),
        ),
      );
      await Promise.all(workers.map((w) => w.start()));
      await waitFor('all jobs', () => (ids.every((id) => runs.has(id)) ? true : undefined), 30_000);
      // Every job finished (its row deleted) and no handler is still running: then count the runs.
      await waitFor(
        'all jobs finished',
        async () => ((await a.db.selectFrom('jobs').select('id').execute()).length === 0 && active.size === 0 ? true : undefined),
        30_000,
      );
      assert.equal(overlaps, 0);
      assert.ok(
        ids.every((id) => runs.get(id)!.length === 1),
        'every job ran exactly once',
      );
      const byWorker = [...runs.values()].flat();
      assert.ok(byWorker.includes('a') && byWorker.includes('b'), 'both workers took jobs');
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await a.database.close();
      await b.database.close();
    }
  });

  it('does not run a delayed job before its run_at', async () => {
    const { deps, handlers } = await queueDeps(env);
    let ranAt = 0;
    handlers.set('test.delayed', async () => {
      ranAt = Date.now();
    });
    const worker = createWorker(deps, handlers, { idlePollMs: 50 });
    await worker.start();
    try {
      const enqueuedAt = Date.now();
      await testQueue(deps.queue).enqueue(deps.db, { type: 'test.delayed', payload: {}, delayMs: 600 });
      await new Promise((r) => setTimeout(r, 400));
      assert.equal(ranAt, 0, 'not run before its time');
      await waitFor('delayed job', () => ranAt || undefined);
      assert.ok(ranAt - enqueuedAt >= 600, `ran after ${ranAt - enqueuedAt} ms`);
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });

  it('runs a delayed job on time without waiting for the idle poll', async () => {
    const { deps, handlers } = await queueDeps(env);
    let ranAt = 0;
    handlers.set('test.timer', async () => {
      ranAt = Date.now();
    });
    const worker = createWorker(deps, handlers, { idlePollMs: 10_000 });
    await worker.start();
    try {
      await new Promise((r) => setTimeout(r, 50));
      const enqueuedAt = Date.now();
      await testQueue(deps.queue).enqueue(deps.db, { type: 'test.timer', payload: {}, delayMs: 300 });
      await waitFor('timed job', () => ranAt || undefined, 5000);
      const late = ranAt - enqueuedAt - 300;
      assert.ok(late >= 0 && late < 250, `ran ${late} ms after its run_at (idle poll is 10 s)`);
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });

  it('retries a failing job with backoff and ends it dead with its last error', async () => {
    const { deps, handlers } = await queueDeps(env);
    const attempts: number[] = [];
    handlers.set('test.fail', async (job) => {
      attempts.push(job.attempt);
      throw new Error(`boom ${job.attempt}`);
    });
    handlers.set('test.permanent', async () => {
      throw new PermanentJobError('will never work');
    });
    const worker = createWorker(deps, handlers, { idlePollMs: 20, retryBaseMs: 20 });
    await worker.start();
    try {
      const id = await testQueue(deps.queue).enqueue(deps.db, { type: 'test.fail', payload: {}, maxAttempts: 3 });
      const permanentId = await testQueue(deps.queue).enqueue(deps.db, { type: 'test.permanent', payload: {}, maxAttempts: 5 });
      const dead = await waitFor('dead job', async () => {
        const row = await deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
        return row?.status === 'dead' ? row : undefined;
      });
      assert.deepEqual(attempts, [1, 2, 3]);
      assert.equal(dead.attempts, 3);
      assert.equal(dead.last_error, 'boom 3');
      const permanent = await waitFor('permanent job', async () => {
        const row = await deps.db.selectFrom('jobs').selectAll().where('id', '=', permanentId).executeTakeFirst();
        return row?.status === 'dead' ? row : undefined;
      });
      assert.equal(permanent.attempts, 1, 'a permanent error is not retried');
      assert.equal(permanent.last_error, 'will never work');
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });

  it('runs again, after its lease, a job whose worker process was killed mid-job', async () => {
    const { deps, database } = await queueDeps(env);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-jobs-')), 'log.txt');
    fs.writeFileSync(file, '');
    const first = await startWorkerProcess(database, 1500);
    let second: ChildProcess | undefined;
    try {
      await testQueue(deps.queue).enqueue(deps.db, { type: 'test.record', payload: { file, holdMs: 60_000 } });
      await waitFor('first worker starts the job', () => fs.readFileSync(file, 'utf8').includes('start') || undefined, 15_000);
      // The second worker is up and polling before the kill, so it would take the job at once if
      // the lease were not honoured.
      second = await startWorkerProcess(database, 1500);
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const held = await deps.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      assert.equal(held.status, 'running');
      assert.equal(held.locked_by?.split(':')[1], String(first.pid), 'the killed worker still holds the lease');
      const leaseUntil = new Date(held.locked_until as string).getTime();
      // The second worker's run finishes quickly; the payload is the same row, so shorten the hold through the database.
      await deps.db
        .updateTable('jobs')
        .set({ payload: JSON.stringify({ file, holdMs: 10 }) })
        .execute();
      await waitFor('second worker finishes the job', () => (fs.readFileSync(file, 'utf8').includes(' end') ? true : undefined), 15_000);
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
      assert.equal(lines.length, 3, lines.join(' | '));
      const [firstStart, secondStart, secondEnd] = lines.map((l) => l.split(' '));
      assert.notEqual(firstStart![0], secondStart![0], 'another worker ran it');
      assert.equal(secondStart![0], secondEnd![0]);
      assert.ok(
        Number(secondStart![2]) >= leaseUntil,
        `taken over only after the lease ran out (${Number(secondStart![2]) - leaseUntil} ms after locked_until)`,
      );
      // The row is deleted right after the handler returns.
      await waitFor('job row removed', async () =>
        (await deps.db.selectFrom('jobs').selectAll().execute()).length === 0 ? true : undefined,
      );
    } finally {
      first.kill('SIGKILL');
      second?.kill('SIGKILL');
      await deps.database.close();
    }
  });

  it('keeps a long job with its live worker (heartbeat), and another worker runs the job of a killed worker within seconds', async () => {
    const { deps, database } = await queueDeps(env);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-jobs-'));
    const leaseMs = 1200;
    const workers = [await startWorkerProcess(database, leaseMs), await startWorkerProcess(database, leaseMs)];
    const byPid = (workerId: string) => workers.find((w) => workerId.split(':')[1] === String(w.pid));
    const lines = (file: string) => fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
    try {
      // 1. Four leases long, while the other worker sweeps for expired leases every second: the
      // heartbeat (every third of the lease) keeps the job with its first worker, so it runs once.
      const long = path.join(dir, 'long.txt');
      fs.writeFileSync(long, '');
      await testQueue(deps.queue).enqueue(deps.db, { type: 'test.record', payload: { file: long, holdMs: 4 * leaseMs } });
      await waitFor('the long job ends', () => (fs.readFileSync(long, 'utf8').includes(' end') ? true : undefined), 20_000);
      // Finished means the row is gone; only then can no second run start.
      await waitFor('the long job finished', async () =>
        (await deps.db.selectFrom('jobs').select('id').execute()).length === 0 ? true : undefined,
      );
      assert.deepEqual(
        lines(long).map((l) => l.split(' ')[1]),
        ['start', 'end'],
        `run once: ${lines(long).join(' | ')}`,
      );

      // 2. A worker killed mid-job: the other one runs it once the lease (not renewed any more) runs out.
      const killed = path.join(dir, 'killed.txt');
      fs.writeFileSync(killed, '');
      const id = await testQueue(deps.queue).enqueue(deps.db, { type: 'test.record', payload: { file: killed, holdMs: 60_000 } });
      await waitFor('a worker starts the job', () => (fs.readFileSync(killed, 'utf8').includes('start') ? true : undefined), 15_000);
      const first = byPid(lines(killed)[0]!.split(' ')[0]!)!;
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const killedAt = Date.now();
      await deps.db
        .updateTable('jobs')
        .set({ payload: JSON.stringify({ file: killed, holdMs: 10 }) })
        .where('id', '=', id)
        .execute();
      await waitFor('the other worker runs it', () => (fs.readFileSync(killed, 'utf8').includes(' end') ? true : undefined), 15_000);
      const pickupMs = Date.now() - killedAt;
      // The lease (1.2 s from the last heartbeat) plus the lease sweep (once a second), with slack.
      assert.ok(pickupMs < 4000, `picked up ${pickupMs} ms after the kill`);
      const [firstStart, secondStart, secondEnd] = lines(killed).map((l) => l.split(' '));
      assert.notEqual(firstStart![0], secondStart![0], 'another worker ran it');
      assert.deepEqual([secondStart![1], secondEnd![1]], ['start', 'end']);
    } finally {
      for (const worker of workers) worker.kill('SIGKILL');
      await deps.database.close();
    }
  });

  it('aborts a running job whose lease was taken over, and does not renew it', async () => {
    const { deps, handlers } = await queueDeps(env);
    let aborted: unknown;
    handlers.set(
      'test.hold',
      (_job, { signal }) => new Promise<void>((resolve) => signal.addEventListener('abort', () => ((aborted = signal.reason), resolve()))),
    );
    const worker = createWorker(deps, handlers, { idlePollMs: 20, leaseMs: 600 });
    await worker.start();
    try {
      const id = await testQueue(deps.queue).enqueue(deps.db, { type: 'test.hold', payload: {} });
      await waitFor('job running', async () => {
        const row = await deps.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
        return row?.status === 'running' || undefined;
      });
      // Another worker took it over (as after a stall past the lease).
      await deps.db.updateTable('jobs').set({ locked_by: 'someone-else' }).where('id', '=', id).execute();
      await waitFor('the job is aborted', () => (aborted ? true : undefined), 3000);
      assert.match(String(aborted), /lease lost/);
      const row = await deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.locked_by, 'someone-else', "the new owner's lease is left alone");
      assert.equal(row.status, 'running');
    } finally {
      await worker.stop(100);
      await deps.database.close();
    }
  });

  it(
    'renews its other leases while another transaction holds one job row, and keeps that job (no lock wait, no deadlock)',
    { skip: env.dialect !== 'postgres' && 'PostgreSQL only (SQLite has one writer)' },
    async () => {
      const { deps, handlers } = await queueDeps(env);
      const aborted: unknown[] = [];
      handlers.set(
        'test.hold',
        (_job, { signal }) =>
          new Promise<void>((resolve) => signal.addEventListener('abort', () => (aborted.push(signal.reason), resolve()))),
      );
      // Heartbeat every 500 ms.
      const worker = createWorker(deps, handlers, { idlePollMs: 20, leaseMs: 1500 });
      await worker.start();
      const leaseOf = async (id: string) =>
        Date.parse((await deps.db.selectFrom('jobs').select('locked_until').where('id', '=', id).executeTakeFirstOrThrow()).locked_until!);
      try {
        const [a, b] = await twoRunningJobs(deps, 'test.hold');
        // Another transaction (as a group commit finishing jobs does) holds b's row for over two heartbeats.
        await deps.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('jobs')
            .set({ attempts: sql`attempts` })
            .where('id', '=', b)
            .execute();
          const before = await leaseOf(a);
          await waitFor('a renewed while b is held', async () => ((await leaseOf(a)) > before ? true : undefined), 1300);
        });
        const afterRelease = await leaseOf(b);
        await waitFor('b renewed once free', async () => ((await leaseOf(b)) > afterRelease ? true : undefined), 2000);
        assert.deepEqual(aborted, [], 'neither job was taken for lost');
      } finally {
        await worker.stop(100);
        await deps.database.close();
      }
    },
  );

  it(
    'at shutdown hands back the jobs it can without waiting for a row another transaction holds',
    { skip: env.dialect !== 'postgres' && 'PostgreSQL only (SQLite has one writer)' },
    async () => {
      const { deps, handlers } = await queueDeps(env);
      // Handlers that ignore the abort: their jobs are still running when the worker hands them back.
      handlers.set('test.stuck', () => new Promise<void>(() => {}));
      const worker = createWorker(deps, handlers, { idlePollMs: 20 });
      await worker.start();
      try {
        const [a, b] = await twoRunningJobs(deps, 'test.stuck');
        // Another transaction (as a group commit finishing b would) holds b's row while the worker stops.
        const stopped = await deps.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('jobs')
            .set({ attempts: sql`attempts` })
            .where('id', '=', b)
            .execute();
          // stop(100) takes about 1.1 s (its grace, then a second for aborted handlers); waiting for the row never ends.
          const waited = new Promise<string>((resolve) => setTimeout(() => resolve('waited for the row'), 20_000).unref());
          return Promise.race([worker.stop(100).then(() => 'stopped'), waited]);
        });
        assert.equal(stopped, 'stopped', 'the hand-back skipped the held row rather than waiting for it');
        const rows = await deps.db.selectFrom('jobs').select(['id', 'status', 'locked_by']).where('id', 'in', [a, b]).execute();
        const status = Object.fromEntries(rows.map((row) => [row.id, [row.status, row.locked_by === null]]));
        assert.deepEqual(status[a], ['queued', true], 'a handed back');
        assert.deepEqual(status[b], ['running', false], 'b left to the transaction holding it (or to the sweep once its lease ends)');
      } finally {
        await worker.stop(100);
        await deps.database.close();
      }
    },
  );

  it('releases unfinished jobs at shutdown so another worker can run them at once', async () => {
    const { deps, handlers } = await queueDeps(env);
    // A handler that does not finish within the grace period (and ignores the abort signal).
    let lateFinish!: Promise<void>;
    handlers.set('test.slow', () => (lateFinish = new Promise<void>((resolve) => setTimeout(resolve, 1500)).then(() => undefined)));
    const worker = createWorker(deps, handlers, { idlePollMs: 20 });
    await worker.start();
    const id = await testQueue(deps.queue).enqueue(deps.db, { type: 'test.slow', payload: {} });
    await waitFor('job running', async () => {
      const row = await deps.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status === 'running' || undefined;
    });
    await worker.stop(100);
    const row = await deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'queued', 'released, not left running until its lease expires');
    assert.equal(row.attempts, 0, 'an interrupted run does not count as an attempt');
    assert.equal(row.locked_by, null);
    // The late finish of the released run must not delete the job another worker may now hold.
    await lateFinish;
    // The worker has recorded that late finish (its delete ran and matched nothing) before we look.
    await waitFor('the late run is recorded', () => (worker.activeJobs === 0 ? true : undefined));
    const after = await deps.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
    assert.equal(after?.status, 'queued');
    await deps.database.close();
  });
});
