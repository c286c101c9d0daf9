/**
 * The worker loop: claims runnable jobs atomically, runs them with bounded concurrency, and records
 * the outcome. A claimed job carries a lease (`locked_until`, 15 s by default: JOB_LEASE_MS) that the
 * worker's heartbeat renews every third of it while the job runs; a job whose worker died is
 * claimable again once its lease expires, within seconds. A worker that loses a lease aborts the job.
 * The claiming statements are in claims.ts.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Executor } from '../db/executor.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { backoffMs } from './backoff.js';
import { PgChannel } from '../db/pg-channel.js';
import { Housekeeping, type HousekeepingTask } from './housekeeping.js';
import type { WorkerOptions } from './worker-options.js';
import { JobClaims } from './claims.js';
import { handBackHeldJobs, renewHeldLeases } from './lease-renewal.js';
import { JOBS_CHANNEL } from './queue.js';
import { JobLeaseLost, PermanentJobError, RetryJobError, type ClaimedJob } from './types.js';

/** How often a worker looks for jobs whose worker died (their lease expired). */
const LEASE_SWEEP_INTERVAL_MS = 1000;
/** How soon a worker looks again for a due job that its claim could not take (locked by another worker). */
const NEXT_DUE_RECHECK_MS = 50;

export type { WorkerOptions };

export type { HousekeepingTask };

export class Worker {
  readonly id = `${os.hostname()}:${process.pid}:${newId().slice(-8)}`;
  /**
   * Jobs in flight, each with when its lease runs out as far as this worker knows (claim, then each
   * renewal); `deleted`: this worker deleted the job's row (its transaction may yet roll back).
   */
  private readonly running = new Map<
    string,
    { promise: Promise<void>; abort: AbortController; leaseUntil: number; claimedAt: number; deleted?: boolean }
  >();
  private readonly concurrency: number;
  /**
   * Slots beyond `concurrency` that only due timers may take: with every slot busy with immediate
   * work (a backlog of thousands), a timer would otherwise wait for one to free, and a job can hold
   * its slot for a provider call. A quarter of `concurrency`, at least one.
   */
  private readonly timerSlots: number;
  private readonly leaseMs: number;
  private readonly idlePollMs: number;
  private readonly retryBaseMs: number | undefined;
  private stopping = false;
  private loopPromise: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private pendingWake = false;
  private heartbeat: NodeJS.Timeout | undefined;
  /** The heartbeat's renewal under way, if any; none starts while `handingBack`. */
  private renewal: Promise<void> = Promise.resolve();
  private handingBack = false;
  private notifications: PgChannel | undefined;
  private timedWake: NodeJS.Timeout | undefined;
  private timedWakeAt: number | undefined;
  /**
   * What the timer is armed for: the earliest queued job, or (while every slot is busy) the
   * earliest timer. wakeAt keeps only the earliest time it is told of, so once that timer fires the
   * next due time must be read back from the table.
   */
  private armedFor: 'any job' | 'timers' | undefined;
  /** A timer fired since the last claim that took every due timer: the reserved slots may be used. */
  private timerFired = false;
  private lastLeaseSweep = 0;
  private readonly housekeeping: Housekeeping;
  private readonly claims: JobClaims;
  private unsubscribe: (() => void) | undefined;
  private unsubscribeClock: (() => void) | undefined;
  private readonly clock: Clock;

  constructor(private readonly options: WorkerOptions) {
    this.concurrency = options.concurrency ?? 20;
    this.timerSlots = Math.max(1, Math.ceil(this.concurrency / 4));
    this.leaseMs = options.leaseMs ?? 15_000;
    this.idlePollMs = options.idlePollMs ?? 1000;
    this.retryBaseMs = options.retryBaseMs;
    this.clock = options.clock ?? systemClock;
    this.claims = new JobClaims(options.db, options.dialect, this.id, this.leaseMs, this.clock);
    this.housekeeping = new Housekeeping(options.housekeeping ?? [], options.housekeepingIntervalMs ?? 10 * 60_000, options.logger);
  }

