import assert from 'node:assert/strict';
import { it } from 'node:test';
import { requestHash } from '../../src/http/idempotency-store.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { post } from './support.js';

async function messageCount(svc: TestService): Promise<number> {
  return (await svc.db.selectFrom('messages').select('id').execute()).length;
}

describeEachDatabase('Idempotency-Key', (env) => {
  it('replays the first answer for the same key and body, and sends once', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const body = { channel_id: org.channels.whatsapp_official, to: '5511987654321', type: 'text', content: { text: 'once' } };
    const headers = { ...org.bearer, 'idempotency-key': 'order-42' };
    const first = await post(svc, '/v1/messages/send', body, headers);
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    // Same body with its keys in another order is the same request.
    const again = await post(
      svc,
      '/v1/messages/send',
      { content: { text: 'once' }, type: 'text', to: '5511987654321', channel_id: org.channels.whatsapp_official },
      headers,
    );
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.json, first.json);
    assert.equal(await messageCount(svc), 1);
  });

  it('refuses the same key with a different body (422) and while the first still runs (409)', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const body = { channel_id: org.channels.email, to: 'ana@example.com', type: 'text', content: { text: 'a' } };
    const headers = { ...org.bearer, 'idempotency-key': 'k1' };
    assert.equal((await post(svc, '/v1/messages/send', body, headers)).status, 201);
    const reused = await post(svc, '/v1/messages/send', { ...body, content: { text: 'b' } }, headers);
    assert.equal(reused.status, 422);
    assert.equal(reused.json.error.code, 'IDEMPOTENCY_KEY_REUSED');

    // A first request under k2 that is still running (its claim is written, no answer yet).
    const running = { ...body, content: { text: 'running' } };
    const now = new Date();
    await svc.db
      .insertInto('idempotency_keys')
      .values({
        api_key_id: org.apiKeyId,
        key: 'k2',
        scope: 'POST /v1/messages/send',
        organization_id: null,
        request_hash: requestHash('POST', '/v1/messages/send', running),
        state: 'running',
        response_status: null,
        response_body: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      })
      .execute();
    const busy = await post(svc, '/v1/messages/send', running, { ...org.bearer, 'idempotency-key': 'k2' });
    assert.equal(busy.status, 409);
    assert.equal(busy.json.error.code, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    assert.equal(await messageCount(svc), 1);

    // A claim that has been running for minutes belongs to a dead process: it is taken over.
    await svc.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(now.getTime() - 5 * 60_000).toISOString() })
      .where('key', '=', 'k2')
      .execute();
    const takeover = await post(svc, '/v1/messages/send', running, { ...org.bearer, 'idempotency-key': 'k2' });
    assert.equal(takeover.status, 201);
    assert.equal(await messageCount(svc), 2);
  });

  it('scopes keys to the API key and replays validation answers too', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const { tenancy } = svc.services;
    const second = await tenancy.createApiKey(org.profileId, { name: 'second', scopes: ['*'] });
    const body = { channel_id: org.channels.instagram, to: '17841400000000001', type: 'text', content: { text: 'x' } };
    const a = await post(svc, '/v1/messages/send', body, { ...org.bearer, 'idempotency-key': 'same' });
    const b = await post(svc, '/v1/messages/send', body, { authorization: `Bearer ${second.key}`, 'idempotency-key': 'same' });
    assert.equal(b.headers.get('idempotent-replayed'), null);
    assert.notEqual(a.json.data.id, b.json.data.id);
    assert.equal(await messageCount(svc), 2);

    const invalid = { ...body, to: 'has space' };
    const firstInvalid = await post(svc, '/v1/messages/send', invalid, { ...org.bearer, 'idempotency-key': 'bad' });
    assert.equal(firstInvalid.status, 400);
    const replayedInvalid = await post(svc, '/v1/messages/send', invalid, { ...org.bearer, 'idempotency-key': 'bad' });
    assert.equal(replayedInvalid.status, 400);
    assert.equal(replayedInvalid.headers.get('idempotent-replayed'), 'true');

    const tooLong = await post(svc, '/v1/messages/send', body, { ...org.bearer, 'idempotency-key': 'x'.repeat(300) });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.json.error.details[0].field, 'Idempotency-Key');
  });

  it('applies to customer create too', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const body = { name: 'Ana', contacts: [{ type: 'whatsapp', value: '5511987654321' }] };
    const headers = { ...org.keyHeader, 'idempotency-key': 'cust-1' };
    const first = await post(svc, `/api/${org.organizationId}/customers`, body, headers);
    assert.ok(first.status < 300, first.text);
    const again = await post(svc, `/api/${org.organizationId}/customers`, body, headers);
    assert.equal(again.status, first.status);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.json, first.json);
    const reused = await post(svc, `/api/${org.organizationId}/customers`, { ...body, name: 'Bia' }, headers);
    assert.equal(reused.status, 422);
    assert.equal((await svc.db.selectFrom('customers').select('id').execute()).length, 1);
  });
});
