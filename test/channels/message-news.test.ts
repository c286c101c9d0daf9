/**
 * DESIGN.md §9 "Per message" through the sandbox's callback bodies (sandbox-news.ts), over HTTP:
 * reactions, edits and deletes land on the original message (never a new one) with their events,
 * delivered signed to a webhook receiver; echoes are stored outbound with source `phone`; every
 * outbound message carries its source.
 */
import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { post, waitFor } from '../messages/support.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { register, webhooksSettled } from '../webhooks/support.js';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

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
  const rows = await svc.db.selectFrom('events').select('payload').where('type', '=', type).orderBy('seq').execute();
  return rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>);
}

async function chatMessages(svc: TestService, org: { organizationId: string; keyHeader: Record<string, string> }, chatId: string) {
  const res = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/chats/${chatId}/messages`, headers: org.keyHeader });
  assert.equal(res.statusCode, 200, res.body);
  return JSON.parse(res.body).data as Record<string, unknown>[];
}

describeEachDatabase('reactions, edits, deletes and echoes (DESIGN §9) through the sandbox', (env) => {
  it('stores each on the original message, never as a new one, with its events delivered signed', async () => {
    const svc = await env.start({ listen: true, env: { WEBHOOK_RETRY_SCHEDULE_MS: '50,100' }, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const hook = await WebhookReceiver.start();
    receivers.push(hook);
    await register(svc, org, hook, { events: ['message.reaction', 'message.edited', 'message.deleted', 'message.echoed'] });
    const channel = org.channels.whatsapp_waha;
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel, to: '5511987654321', type: 'text', content: { text: 'Hi' } },
      org.bearer,
    );
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.json.data.source, 'api');
    const chatId = sent.json.data.chat_id as string;
    const ours = await svc.db
      .selectFrom('messages')
      .select(['provider_message_id', 'source'])
      .where('id', '=', sent.json.data.id)
      .executeTakeFirstOrThrow();
    assert.equal(ours.source, 'api');

    await callback(svc, channel, {
      event: 'message',
      message_id: 'IN-1',
      from: '5511987654321',
      type: 'text',
      content: { text: 'See you at 9' },
    });
    // The customer reacts to our message (by its provider id), then changes the reaction.
    await callback(svc, channel, {
      event: 'reaction',
      message_id: 'R-1',
      from: '5511987654321',
      target_message_id: ours.provider_message_id,
      emoji: '👍',
    });
    await callback(svc, channel, {
      event: 'reaction',
      message_id: 'R-2',
      from: '5511987654321',
      target_message_id: ours.provider_message_id,
      emoji: '❤️',
    });
    // … edits their message, deletes it (named by our own id), and the phone sends one.
    const inbound = await svc.db.selectFrom('messages').select('id').where('provider_message_id', '=', 'IN-1').executeTakeFirstOrThrow();
    await callback(svc, channel, {
      event: 'edit',
      message_id: 'E-1',
      from: '5511987654321',
      target_message_id: 'IN-1',
      content: { text: 'See you at 10' },
    });
    await callback(svc, channel, { event: 'delete', message_id: 'D-1', from: '5511987654321', target_message_id: inbound.id });
    await callback(svc, channel, {
      event: 'echo',
      message_id: 'PHONE-1',
      to: '5511987654321',
      type: 'text',
      content: { text: 'On my way' },
    });
    // Redelivered: nothing changes, nothing more is recorded.
    await callback(svc, channel, {
      event: 'reaction',
      message_id: 'R-2',
      from: '5511987654321',
      target_message_id: ours.provider_message_id,
      emoji: '❤️',
    });
    await callback(svc, channel, {
      event: 'echo',
      message_id: 'PHONE-1',
      to: '5511987654321',
      type: 'text',
      content: { text: 'On my way' },
    });

    const messages = await chatMessages(svc, org, chatId);
    assert.equal(messages.length, 3, 'our message, the customer one, the phone one: no reaction, edit or delete became a message');
    assert.ok(messages.every((m) => m.type !== 'unknown'));
    const [mine, theirs, phone] = messages;
    assert.deepEqual(
      (mine!.reactions as Record<string, unknown>[]).map((r) => [r.emoji, r.from]),
      [['❤️', 'customer']],
      'one per reactor, replaced on change',
    );
    assert.equal(mine!.source, 'api');
    assert.deepEqual(theirs!.content, { text: 'See you at 10' });
    assert.deepEqual(
      (theirs!.edits as { content: unknown }[]).map((e) => e.content),
      [{ text: 'See you at 9' }],
    );
    assert.ok(theirs!.editedAt);
    assert.ok(theirs!.deletedAt, 'deleted, content kept');
    assert.equal(theirs!.source, null);
    assert.equal(phone!.direction, 'outbound');
    assert.equal(phone!.source, 'phone');
    assert.equal(phone!.status, 'sent');
    assert.deepEqual(phone!.content, { text: 'On my way' });

    // Removing the reaction: an empty emoji; the event says null.
    await callback(svc, channel, {
      event: 'reaction',
      message_id: 'R-3',
      from: '5511987654321',
      target_message_id: sent.json.data.id,
      emoji: '',
    });
    const after = await chatMessages(svc, org, chatId);
    assert.deepEqual(after[0]!.reactions, []);

    const reactions = await events(svc, 'message.reaction');
    assert.deepEqual(
      reactions.map((e) => [e.message_id, e.emoji, e.from]),
      [
        [sent.json.data.id, '👍', 'customer'],
        [sent.json.data.id, '❤️', 'customer'],
        [sent.json.data.id, null, 'customer'],
      ],
    );
    const edited = await events(svc, 'message.edited');
    assert.deepEqual(
      edited.map((e) => [e.message_id, e.content, e.previous_content]),
      [[inbound.id, { text: 'See you at 10' }, { text: 'See you at 9' }]],
    );
    assert.deepEqual(
      (await events(svc, 'message.deleted')).map((e) => e.message_id),
      [inbound.id],
    );
    const echoed = await events(svc, 'message.echoed');
    assert.equal(echoed.length, 1);
    assert.equal(echoed[0]!.chat_id, chatId);
    assert.equal(echoed[0]!.source, 'phone');
    assert.equal(echoed[0]!.to, '5511987654321');

    await hook.waitFor(6);
    await webhooksSettled(svc, org.organizationId);
    assert.deepEqual(hook.received.map((r) => r.body.event).sort(), [
      'message.deleted',
      'message.echoed',
      'message.edited',
      'message.reaction',
      'message.reaction',
      'message.reaction',
    ]);
    assert.ok(
      hook.received.every((r) => r.valid),
      'every delivery signed',
    );
  });

  it('an echo of a message we sent is not stored twice; one to a new contact opens its chat', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_evo;
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel, to: '5511987654321', type: 'text', content: { text: 'Hi' } },
      org.bearer,
    );
    const row = await svc.db
      .selectFrom('messages')
      .select('provider_message_id')
      .where('id', '=', sent.json.data.id)
      .executeTakeFirstOrThrow();
    await callback(svc, channel, {
      event: 'echo',
      message_id: row.provider_message_id,
      to: '5511987654321',
      type: 'text',
      content: { text: 'Hi' },
    });
    assert.equal((await svc.db.selectFrom('messages').select('id').execute()).length, 1);
    await callback(svc, channel, {
      event: 'echo',
      message_id: 'PHONE-2',
      to: '5521999998888',
      type: 'text',
      content: { text: 'Hello from the shop' },
    });
    const chat = await svc.db.selectFrom('chats').selectAll().where('contact', '=', '5521999998888').executeTakeFirstOrThrow();
    const stored = await svc.db.selectFrom('messages').selectAll().where('chat_id', '=', chat.id).execute();
    assert.equal(stored.length, 1);
    assert.equal(stored[0]!.source, 'phone');
    assert.equal(stored[0]!.direction, 'outbound');
    assert.equal(chat.last_inbound_at, null, 'the phone writing is not the customer writing');
  });

  it('news about a message we do not hold stores nothing and answers the vendor 200', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const channel = org.channels.whatsapp_zapi;
    const res = await post(svc, `/channels/${channel}/webhook`, {
      event: 'reaction',
      message_id: 'R-9',
      from: '5511987654321',
      target_message_id: 'NOPE',
      emoji: '👍',
    });
    assert.equal(res.status, 200);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await svc.db.selectFrom('messages').select('id').execute()).length, 0);
    assert.equal((await events(svc, 'message.reaction')).length, 0);
    const bad = await post(svc, `/channels/${channel}/webhook`, {
      event: 'reaction',
      message_id: 'R-10',
      from: '5511987654321',
      emoji: '👍',
    });
    assert.equal(bad.status, 200, 'stored; the missing target is the job’s to refuse');
  });
});
