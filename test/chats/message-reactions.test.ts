/**
 * POST /api/{organizationId}/chats/{chatId}/messages/{messageId}/reactions (DESIGN.md §9): the
 * business's reaction stored on the message (`from: 'agent'`, the profile), replaced, removed by '';
 * 422 UNSUPPORTED_BY_CHANNEL where the channel cannot react; scope messages:write; another
 * organization's chat is 404; bad input 400.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json, type SeededOrganization, type TestService } from '../support/harness.js';
import { post, waitFor } from '../messages/support.js';

const QUIET = { channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } };

async function inbound(svc: TestService, channelId: string, from: string, id: string) {
  const res = await post(svc, `/channels/${channelId}/webhook`, {
    event: 'message',
    message_id: id,
    from,
    type: 'text',
    content: { text: 'Hello' },
  });
  assert.equal(res.status, 200);
  return waitFor(
    () => svc.db.selectFrom('messages').select(['id', 'chat_id']).where('provider_message_id', '=', id).executeTakeFirst(),
    (row) => row !== undefined,
  ) as Promise<{ id: string; chat_id: string }>;
}

function react(svc: TestService, org: SeededOrganization, chatId: string, messageId: string, body: unknown, headers = org.keyHeader) {
  return svc.inject({
    method: 'POST',
    url: `/api/${org.organizationId}/chats/${chatId}/messages/${messageId}/reactions`,
    headers,
    payload: body as object,
  });
}

describeEachDatabase('agents react to messages', (env) => {
  it('stores, replaces and removes the business reaction, with events and a job that hands it over', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const message = await inbound(svc, org.channels.whatsapp_official, '5511987654321', 'wamid.A');
    const first = await react(svc, org, message.chat_id, message.id, { emoji: '👍' });
    assert.equal(first.statusCode, 200, first.body);
    const reactions = json(first).data.reactions;
    assert.equal(reactions.length, 1);
    assert.equal(reactions[0].emoji, '👍');
    assert.equal(reactions[0].from, 'agent');
    assert.equal(reactions[0].profileId, org.profileId);
    assert.deepEqual(
      json(await react(svc, org, message.chat_id, message.id, { emoji: '🎉' })).data.reactions.map((r: { emoji: string }) => r.emoji),
      ['🎉'],
    );
    assert.deepEqual(json(await react(svc, org, message.chat_id, message.id, { emoji: '' })).data.reactions, []);
    const events = await svc.db.selectFrom('events').select('payload').where('type', '=', 'message.reaction').orderBy('seq').execute();
    assert.deepEqual(
      events.map((e) => [JSON.parse(e.payload).emoji, JSON.parse(e.payload).from, JSON.parse(e.payload).profile_id]),
      [
        ['👍', 'agent', org.profileId],
        ['🎉', 'agent', org.profileId],
        [null, 'agent', org.profileId],
      ],
    );
    // Each change went to the provider through a messages.react job, which the worker finished.
    await waitFor(
      () => svc.db.selectFrom('jobs').select('id').where('type', '=', 'messages.react').execute(),
      (rows) => rows.length === 0,
    );
  });

  it('422 UNSUPPORTED_BY_CHANNEL where the channel cannot react; 409 for a message not sent yet', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const mail = await inbound(svc, org.channels.email, 'ana@example.com', '<m1@example.com>');
    const refused = await react(svc, org, mail.chat_id, mail.id, { emoji: '👍' });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.equal(json(refused).error.code, 'UNSUPPORTED_BY_CHANNEL');
    const row = await svc.db.selectFrom('messages').select('reactions').where('id', '=', mail.id).executeTakeFirstOrThrow();
    assert.equal(row.reactions, null, 'nothing stored');
    const fb = await inbound(svc, org.channels.facebook, '2400000000000001', 'm.fb1');
    assert.equal((await react(svc, org, fb.chat_id, fb.id, { emoji: '👍' })).statusCode, 422);

    const wa = await inbound(svc, org.channels.whatsapp_zapi, '5511987654321', 'Z-1');
    await svc.db.updateTable('messages').set({ provider_message_id: null }).where('id', '=', wa.id).execute();
    const notSent = await react(svc, org, wa.chat_id, wa.id, { emoji: '👍' });
    assert.equal(notSent.statusCode, 409, notSent.body);
    assert.equal(json(notSent).error.code, 'MESSAGE_NOT_SENT');
  });

  it('another organization gets 404; a key without messages:write 403; bad input 400', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const other = await svc.seedOrganization(QUIET);
    const readOnly = await svc.seedOrganization({ ...QUIET, scopes: ['chats:read', 'chats:write'] });
    const message = await inbound(svc, org.channels.whatsapp_waha, '5511987654321', 'W-1');

    const foreign = await svc.inject({
      method: 'POST',
      url: `/api/${other.organizationId}/chats/${message.chat_id}/messages/${message.id}/reactions`,
      headers: other.keyHeader,
      payload: { emoji: '👍' },
    });
    assert.equal(foreign.statusCode, 404, foreign.body);
    assert.equal(json(foreign).error.code, 'CHAT_NOT_FOUND');
    const crossKey = await react(svc, org, message.chat_id, message.id, { emoji: '👍' }, other.keyHeader);
    assert.equal(crossKey.statusCode, 403, crossKey.body);
    const wrongChat = await inbound(svc, org.channels.whatsapp_waha, '5521999998888', 'W-2');
    const mismatched = await react(svc, org, wrongChat.chat_id, message.id, { emoji: '👍' });
    assert.equal(mismatched.statusCode, 404);
    assert.equal(json(mismatched).error.code, 'MESSAGE_NOT_FOUND');

    const ownMessage = await inbound(svc, readOnly.channels.whatsapp_waha, '5511987654321', 'W-3');
    const denied = await react(svc, readOnly, ownMessage.chat_id, ownMessage.id, { emoji: '👍' });
    assert.equal(denied.statusCode, 403, denied.body);

    for (const body of [{}, { emoji: 5 }, { emoji: '👍', extra: true }, { emoji: 'x'.repeat(33) }]) {
      const bad = await react(svc, org, message.chat_id, message.id, body);
      assert.equal(bad.statusCode, 400, `${JSON.stringify(body)}: ${bad.body}`);
      assert.equal(json(bad).error.code, 'VALIDATION_ERROR');
    }
    const badId = await react(svc, org, message.chat_id, 'not-a-uuid', { emoji: '👍' });
    assert.equal(badId.statusCode, 400);
    const row = await svc.db.selectFrom('messages').select('reactions').where('id', '=', message.id).executeTakeFirstOrThrow();
    assert.equal(row.reactions, null, 'nothing stored by any refused request');
  });
});