  async start(): Promise<void> {
    this.unsubscribe = this.options.queue.onEnqueue((runAtMs) => this.wakeAt(runAtMs));
    // The clock jumped (a test's `advance`): the armed timer aims at the old time; claim what is due now.
    this.unsubscribeClock = this.clock.onJump?.(() => this.timerFires());
    if (this.options.pgPool) {
      // A lost connection leaves the worker on its idle poll until it is back; then it looks at once.
      this.notifications = new PgChannel({
        pool: this.options.pgPool,
        channel: JOBS_CHANNEL,
        logger: this.options.logger,
        name: 'job',
        onNotification: (payload) => this.wakeAt(Number(payload) || this.nowMs()),
        onListening: (again) => again && this.signal(),
        onLost: () => this.signal(),
      });
      await this.notifications.start();
    }
    this.heartbeat = setInterval(() => {
      if (!this.handingBack) this.renewal = this.renewLeases();
    }, this.heartbeatMs);
    this.heartbeat.unref();
    this.housekeeping.start();
    this.loopPromise = this.loop();
  }

  /**
   * Stops claiming, lets running jobs finish for up to `graceMs`, then aborts and releases the rest
   * so another worker can run them at once (not after the lease).
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.stopping) return this.loopPromise;
    this.stopping = true;
    this.signal();
    this.unsubscribe?.();
    this.unsubscribeClock?.();
    const housekeepingStopped = this.housekeeping.stop(); // no new runs from here on
    clearTimeout(this.timedWake);
    // The loop may be inside a claim: let it finish, so the jobs it claims are waited for too.
    await this.loopPromise;
    await housekeepingStopped;
    const all = Promise.allSettled([...this.running.values()].map((r) => r.promise));
    const timedOut = await Promise.race([all.then(() => false), delay(graceMs).then(() => true)]);
    if (timedOut) {
      for (const entry of this.running.values()) entry.abort.abort();
      // The hand-back skips a row another transaction holds: the heartbeat's own must not be one.
      this.handingBack = true;
      try {
        await this.renewal;
        await handBackHeldJobs(this.options, this.id, this.clock.now());
      } finally {
        this.handingBack = false;
      }
      // Aborted handlers settle quickly; give them a moment so nothing writes after the database closes.
      await Promise.race([all, delay(1000)]);
    }
    // Leases were renewed through the grace period, so no other worker took a job that was finishing.
    clearInterval(this.heartbeat);
    await this.notifications?.close();
  }

  get activeJobs(): number {
    return this.running.size;
  }

  private nowMs(): number {
    return this.clock.now().getTime();
  }

  private signal(): void {
    this.pendingWake = true;
    this.wake?.();
  }

  /** Wakes the loop when a job becomes runnable: now, or by a timer for a delayed one. */
  private wakeAt(runAtMs: number): void {
    const inMs = runAtMs - this.nowMs();
    if (inMs <= 0) return this.signal();
    if (this.timedWakeAt !== undefined && this.timedWakeAt <= runAtMs) return;
    clearTimeout(this.timedWake);
    this.timedWakeAt = runAtMs;
    // Timers may fire a millisecond early; the claim compares run_at with the clock, so aim just after.
    this.timedWake = setTimeout(() => this.timerFires(), inMs + 2);
    this.timedWake.unref();
  }

  /** The armed time came (or the clock jumped past it): claim, timers first, and read the next due time back. */
  private timerFires(): void {
    clearTimeout(this.timedWake);
    this.timedWakeAt = undefined;
    this.armedFor = undefined;
    this.timerFired = true;
    this.signal();
  }

