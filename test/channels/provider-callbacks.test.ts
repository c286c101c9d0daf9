import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId } from '../../src/lib/ids.js';
import { createWorker } from '../../src/runtime.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { messageRow, post, statusEvents, waitFor } from '../messages/support.js';

async function sendOne(svc: TestService, org: { bearer: Record<string, string> }, channelId: string, to = '5511987654321') {
  const res = await post(svc, '/v1/messages/send', { channel_id: channelId, to, type: 'text', content: { text: 'hi' } }, org.bearer);
  assert.equal(res.status, 201, res.text);
  const row = await messageRow(svc, res.json.data.id);
  return { id: res.json.data.id as string, providerId: row!.provider_message_id! };
}

async function callback(svc: TestService, channelId: string, body: unknown) {
  const res = await post(svc, `/channels/${channelId}/webhook`, body);
  assert.equal(res.status, 200, res.text);
  return res.json.data.id as string;
}

async function processed(svc: TestService, callbackId: string) {
  return waitFor(
    () => svc.db.selectFrom('provider_callbacks').select('processed_at').where('id', '=', callbackId).executeTakeFirst(),
    (row) => row?.processed_at != null,
  );
}

// The sandbox's own callbacks are pushed an hour away so the test drives every status itself.
const QUIET = { channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } };

