/**
 * The one backoff vocabulary: a retry policy says how many attempts a piece of work gets and how
 * long to wait after each failed one. Jobs name their policy in their declaration (a `*.jobs.ts`
 * file, RETRY_POLICIES below); webhook deliveries retry on the configured schedule with the same
 * function. Both kinds jitter, so many failures that happened together do not return together.
 *
 * - `exponential`: `baseMs · 2^(attempt−1)`, capped at `capMs`, with "equal jitter" (half fixed,
 *   half random).
 * - `schedule`: one listed delay per failed attempt (its length + 1 is the number of attempts),
 *   ±20 % jitter.
 */
export type RetryPolicy =
  { kind: 'exponential'; baseMs: number; capMs: number; maxAttempts: number } | { kind: 'schedule'; delaysMs: readonly number[] };

const HOUR_MS = 60 * 60 * 1000;

export function exponential(maxAttempts: number, baseMs = 1000, capMs = HOUR_MS): RetryPolicy {
  return { kind: 'exponential', baseMs, capMs, maxAttempts };
}

export function schedule(delaysMs: readonly number[]): RetryPolicy {
  return { kind: 'schedule', delaysMs };
}

/** The named policies a job declaration chooses from. */
export const RETRY_POLICIES = {
  /** Most jobs: 10 attempts, from 1 s up to an hour apart. */
  standard: exponential(10),
  /** Work that sends a message (sends, sequence and flow steps): twelve attempts span about an hour. */
  send: exponential(12),
  /**
   * Processing a stored provider callback. Its handler reschedules itself every 3 s while a status
   * waits for the send that names its message (up to a minute): enough attempts to outlast that.
   */
  callback: exponential(25),
  /**
   * A webhook delivery: the delivery row counts HTTP attempts and decides when it is dead (on
   * WEBHOOK_RETRY_SCHEDULE_MS, a `schedule` policy); the job's runs also include short waits for an
   * earlier delivery about the same subject, so its own budget is generous.
   */
  webhook: exponential(1000),
} as const satisfies Record<string, RetryPolicy>;

export type RetryPolicyName = keyof typeof RETRY_POLICIES;

/** How many attempts the policy allows in all. */
export function maxAttempts(policy: RetryPolicy): number {
  return policy.kind === 'exponential' ? policy.maxAttempts : policy.delaysMs.length + 1;
}

/**
 * The wait after failed attempt number `attempt` (1 for the first), or undefined when the policy
 * is spent (that was the last attempt).
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number | undefined {
  return attempt >= maxAttempts(policy) ? undefined : backoffMs(policy, attempt, random);
}

/**
 * The jittered wait after failed attempt `attempt`, whatever the budget (a job stored with its own
 * `max_attempts` keeps it; past a schedule's end its last delay repeats).
 */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  if (policy.kind === 'schedule') {
    const base = policy.delaysMs[Math.min(attempt, policy.delaysMs.length) - 1] ?? 1000;
    return Math.max(1, Math.round(base * (0.8 + random() * 0.4)));
  }
  const exponentialMs = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponentialMs / 2 + random() * (exponentialMs / 2));
}
