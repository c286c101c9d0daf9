/**
 * A provider call as ChatDelivery makes it: bounded by the send deadline, and any error it ends with
 * read as a ProviderError (a timeout or an unknown error counts as retryable).
 */
import { ProviderError } from '../../channels/provider.js';

export function asProviderError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ProviderError('PROVIDER_TIMEOUT', 'The provider did not answer in time', true);
  return new ProviderError('PROVIDER_ERROR', err instanceof Error ? err.message : String(err), true);
}

/**
 * The provider's promise, but given up at the deadline. Every provider aborts its own I/O on the
 * signal (that is what ends the call); this only makes sure the caller never waits past it.
 */
export function withinDeadline<T>(call: Promise<T>, deadline: AbortSignal): Promise<T> {
  let onAbort: (() => void) | undefined;
  const expired = new Promise<never>((_, reject) => {
    onAbort = () => reject(new ProviderError('PROVIDER_TIMEOUT', 'The provider did not answer in time', true));
    if (deadline.aborted) onAbort();
    else deadline.addEventListener('abort', onAbort, { once: true });
  });
  expired.catch(() => undefined);
  return Promise.race([call, expired]).finally(() => deadline.removeEventListener('abort', onAbort!));
}
