/** A finished idempotency key row, as the store leaves it, expiring at `expiresAt` (the purge tests' rows). */
export function keyRow(key: string, expiresAt: string) {
  return {
    api_key_id: 'k1',
    key,
    scope: 'POST /v1/messages/send',
    organization_id: null,
    request_hash: 'h',
    state: 'done',
    response_status: 201,
    response_body: '{}',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: expiresAt,
  };
}
