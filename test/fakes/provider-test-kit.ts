/**
 * Helpers for provider tests: building callback requests as our webhook route hands them over,
 * signing them like the vendor does, and asserting ProviderError codes and retryability.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { ProviderError, type CallbackRequest, type ProviderDeps } from '../../src/channels/provider.js';
import { createGuardedFetch, createOutboundAgent } from '../../src/http/outbound.js';

export function callback(body: unknown, headers: Record<string, string> = {}, query: Record<string, string> = {}): CallbackRequest {
  return { method: 'POST', headers, query, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** Meta's X-Hub-Signature-256 over the raw body. */
export function metaSigned(body: unknown, appSecret: string, query: Record<string, string> = {}): CallbackRequest {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
  return callback(raw, { 'content-type': 'application/json', 'x-hub-signature-256': signature }, query);
}

export async function rejectsWith(promise: Promise<unknown> | (() => unknown), code: string, retryable: boolean): Promise<ProviderError> {
  let caught: unknown;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (err) {
    caught = err;
  }
  assert.ok(caught instanceof ProviderError, `expected a ProviderError ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  assert.equal(caught.retryable, retryable, `retryable for ${code}`);
  return caught;
}

export function throwsWith(fn: () => unknown, code: string, retryable = false): ProviderError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ProviderError, `expected a ProviderError ${code}, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    assert.equal(err.retryable, retryable);
    return err;
  }
  assert.fail(`expected ${code} to be thrown`);
}

/**
 * Provider deps for tests: the real fetch, media through the real outbound guard (private addresses
 * allowed, as the fakes listen on 127.0.0.1, unless `allowPrivateMedia` is false), and a logger that
 * keeps what adapters skipped.
 */
export function testDeps(options: { allowPrivateMedia?: boolean } = {}): ProviderDeps & { warnings: Record<string, unknown>[] } {
  const warnings: Record<string, unknown>[] = [];
  const allowPrivate = options.allowPrivateMedia ?? true;
  return {
    fetch,
    fetchMedia: createGuardedFetch(createOutboundAgent(allowPrivate), allowPrivate),
    warnings,
    logger: { warn: (details) => void warnings.push(details) },
  };
}