describeEachDatabase('provider callbacks: POST/GET /channels/{id}/webhook', (env) => {
  it('stores a callback, answers 200 at once, and applies it through the status machine', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_official;
    const message = await sendOne(svc, org, channel);
    const first = await callback(svc, channel, {
      event: 'status',
      message_id: message.providerId,
      status: 'delivered',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
    const stored = await svc.db.selectFrom('provider_callbacks').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    assert.equal(stored.organization_id, org.organizationId);
    assert.equal(stored.method, 'POST');
    assert.match(stored.body, /"status":"delivered"/);
    await processed(svc, first);
    assert.equal((await messageRow(svc, message.id))?.status, 'delivered');
    const events = await statusEvents(svc, message.id);
    assert.deepEqual(events.at(-1), { message_id: message.id, status: 'delivered', timestamp: '2026-01-01T00:00:00.000Z' });
  });

  it('ignores a repeated or out-of-order status: nothing changes and no event fires', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_zapi;
    const message = await sendOne(svc, org, channel);
    await processed(svc, await callback(svc, channel, { event: 'status', message_id: message.providerId, status: 'read' }));
    const before = await statusEvents(svc, message.id);
    assert.deepEqual(
      before.map((e) => e.status),
      ['sent', 'read'],
      'delivered may be skipped',
    );
    const updatedAt = (await messageRow(svc, message.id))?.updated_at;
    for (const status of ['read', 'delivered', 'sent', 'failed']) {
      await processed(svc, await callback(svc, channel, { event: 'status', message_id: message.providerId, status }));
    }
    const after = await messageRow(svc, message.id);
    assert.equal(after?.status, 'read');
    assert.equal(after?.updated_at, updatedAt);
    assert.deepEqual(await statusEvents(svc, message.id), before);
  });

  it('fails a sent message from a failed callback, and nothing moves it afterwards', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.facebook;
    const message = await sendOne(svc, org, channel, '2400000000000001');
    await processed(
      svc,
      await callback(svc, channel, {
        event: 'status',
        message_id: message.providerId,
        status: 'failed',
        error: { code: '131026', message: 'Receiver is incapable' },
      }),
    );
    await processed(svc, await callback(svc, channel, { event: 'status', message_id: message.providerId, status: 'delivered' }));
    const row = await messageRow(svc, message.id);
    assert.equal(row?.status, 'failed');
    assert.equal(row?.error_code, '131026');
    assert.equal(row?.error_message, 'Receiver is incapable');
    assert.deepEqual(
      (await statusEvents(svc, message.id)).map((e) => e.status),
      ['sent', 'failed'],
    );
  });

  it("stores an inbound message once, in the sender's active chat, with message.received", async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_waha;
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel, to: '5511987654321', type: 'text', content: { text: 'hi' } },
      org.bearer,
    );
    const inbound = {
      event: 'message',
      message_id: 'wamid.IN1',
      from: '+55 11 98765-4321',
      name: 'Ana',
      type: 'text',
      content: { text: 'Hello back' },
    };
    await processed(svc, await callback(svc, channel, inbound));
    await processed(svc, await callback(svc, channel, inbound));
    const rows = await svc.db.selectFrom('messages').selectAll().where('direction', '=', 'inbound').execute();
    assert.equal(rows.length, 1, 'a redelivered inbound message is stored once');
    assert.equal(rows[0]!.chat_id, sent.json.data.chat_id);
    assert.equal(rows[0]!.provider_message_id, 'wamid.IN1');
    assert.deepEqual(JSON.parse(rows[0]!.content), { text: 'Hello back' });
    const received = await svc.db.selectFrom('events').selectAll().where('type', '=', 'message.received').execute();
    assert.equal(received.length, 1);
    const data = JSON.parse(received[0]!.payload);
    assert.equal(data.message_id, rows[0]!.id);
    assert.equal(data.from, '5511987654321');
    assert.equal(data.chat_id, sent.json.data.chat_id);

    // A new contact gets a customer and a pending chat.
    await processed(svc, await callback(svc, channel, { ...inbound, message_id: 'wamid.IN2', from: '5521999998888' }));
    const chat = await svc.db.selectFrom('chats').selectAll().where('contact', '=', '5521999998888').executeTakeFirstOrThrow();
    assert.equal(chat.status, 'pending');
    assert.equal(chat.organization_id, org.organizationId);
  });

  it('keeps the raw body of JSON and form posts, and 404s an unknown channel', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization(QUIET);
    const raw = '{"event":"status",  "message_id":"x","status":"read"}';
    const json = await post(svc, `/channels/${org.channels.email}/webhook`, raw);
    assert.equal(json.status, 200);
    const form = await fetch(`${svc.url}/channels/${org.channels.email}/webhook?token=abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-signature': 's1' },
      body: 'a=1&b=two+words',
    });
    assert.equal(form.status, 200);
    const rows = await svc.db.selectFrom('provider_callbacks').selectAll().orderBy('id').execute();
    assert.deepEqual(
      rows.map((r) => r.body),
      [raw, 'a=1&b=two+words'],
    );
    assert.equal(JSON.parse(rows[1]!.headers)['x-signature'], 's1');
    assert.deepEqual(JSON.parse(rows[1]!.query), { token: 'abc' });
    const jobs = await svc.db.selectFrom('jobs').select('type').where('type', '=', 'channels.process_callback').execute();
    assert.equal(jobs.length, 2, 'each stored callback has its processing job');

    for (const id of [newId(), 'not-a-uuid']) {
      const res = await post(svc, `/channels/${id}/webhook`, { event: 'status' });
      assert.equal(res.status, 404);
      assert.equal(res.json.error.code, 'CHANNEL_NOT_FOUND');
    }
    assert.equal((await svc.db.selectFrom('provider_callbacks').select('id').execute()).length, 2);
  });

  it('answers a verification handshake with the provider', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization(QUIET);
    const res = await fetch(`${svc.url}/channels/${org.channels.whatsapp_official}/webhook?challenge=12345`);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '12345');
    const unknown = await fetch(`${svc.url}/channels/${newId()}/webhook?challenge=1`);
    assert.equal(unknown.status, 404);
  });

  it("does not apply a callback on one organization's channel to another organization's message", async () => {
    // The worker starts only once the callback is stored (and aged past the grace for unknown
    // messages), so its one run decides: the test waits for that run to finish, then asserts.
    const svc = await env.start({ listen: true, startWorker: false });
    const a = await svc.seedOrganization({ ...QUIET, name: 'A' });
    const b = await svc.seedOrganization({ ...QUIET, name: 'B' });
    const message = await sendOne(svc, a, a.channels.whatsapp_official);
    assert.equal((await messageRow(svc, message.id))?.status, 'sent');
    const eventsBefore = (await statusEvents(svc, message.id)).length;
    const id = await callback(svc, b.channels.whatsapp_official, { event: 'status', message_id: message.providerId, status: 'read' });
    // Older than the grace period: a status naming a message B does not have is settled, not retried.
    await svc.db
      .updateTable('provider_callbacks')
      .set({ received_at: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const worker = createWorker(svc.deps, svc.runtime.jobHandlers, { idlePollMs: 50 });
    await worker.start();
    try {
      const row = await processed(svc, id);
      assert.ok(row?.processed_at, 'the callback was processed');
      const jobs = await waitFor(
        () => svc.db.selectFrom('jobs').select(['status', 'last_error']).where('type', '=', 'channels.process_callback').execute(),
        (rows) => rows.length === 0,
      );
      assert.deepEqual(jobs, [], 'its job finished');
    } finally {
      await worker.stop(1000);
    }
    assert.equal((await messageRow(svc, message.id))?.status, 'sent', "A's message is untouched");
    assert.equal((await statusEvents(svc, message.id)).length, eventsBefore, 'no new status event for it');
  });

  it('stores a sandbox callback that fell due as processed, in the commit that applies it; one for an unknown message waits unprocessed', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 50, readAfterMs: 100 } });
    const channel = org.channels.whatsapp_official;
    const message = await sendOne(svc, org, channel);
    await waitFor(
      () => messageRow(svc, message.id),
      (row) => row?.status === 'read',
    );
    const stored = await waitFor(
      () => svc.db.selectFrom('provider_callbacks').select(['processed_at', 'body']).where('channel_id', '=', channel).execute(),
      (rows) => rows.length === 2,
    );
    assert.ok(
      stored.every((row) => row.processed_at !== null),
      'both stored processed',
    );

    // A status for a message the channel does not know (yet): stored unprocessed, handed to the process job.
    const unknownProviderId = `unknown-${newId()}`;
    await svc.deps.db.transaction().execute((trx) =>
      svc.deps.queue.enqueue(trx, {
        type: 'channels.scheduled_callback',
        organizationId: org.organizationId,
        payload: { channelId: channel, body: JSON.stringify({ event: 'status', message_id: unknownProviderId, status: 'delivered' }) },
      }),
    );
    const waiting = await waitFor(
      () =>
        svc.db
          .selectFrom('provider_callbacks')
          .select(['id', 'processed_at'])
          .where('channel_id', '=', channel)
          .where('body', 'like', `%${unknownProviderId}%`)
          .executeTakeFirst(),
      (row) => row !== undefined,
    );
    assert.equal(waiting?.processed_at, null, 'left unprocessed');
    const jobs = await svc.db.selectFrom('jobs').select(['type', 'payload']).where('type', '=', 'channels.process_callback').execute();
    assert.deepEqual(
      jobs.map((job) => JSON.parse(job.payload)),
      [{ callbackId: waiting!.id }],
      'its process job waits to apply it',
    );
  });
});
