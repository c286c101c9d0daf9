/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so retries of many
 * jobs that failed together spread out instead of arriving in waves.
 */
export function retryDelayMs(attempt: number, baseMs = 1000, capMs = 60 * 60 * 1000, random = Math.random): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
