/**
 * A deadline for I/O, as an AbortSignal whose timer is cleared once the work is over.
 *
 * Why not `AbortSignal.timeout`: its timer cannot be cleared, so it fires after every call, long
 * finished, building a TimeoutError (a DOMException, stack and all) and dispatching an abort event
 * each time. Under the send load that was 1.3 % of the service's processor time, spent on deadlines
 * of sends answered seconds before. Hot paths (a send's provider call, a vendor request, a webhook
 * delivery) use this; the reason it aborts with is the same TimeoutError `AbortSignal.timeout` gives.
 */
export interface Deadline {
  signal: AbortSignal;
  /** The work is over: the timer goes, and the signal never aborts. */
  clear(): void;
}

export function deadline(ms: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  // As AbortSignal.timeout's: a deadline alone does not keep the process running.
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