  /**
   * Sets the timer for the earliest queued job not yet due. Without it, of many delayed jobs (a
   * thousand flow waits ending within the same second) only the first woke the worker on time and
   * the rest waited for the idle poll: up to a second late. Read once per timer, not per claim.
   */
  private async armForNextDue(kind: 'any job' | 'timers'): Promise<void> {
    this.armedFor = kind;
    try {
      const next = await this.claims.nextRunAt(kind === 'timers');
      // A job due already was left by this claim (another worker's lock): look again shortly, not in a spin.
      if (next !== undefined) this.wakeAt(Math.max(next, this.nowMs() + NEXT_DUE_RECHECK_MS));
    } catch (err) {
      this.armedFor = undefined;
      this.options.logger.warn({ err }, 'reading the next due job failed; the idle poll covers it');
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      // Let pending I/O (HTTP requests) run before each claim. On SQLite every query completes
      // synchronously, so jobs that only touch the database finish within microtasks and wake the
      // loop again at once: without this turn a busy queue held the event loop for seconds at a time.
      await yieldToEventLoop();
      this.pendingWake = false;
      let claimed: ClaimedJob[] = [];
      // Immediate work fills `concurrency` slots; due timers may also take the reserved ones.
      const free = this.concurrency - this.running.size;
      const timersOnly = free <= 0;
      const room = !timersOnly ? free : this.timerFired ? this.concurrency + this.timerSlots - this.running.size : 0;
      if (room > 0) {
        const claimStarted = this.nowMs();
        try {
          claimed = timersOnly ? await this.claims.dueTimers(room) : await this.claim(room);
        } catch (err) {
          this.options.logger.error({ err }, 'claiming jobs failed');
          await delay(this.idlePollMs);
          continue;
        }
        for (const job of claimed) this.run(job, claimStarted + this.leaseMs);
        // Fewer than asked: every due job of the kind claimed was taken, due timers included.
        if (claimed.length < room) this.timerFired = false;
      }
      if (this.stopping) break;
      // A full batch may mean more are waiting: claim again at once while there is room.
      if (claimed.length > 0 && claimed.length === room) continue;
      const wanted = timersOnly ? 'timers' : 'any job';
      if (this.armedFor === undefined || (this.armedFor === 'timers' && wanted === 'any job')) await this.armForNextDue(wanted);
      if (this.pendingWake) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.idlePollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /** Due jobs (timers first), then, at most once a second, jobs whose lease expired. */
  private async claim(limit: number): Promise<ClaimedJob[]> {
    const claimed = await this.claims.due(limit);
    if (claimed.length < limit && this.nowMs() - this.lastLeaseSweep >= LEASE_SWEEP_INTERVAL_MS) {
      this.lastLeaseSweep = this.nowMs();
      claimed.push(...(await this.claims.leaseExpired(limit - claimed.length)));
    }
    return claimed;
  }

  private run(job: ClaimedJob, leaseUntil: number): void {
    const abort = new AbortController();
    const started = process.hrtime.bigint();
    const promise = this.execute(job, abort.signal)
      .catch((err) => this.options.logger.error({ err, jobId: job.id }, 'recording a job outcome failed'))
      .finally(() => {
        this.options.metrics?.jobDuration.observe({ type: job.type }, Number(process.hrtime.bigint() - started) / 1e9);
        this.running.delete(job.id);
        this.signal();
      });
    // claimedAt is after the claim committed: a renewal issued later sees the row.
    this.running.set(job.id, { promise, abort, leaseUntil, claimedAt: this.nowMs() });
  }

  private async execute(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const { db, handlers, logger, metrics } = this.options;
    const handler = handlers.get(job.type);
    const log = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempt });
    let completedByHandler = false;
    const completeIn = async (trx: Executor) => {
      const deleted = await this.deleteJob(trx, job.id);
      if (deleted === 0) throw new JobLeaseLost(job.id);
      completedByHandler = true;
    };
    try {
      if (!handler) throw new PermanentJobError(`no handler for job type "${job.type}"`);
      // A stored payload that does not fit its schema will not fit on any retry either.
      const problem = this.options.queue.catalogue.payloadProblem(job.type, job.payload);
      if (problem) throw new PermanentJobError(problem);
      await handler(job, { signal, completeIn });
      // Done jobs are deleted: the table holds only work to do and dead jobs to look at.
      if (!completedByHandler) await this.complete(job.id);
      metrics?.jobsRun.inc({ type: job.type, outcome: 'succeeded' });
    } catch (err) {
      if (err instanceof JobLeaseLost) {
        log.warn('job taken over by another worker before it finished here; its effect was rolled back');
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const dead = err instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      const now = this.clock.now();
      if (dead) {
        log.warn({ err }, 'job is dead');
        await db
          .updateTable('jobs')
          .set({ status: 'dead', last_error: message.slice(0, 2000), locked_by: null, locked_until: null, updated_at: now.toISOString() })
          .where('id', '=', job.id)
          .where('locked_by', '=', this.id)
          .execute();
        metrics?.jobsRun.inc({ type: job.type, outcome: 'dead' });
        return;
      }
      const wait = err instanceof RetryJobError ? err.delayMs : this.backoffMs(job);
      this.wakeAt(now.getTime() + wait);
      // A handler's chosen reschedule (RetryJobError) is routine, e.g. a webhook waiting its turn.
      if (err instanceof RetryJobError) log.debug({ reason: message, retryInMs: wait }, 'job rescheduled');
      else log.info({ err: message, retryInMs: wait }, 'job failed, will retry');
      await db
        .updateTable('jobs')
        .set({
          status: 'queued',
          last_error: message.slice(0, 2000),
          run_at: new Date(now.getTime() + wait).toISOString(),
          ...(err instanceof RetryJobError && err.options.attempt === false ? { attempts: sql<number>`attempts - 1` } : {}),
          locked_by: null,
          locked_until: null,
          updated_at: now.toISOString(),
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.id)
        .execute();
      metrics?.jobsRun.inc({ type: job.type, outcome: err instanceof RetryJobError ? 'rescheduled' : 'retried' });
    }
  }

  /** The wait before a failed job's next attempt, by its type's retry policy. */
  private backoffMs(job: ClaimedJob): number {
    const policy = this.options.queue.catalogue.policy(job.type);
    return backoffMs(policy.kind === 'exponential' && this.retryBaseMs ? { ...policy, baseMs: this.retryBaseMs } : policy, job.attempt);
  }

  private async complete(jobId: string): Promise<void> {
    const { batcher, db } = this.options;
    if (batcher) await batcher.run((trx) => this.deleteJob(trx, jobId));
    else await this.deleteJob(db, jobId);
  }

  /** Deletes a job this worker holds; answers 0 when it holds it no longer. */
  private async deleteJob(executor: Executor, jobId: string): Promise<number> {
    const result = await executor.deleteFrom('jobs').where('id', '=', jobId).where('locked_by', '=', this.id).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    // Once this commits the row is gone: a renewal then finds it so and knows it was not taken over.
    const entry = this.running.get(jobId);
    if (deleted > 0 && entry) entry.deleted = true;
    return deleted;
  }

  /** The heartbeat: every third of the lease, so two renewals may fail before a live job's lease runs out. */
  private get heartbeatMs(): number {
    return Math.max(50, Math.floor(this.leaseMs / 3));
  }

  /**
   * Renews the lease of every job this worker runs. A job whose lease it no longer holds (another
   * worker took it over after a stall) or whose lease would run out before the next heartbeat
   * (renewals failing) has its signal aborted: its handler stops (a provider call is aborted with
   * it), so a job never goes on running once another worker may have started it.
   */
  private async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    const renewedAt = this.nowMs();
    try {
      const { renewed, busy, gone } = await renewHeldLeases(this.options, {
        workerId: this.id,
        lockedUntilMs: renewedAt + this.leaseMs,
        running: [...this.running.keys()],
      });
      for (const [id, entry] of this.running) {
        if (renewed.has(id)) entry.leaseUntil = renewedAt + this.leaseMs;
        // Still ours, but another transaction holds its row: renewed at the next heartbeat.
        else if (busy.has(id)) continue;
        // Finished here: its deletion committed, and no one else can hold what is gone.
        else if (gone.has(id) && entry.deleted) entry.leaseUntil = renewedAt + this.leaseMs;
        // Not ours any more. (A job claimed while this renewal ran is left for the next one.)
        else if (entry.claimedAt < renewedAt) this.loseLease(id, entry.abort);
      }
    } catch (err) {
      this.options.logger.warn({ err }, 'renewing job leases failed');
    }
    const now = this.nowMs();
    for (const [id, entry] of this.running) if (entry.leaseUntil - now <= this.heartbeatMs) this.loseLease(id, entry.abort);
  }

  private loseLease(jobId: string, abort: AbortController): void {
    if (abort.signal.aborted) return;
    this.options.logger.warn({ jobId }, 'job lease lost; aborting the job here');
    abort.abort(new Error('job lease lost'));
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
