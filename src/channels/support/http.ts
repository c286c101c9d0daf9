/**
 * The one way an adapter calls a vendor's HTTP API (through deps.fetch, so tests point it at a fake):
 * a timeout, and the retryable-or-permanent rule in one place. Network errors, timeouts, 429 and
 * 5xx are retryable; any other refusal is permanent. The vendor's own error code and message are
 * kept on the ProviderError (read by each adapter's `describeError`), so the reason stays visible.
 */
import { ProviderError } from '../provider.js';
import { deadline } from '../../lib/deadline.js';

export interface VendorError {
  /** The vendor's error code as a string (e.g. Meta's "131047"); HTTP_<status> when it has none. */
  code?: string;
  message?: string;
  /** The vendor says "try again" in its body even though the HTTP status is a 4xx (e.g. rate limits). */
  retryable?: boolean;
}

export interface VendorRequest {
  method?: 'POST' | 'GET' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs: number;
}

export interface VendorResponse {
  status: number;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  body: unknown;
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export async function callVendor(
  fetchFn: typeof fetch,
  request: VendorRequest,
  describeError: (body: unknown) => VendorError | undefined,
): Promise<VendorResponse> {
  const limit = deadline(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, limit.signal]) : limit.signal;
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(request.url, {
      method: request.method ?? 'POST',
      headers: request.body === undefined ? request.headers : { 'content-type': 'application/json', ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
      redirect: 'error',
    });
    text = await response.text();
  } catch (err) {
    // The channel's base URL on an address the outbound guard refuses: for good, until an admin allows it.
    const refused = outboundRefusal(err);
    if (refused) throw new ProviderError('PROVIDER_ADDRESS_BLOCKED', `the provider's address was refused: ${refused}`, false);
    if (limit.signal.aborted) throw new ProviderError('PROVIDER_TIMEOUT', `no answer within ${request.timeoutMs} ms`, true);
    throw new ProviderError('PROVIDER_UNREACHABLE', `request failed: ${errorText(err)}`, true);
  } finally {
    limit.clear();
  }
  const body = parseJson(text);
  if (response.status >= 200 && response.status < 300) return { status: response.status, body };
  const vendor = describeError(body);
  const message = vendor?.message ?? (text.slice(0, 300) || response.statusText);
  throw new ProviderError(
    vendor?.code ?? `HTTP_${response.status}`,
    message,
    isRetryableStatus(response.status) || vendor?.retryable === true,
    response.status,
  );
}

/** A 2xx answer we cannot read an id from: not retried, since the vendor may well have sent it. */
export function invalidResponse(what: string): ProviderError {
  return new ProviderError('INVALID_PROVIDER_RESPONSE', `accepted without ${what}`, false);
}

export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The outbound guard's refusal (its tenant-safe message), found by name since channels do not import
 * http/: thrown, or the cause of fetch's TypeError.
 */
export function outboundRefusal(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { name?: string }).name === 'OutboundBlockedError') return (e as Error).message;
  }
  return undefined;
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}

/** Gateways that answer `{"message": "…"}` or `{"error": "…"}` (Z-API, W-API, WAHA): the text is all there is. */
export function describeMessageError(body: unknown): VendorError | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { message, error } = body as Record<string, unknown>;
  const text =
    typeof message === 'string' ? message : typeof error === 'string' ? error : message === undefined ? undefined : JSON.stringify(message);
  return { message: text };
}
