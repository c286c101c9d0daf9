/**
 * DESIGN.md §9 through the sandbox (its last paragraph's callback bodies), over HTTP: a played
 * voice message with Meta-style pricing, a channel's health and what a disconnected channel answers,
 * and a person named by LID, BSUID and username who stays one customer and one chat.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../../support/harness.js';
import { messageRow, post, waitFor } from '../../messages/support.js';

const QUIET = { channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } };

async function callback(svc: TestService, channelId: string, body: unknown) {
  const res = await post(svc, `/channels/${channelId}/webhook`, body);
  assert.equal(res.status, 200, res.text);
  const id = res.json.data.id as string;
  await waitFor(
    () => svc.db.selectFrom('provider_callbacks').select('processed_at').where('id', '=', id).executeTakeFirst(),
    (row) => row?.processed_at != null,
  );
}

async function events(svc: TestService, type: string) {
  const rows = await svc.db.selectFrom('events').selectAll().where('type', '=', type).orderBy('seq').execute();
  return rows.map((r) => JSON.parse(r.payload));
}

async function get(svc: TestService, path: string, headers: Record<string, string>) {
  const res = await fetch(`${svc.url}${path}`, { headers });
  return { status: res.status, json: (await res.json()) as any };
}

describeEachDatabase('sandbox: status extras, channel health and identities (DESIGN.md §9)', (env) => {
  it('a played voice message is read with playedAt; pricing is stored and returned by the message endpoints', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_official;
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel, to: '5511987654321', type: 'audio', content: { url: 'https://example.com/a.ogg' } },
      org.bearer,
    );
    assert.equal(sent.status, 201, sent.text);
    const row = await messageRow(svc, sent.json.data.id);
    const pricing = { billable: true, category: 'service', pricing_model: 'PMP' };
    await callback(svc, channel, {
      event: 'status',
      message_id: row!.provider_message_id,
      status: 'read',
      played: true,
      pricing,
      timestamp: '2026-03-01T10:00:00.000Z',
    });
    const after = await messageRow(svc, sent.json.data.id);
    assert.equal(after?.status, 'read');
    assert.equal(new Date(String(after?.played_at)).toISOString(), '2026-03-01T10:00:00.000Z');
    const page = await get(svc, `/api/${org.organizationId}/chats/${after!.chat_id}/messages`, org.keyHeader);
    assert.equal(page.status, 200);
    const listed = page.json.data.find((m: { id: string }) => m.id === sent.json.data.id);
    assert.deepEqual(listed.pricing, pricing);
    assert.equal(new Date(listed.playedAt).toISOString(), '2026-03-01T10:00:00.000Z');
    assert.equal(listed.status, 'read');
  });

  it('a failed status keeps the whole error, every field of it', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_waha;
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel, to: '5511987654321', type: 'text', content: { text: 'x' } },
      org.bearer,
    );
    const row = await messageRow(svc, sent.json.data.id);
    await callback(svc, channel, {
      event: 'status',
      message_id: row!.provider_message_id,
      status: 'failed',
      error: { code: '131026', message: 'Undeliverable' },
    });
    const page = await get(svc, `/api/${org.organizationId}/chats/${row!.chat_id}/messages`, org.keyHeader);
    assert.deepEqual(page.json.data[0].error, { code: '131026', message: 'Undeliverable' });
  });

  it('health: disconnected refuses sends with 422 CHANNEL_DISCONNECTED before anything is stored; ok sends again', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_waha;
    await callback(svc, channel, {
      event: 'health',
      status: 'disconnected',
      code: 'STOPPED',
      message: 'session stopped',
      timestamp: '2026-03-01T10:00:00.000Z',
    });
    const listed = await get(svc, `/api/${org.organizationId}/channels`, org.keyHeader);
    const mine = listed.json.data.find((c: { id: string }) => c.id === channel);
    assert.equal(mine.health, 'disconnected');
    assert.deepEqual(
      { ...mine.lastSignal, at: new Date(mine.lastSignal.at).toISOString() },
      {
        code: 'STOPPED',
        message: 'session stopped',
        at: '2026-03-01T10:00:00.000Z',
      },
    );
    const admin = json(await svc.admin('GET', `/organizations/${org.organizationId}/channels/${channel}`));
    assert.equal(admin.data.health, 'disconnected');
    assert.deepEqual(await events(svc, 'channel.health_changed'), [
      {
        channel_id: channel,
        health: 'disconnected',
        previous: 'ok',
        code: 'STOPPED',
        message: 'session stopped',
        at: '2026-03-01T10:00:00.000Z',
      },
    ]);

    const refused = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel, to: '5511987654321', type: 'text', content: { text: 'x' } },
      org.bearer,
    );
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.json.error.code, 'CHANNEL_DISCONNECTED');
    assert.equal((await svc.db.selectFrom('messages').select('id').execute()).length, 0, 'nothing stored');
    assert.equal((await svc.db.selectFrom('customers').select('id').execute()).length, 0, 'no customer made');

    await callback(svc, channel, { event: 'health', status: 'ok', timestamp: '2026-03-01T10:05:00.000Z' });
    const again = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel, to: '5511987654321', type: 'text', content: { text: 'x' } },
      org.bearer,
    );
    assert.equal(again.status, 201, again.text);
    // A late signal older than the last one changes nothing.
    await callback(svc, channel, { event: 'health', status: 'banned', timestamp: '2026-03-01T09:00:00.000Z' });
    assert.deepEqual(
      (await events(svc, 'channel.health_changed')).map((e) => e.health),
      ['disconnected', 'ok'],
    );
  });

  it('one person named by phone, LID, BSUID and username stays one customer and one chat; a LID- or BSUID-only stranger is a new customer', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_official;
    await callback(svc, channel, {
      event: 'message',
      message_id: 'in-1',
      from: '5511987654321',
      lid: '123456789012345@lid',
      bsuid: 'BR.1502576394655843',
      username: '@ana.silva',
      name: 'Ana',
      type: 'text',
      content: { text: 'hello' },
    });
    await callback(svc, channel, {
      event: 'message',
      message_id: 'in-2',
      from: '123456789012345@lid',
      type: 'text',
      content: { text: 'by lid' },
    });
    await callback(svc, channel, {
      event: 'message',
      message_id: 'in-3',
      from: 'BR.1502576394655843',
      type: 'text',
      content: { text: 'by bsuid' },
    });
    const customers = await svc.db.selectFrom('customers').select('id').execute();
    assert.equal(customers.length, 1, 'one person, one customer');
    const contacts = await svc.db.selectFrom('customer_contacts').select(['type', 'value']).orderBy('type').execute();
    assert.deepEqual(contacts, [
      { type: 'whatsapp', value: '5511987654321' },
      { type: 'whatsapp_bsuid', value: 'BR.1502576394655843' },
      { type: 'whatsapp_lid', value: '123456789012345@lid' },
      { type: 'whatsapp_username', value: '@ana.silva' },
    ]);
    const chats = await svc.db.selectFrom('chats').select(['id', 'contact']).execute();
    assert.deepEqual(
      chats.map((c) => c.contact),
      ['5511987654321'],
      'one chat, answered at the phone',
    );
    const inbound = await svc.db
      .selectFrom('messages')
      .select(['chat_id', 'recipient'])
      .where('direction', '=', 'inbound')
      .orderBy('provider_message_id')
      .execute();
    assert.deepEqual(
      inbound.map((m) => m.recipient),
      ['5511987654321', '123456789012345@lid', 'BR.1502576394655843'],
    );
    assert.ok(inbound.every((m) => m.chat_id === chats[0]!.id));
    const received = await events(svc, 'message.received');
    assert.deepEqual(
      received.map((e) => e.from),
      ['5511987654321', '123456789012345@lid', 'BR.1502576394655843'],
    );

    // Strangers named by BSUID only, then by LID only.
    await callback(svc, channel, {
      event: 'message',
      message_id: 'in-4',
      from: 'US.13491208655302741918',
      username: 'bob',
      type: 'text',
      content: { text: 'hi' },
    });
    const bsuidChat = await svc.db
      .selectFrom('chats')
      .select(['id', 'contact', 'customer_id'])
      .where('contact', '=', 'US.13491208655302741918')
      .executeTakeFirst();
    assert.ok(bsuidChat, 'a chat at the BSUID');
    assert.notEqual(bsuidChat.customer_id, customers[0]!.id);
    const reply = await post(
      svc,
      `/api/${org.organizationId}/chats/${bsuidChat.id}/messages`,
      { type: 'text', content: 'hello Bob' },
      org.keyHeader,
    );
    assert.ok([200, 201].includes(reply.status), reply.text);
    const stored = await svc.db
      .selectFrom('messages')
      .select('recipient')
      .where('direction', '=', 'outbound')
      .where('chat_id', '=', bsuidChat.id)
      .execute();
    assert.deepEqual(
      stored.map((m) => m.recipient),
      ['US.13491208655302741918'],
      'the reply goes to the BSUID',
    );
    await callback(svc, org.channels.whatsapp_waha, {
      event: 'message',
      message_id: 'in-5',
      from: '999888777666555@lid',
      type: 'text',
      content: { text: 'hi' },
    });
    const lidContact = await svc.db
      .selectFrom('customer_contacts')
      .select(['type', 'value'])
      .where('value', '=', '999888777666555@lid')
      .execute();
    assert.deepEqual(lidContact, [{ type: 'whatsapp_lid', value: '999888777666555@lid' }]);
    assert.equal((await svc.db.selectFrom('customers').select('id').execute()).length, 3);
  });

  it('the customer contacts API accepts and returns whatsapp_lid, whatsapp_bsuid and whatsapp_username; a malformed one is 400', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const created = await post(
      svc,
      `/api/${org.organizationId}/customers`,
      {
        name: 'Ana',
        contacts: [
          { type: 'whatsapp_lid', value: '123456789012345' },
          { type: 'whatsapp_bsuid', value: 'US.ENT.11815799212886844830' },
          { type: 'whatsapp_username', value: '@Ana.Silva' },
        ],
      },
      org.keyHeader,
    );
    assert.equal(created.status, 201, created.text);
    const stored = created.json.data.contacts.map((c: { type: string; value: string }) => [c.type, c.value]);
    assert.deepEqual(stored, [
      ['whatsapp_lid', '123456789012345@lid'],
      ['whatsapp_bsuid', 'US.ENT.11815799212886844830'],
      ['whatsapp_username', '@Ana.Silva'],
    ]);
    const bad = await post(
      svc,
      `/api/${org.organizationId}/customers`,
      { name: 'X', contacts: [{ type: 'whatsapp_bsuid', value: 'not a bsuid' }] },
      org.keyHeader,
    );
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.json.error.code, 'VALIDATION_ERROR');
  });
});
