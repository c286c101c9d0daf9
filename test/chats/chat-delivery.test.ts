/**
 * ChatDelivery.intoChat: the entry point chat features (agent replies, sequences, flows) deliver
 * through. The message lands in the chat it is given, goes to the provider outside the transaction,
 * and then follows the same statuses as a send.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { messageRow, post, waitFor } from '../messages/support.js';

describeEachDatabase('ChatDelivery.intoChat', (env) => {
  it('stores the message in the given chat, hands it to the provider and applies its statuses', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 100, readAfterMs: 200 } });
    const channelId = org.channels.whatsapp_zapi;
    const first = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channelId, to: '5511987654321', type: 'text', content: { text: 'Hi' } },
      org.bearer,
    );
    assert.equal(first.status, 201, first.text);
    const chat = await svc.db.selectFrom('chats').selectAll().where('id', '=', first.json.data.chat_id).executeTakeFirstOrThrow();

    const delivered = await svc.services.delivery.intoChat(
      {
        channelId,
        organizationId: org.organizationId,
        kind: 'whatsapp_zapi',
        config: { sandbox: true, deliverAfterMs: 100, readAfterMs: 200 },
      },
      { id: chat.id, contact: chat.contact },
      { type: 'text', content: { text: 'An agent reply' }, source: 'api', senderProfileId: org.profileId },
    );

    assert.equal(delivered.chatId, chat.id);
    assert.equal(delivered.outcome.status, 'sent');
    const row = await messageRow(svc, delivered.messageId);
    assert.equal(row?.chat_id, chat.id);
    assert.equal(row?.recipient, chat.contact);
    assert.equal(row?.sender_profile_id, org.profileId);
    assert.deepEqual(JSON.parse(row!.content), { text: 'An agent reply' });
    const read = await waitFor(
      () => messageRow(svc, delivered.messageId),
      (message) => message?.status === 'read',
    );
    assert.equal(read?.status, 'read');
    const inChat = await svc.db.selectFrom('messages').select('id').where('chat_id', '=', chat.id).execute();
    assert.equal(inChat.length, 2);
  });
});
