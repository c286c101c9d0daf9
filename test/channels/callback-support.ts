/** Vendor callbacks in tests: posted as the vendor would, then awaited until the worker applied them. */
import assert from 'node:assert/strict';
import { post, waitFor } from '../messages/support.js';
import type { TestService } from '../support/harness.js';

/**
 * Posts `body` (sent as given when a string: a fixture's bytes) to a channel's callback URL with
 * `headers` (the vendor's auth), expects 200, and waits until the stored callback is processed.
 */
export async function deliverCallback(svc: TestService, webhookUrl: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await post(svc, webhookUrl.replace(/^https?:\/\/[^/]+/, ''), body, headers);
  assert.equal(res.status, 200, res.text);
  const id = res.json.data.id as string;
  const row = await waitFor(
    () => svc.db.selectFrom('provider_callbacks').select('processed_at').where('id', '=', id).executeTakeFirst(),
    (r) => r?.processed_at != null,
  );
  assert.ok(row?.processed_at, 'the callback was applied');
}
