import type { Executor } from '../db/executor.js';

/** A job to enqueue: its declared type and a payload of that type's shape (src/jobs/catalogue.ts). */
export interface JobSpec<T extends string = string, P = unknown> {
  type: T;
  payload: P;
  organizationId?: string | null;
  /** Run no earlier than this. Defaults to now. */
  runAt?: Date;
  /** Shorthand for runAt = now + delayMs. */
  delayMs?: number;
  /** Attempts before the job is dead. Defaults to the job type's retry policy (tests shorten it). */
  maxAttempts?: number;
  /**
   * Higher is claimed first among due jobs; default 0. Timers (JOB_PRIORITY_TIMER) are jobs due at
   * a moment the product promised, so they are not queued behind immediate work when they come due.
   */
  priority?: number;
}

/** A spec of any job type of the payload map `M` (for `enqueueMany`). */
export type JobSpecOf<M> = { [T in keyof M & string]: JobSpec<T, M[T]> }[keyof M & string];

/** The priority of a timer: a flow's wait ending, a message sequence's delayed step. */
export const JOB_PRIORITY_TIMER = 1;

export interface ClaimedJob<P = unknown> {
  id: string;
  type: string;
  organizationId: string | null;
  /** Checked against the job type's schema before the handler runs. */
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export interface JobContext {
  /** Aborted when the worker shuts down past its grace period or loses the lease. */
  signal: AbortSignal;
  /**
   * Finishes the job inside the handler's own transaction (its row is deleted there), so the job is
   * done exactly when its effect commits: no crash can leave an effect committed with its job still
   * to run, and the worker saves the separate delete. If this worker no longer holds the job (its
   * lease ran out and another worker took it) it throws JobLeaseLost, which rolls the effect back.
   */
  completeIn(trx: Executor): Promise<void>;
}

/** Thrown by `completeIn` when another worker holds the job now: the caller's transaction must not commit. */
export class JobLeaseLost extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is held by another worker now`);
    this.name = 'JobLeaseLost';
  }
}

export type JobHandler<P = unknown> = (job: ClaimedJob<P>, context: JobContext) => Promise<void>;

/** A registry of handlers by job type, built from the job catalogue at start-up (tests may add their own). */
export type JobHandlers = Map<string, JobHandler>;

/** Throw from a handler to retry after a chosen delay instead of its retry policy's backoff. */
export class RetryJobError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
    /** `attempt: false`: this run was not an attempt (the outbound governor held the job's message), so it does not count. */
    readonly options: { attempt?: boolean } = {},
  ) {
    super(message);
    this.name = 'RetryJobError';
  }
}

/** Throw from a handler when retrying cannot help: the job is dead at once, with this error kept. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
