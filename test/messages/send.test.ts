import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CHANNEL_KINDS } from '../../src/channels/kinds.js';
import { describeEachDatabase } from '../support/harness.js';
import { messageRow, post, statusEvents, waitFor } from './support.js';

const RECIPIENT: Record<string, string> = {
  whatsapp_official: '+55 11 98765-4321',
  whatsapp_wapi: '5511987654321',
  whatsapp_zapi: '5511987654321',
  whatsapp_waha: '5511987654321',
  whatsapp_evo: '5511987654321',
  email: 'Ana@Example.com',
  instagram: '17841400000000001',
  facebook: '2400000000000001',
};

const CONTENT: Record<string, Record<string, unknown>> = {
  text: { text: 'Hello' },
  image: { url: 'https://example.com/a.jpg', caption: 'A photo' },
  video: { url: 'https://example.com/a.mp4', caption: 'A clip' },
  audio: { url: 'https://example.com/a.ogg' },
  document: { url: 'https://example.com/a.pdf', filename: 'a.pdf', caption: 'The file' },
  location: { latitude: -23.55, longitude: -46.63, name: 'Office', address: 'Av. Paulista, 1000' },
};

describeEachDatabase('POST /v1/messages/send', (env) => {
  it('sends every type on a sandbox channel of every kind, answering sent with the spec fields', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    for (const kind of CHANNEL_KINDS) {
      for (const [type, content] of Object.entries(CONTENT)) {
        const res = await post(
          svc,
          '/v1/messages/send',
          { channel_id: org.channels[kind], to: RECIPIENT[kind], type, content },
          org.bearer,
        );
        assert.equal(res.status, 201, `${kind}/${type}: ${res.text}`);
        const data = res.json.data;
        assert.equal(res.json.success, true);
        assert.deepEqual(Object.keys(data).sort(), [
          'channel_id',
          'chat_id',
          'content',
          'created_at',
          'id',
          'source',
          'status',
          'to',
          'type',
        ]);
        assert.equal(data.channel_id, org.channels[kind]);
        assert.equal(data.type, type);
        assert.equal(data.status, 'sent');
        assert.deepEqual(data.content, content);
        assert.match(data.created_at, /^\d{4}-\d\d-\d\dT.*Z$/);
      }
    }
    const first = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.whatsapp_zapi, to: '5511987654321', type: 'text', content: { text: 'x' } },
      org.bearer,
    );
    assert.equal(first.json.data.to, '5511987654321');
    const email = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.email, to: 'Ana@Example.com', type: 'text', content: { text: 'x' } },
      org.bearer,
    );
    assert.equal(email.json.data.to, 'ana@example.com');
  });

  it('keeps one customer and one active chat per contact and channel, with the message stored', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const body = { channel_id: org.channels.whatsapp_official, to: '+5511987654321', type: 'text', content: { text: 'one' } };
    const a = await post(svc, '/v1/messages/send', body, org.bearer);
    const b = await post(svc, '/v1/messages/send', { ...body, to: '5511987654321' }, org.bearer);
    assert.equal(a.json.data.chat_id, b.json.data.chat_id);
    const chat = await svc.db.selectFrom('chats').selectAll().where('id', '=', a.json.data.chat_id).executeTakeFirstOrThrow();
    assert.equal(chat.status, 'pending');
    assert.equal(chat.assignee_profile_id, null);
    assert.equal(chat.organization_id, org.organizationId);
    const customers = await svc.db.selectFrom('customers').select('id').where('organization_id', '=', org.organizationId).execute();
    assert.equal(customers.length, 1);
    const row = await messageRow(svc, a.json.data.id);
    assert.equal(row?.direction, 'outbound');
    assert.equal(row?.status, 'sent');
    assert.match(row?.provider_message_id ?? '', /^sbx_/);
    assert.equal(row?.send_due_at, null, 'the hand-over to a send job is off once the provider accepted');
    const jobs = await svc.db.selectFrom('jobs').select(['type']).where('type', '=', 'messages.send').execute();
    assert.equal(jobs.length, 0, 'no send job: the request sent it');
  });

  it('advances to delivered then read through sandbox callbacks, one event per change', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 100, readAfterMs: 250 } });
    const res = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.whatsapp_waha, to: '5511987654321', type: 'text', content: { text: 'hi' } },
      org.bearer,
    );
    assert.equal(res.json.data.status, 'sent');
    const id = res.json.data.id;
    const row = await waitFor(
      () => messageRow(svc, id),
      (r) => r?.status === 'read',
    );
    assert.equal(row?.status, 'read');
    const events = await statusEvents(svc, id);
    assert.deepEqual(
      events.map((e) => e.status),
      ['sent', 'delivered', 'read'],
    );
    for (const event of events) {
      assert.deepEqual(Object.keys(event).sort(), ['message_id', 'status', 'timestamp']);
      assert.match(event.timestamp, /Z$/);
    }
    const callbacks = await svc.db
      .selectFrom('provider_callbacks')
      .selectAll()
      .where('channel_id', '=', org.channels.whatsapp_waha)
      .execute();
    assert.equal(callbacks.length, 2, "sandbox callbacks are stored like a real provider's");
    assert.ok(callbacks.every((c) => c.processed_at !== null));
  });

  it('reports a 000 recipient failed through a callback, with the reason kept', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 50 } });
    const res = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.whatsapp_evo, to: '000123', type: 'text', content: { text: 'hi' } },
      org.bearer,
    );
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.data.status, 'sent');
    const row = await waitFor(
      () => messageRow(svc, res.json.data.id),
      (r) => r?.status === 'failed',
    );
    assert.equal(row?.status, 'failed');
    assert.equal(row?.error_code, 'SANDBOX_UNDELIVERABLE');
    assert.deepEqual(
      (await statusEvents(svc, res.json.data.id)).map((e) => e.status),
      ['sent', 'failed'],
    );
  });

  it("ends failed with the provider's reason when the provider refuses for good", async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization({ channelConfig: { sendError: 'permanent' } });
    const res = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.email, to: 'ana@example.com', type: 'text', content: { text: 'hi' } },
      org.bearer,
    );
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.data.status, 'failed');
    assert.equal(res.json.data.error.code, 'SANDBOX_REJECTED');
    const row = await messageRow(svc, res.json.data.id);
    assert.equal(row?.status, 'failed');
    assert.equal(row?.error_code, 'SANDBOX_REJECTED');
    assert.match(row?.error_message ?? '', /refuses/);
    assert.equal(row?.send_due_at, null);
    assert.equal((await svc.db.selectFrom('jobs').select('id').where('type', '=', 'messages.send').execute()).length, 0);
  });

  it('answers pending on a retryable failure and the worker sends it later', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50, retryBaseMs: 50 } });
    const org = await svc.seedOrganization({ channelConfig: { sendError: 'retryable', deliverAfterMs: 50, readAfterMs: 400 } });
    const res = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.instagram, to: '1784140000', type: 'text', content: { text: 'hi' } },
      org.bearer,
    );
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.data.status, 'pending');
    const job = await svc.db.selectFrom('jobs').selectAll().where('type', '=', 'messages.send').executeTakeFirstOrThrow();
    assert.ok(Date.parse(job.run_at) - Date.now() < 5000, 'the send job retries soon');
    assert.equal((await messageRow(svc, res.json.data.id))?.send_due_at, null, 'handed over: the sweep leaves it alone');
    // The provider recovers: the next attempt succeeds.
    await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${org.channels.instagram}`, { config: { sendError: null } });
    const row = await waitFor(
      () => messageRow(svc, res.json.data.id),
      (r) => r?.status === 'read',
      10_000,
    );
    assert.equal(row?.status, 'read');
    assert.deepEqual(
      (await statusEvents(svc, res.json.data.id)).map((e) => e.status),
      ['sent', 'delivered', 'read'],
    );
  });
});
