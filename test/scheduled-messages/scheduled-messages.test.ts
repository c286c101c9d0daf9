/**
 * Scheduled messages (DESIGN.md §10): scheduled into a chat, sent at sendAt through the send path
 * (the TestClock is moved, no sleeping for hours), cancelled by the customer's message or by DELETE,
 * listed with filters and cursor pagination, templates, and the job's claim being the row's move
 * out of `scheduled` (a job run twice sends once).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { waitFor } from '../messages/support.js';
import { customerWrites, openChat } from '../chats/support.js';
import { HOUR, eventsOf, inHours, scheduledApi, scheduledRow, settled, started } from './support.js';

describeEachDatabase('scheduled messages: sending and cancelling', (env) => {
  it('sends a text at sendAt through the send path: the message exists only then, scheduled_message.sent', async () => {
    const { svc, org, clock } = await started(env);
    const api = scheduledApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987650001');
    const sendAt = inHours(clock, 2);
    const created = await api.create(chatId, { sendAt, type: 'text', content: { text: 'Did it arrive?' } });
    assert.equal(created.status, 201, created.text);
    const record = created.json.data;
    assert.equal(record.status, 'scheduled');
    assert.equal(record.sendAt, sendAt);
    assert.equal(record.cancelIfCustomerReplies, true);
    assert.equal(record.messageId, null);

    clock.advance(HOUR);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await scheduledRow(svc, record.id)).status, 'scheduled', 'not before sendAt');
    clock.advance(HOUR);
    const row = await settled(svc, record.id);
    assert.equal(row.status, 'sent');
    assert.ok(row.message_id);
    const message = await waitFor(
      () => svc.db.selectFrom('messages').selectAll().where('id', '=', row.message_id!).executeTakeFirstOrThrow(),
      (m) => m.status === 'sent',
    );
    assert.equal(message.status, 'sent', 'the send job delivered it');
    assert.equal(message.chat_id, chatId);
    assert.deepEqual(JSON.parse(message.content), { text: 'Did it arrive?' });
    assert.equal(message.sender_profile_id, org.profileId);
    assert.ok(Date.parse(message.created_at) >= Date.parse(sendAt), 'created when due, not when scheduled');
    assert.deepEqual(await eventsOf(svc, org, 'scheduled_message.sent'), [
      { scheduled_message_id: record.id, chat_id: chatId, message_id: row.message_id, send_at: sendAt },
    ]);
    const listed = await api.list(chatId);
    assert.equal(listed.json.data[0].status, 'sent');
    assert.equal(listed.json.data[0].messageId, row.message_id);
  });

  it("the customer's message cancels it at once (customer_replied); cancelIfCustomerReplies false keeps it", async () => {
    const { svc, org, clock } = await started(env);
    const api = scheduledApi(svc, org, org.keyHeader);
    const contact = '5511987650002';
    const chatId = await openChat(svc, org, contact);
    const cancelled = (await api.create(chatId, { sendAt: inHours(clock, 3), type: 'text', content: { text: 'a' } })).json.data;
    const kept = (
      await api.create(chatId, { sendAt: inHours(clock, 3), type: 'text', content: { text: 'b' }, cancelIfCustomerReplies: false })
    ).json.data;
    await customerWrites(svc, org.channels.whatsapp_zapi, contact, 'thanks!');
    const row = await scheduledRow(svc, cancelled.id);
    assert.equal(row.status, 'cancelled', 'cancelled when the customer wrote, not at send time');
    assert.equal(row.reason, 'customer_replied');
    assert.equal((await scheduledRow(svc, kept.id)).status, 'scheduled');
    assert.deepEqual(await eventsOf(svc, org, 'scheduled_message.cancelled'), [
      { scheduled_message_id: cancelled.id, chat_id: chatId, reason: 'customer_replied', profile_id: null },
    ]);
    clock.advance(3 * HOUR);
    assert.equal((await settled(svc, kept.id)).status, 'sent');
    assert.equal((await scheduledRow(svc, cancelled.id)).message_id, null, 'the cancelled one never became a message');
    const texts = (await svc.db.selectFrom('messages').select('content').where('chat_id', '=', chatId).execute()).map(
      (m) => JSON.parse(m.content).text,
    );
    assert.ok(texts.includes('b') && !texts.includes('a'), texts.join(','));
  });

  it("the customer's message in another of their chats (another channel) cancels it too", async () => {
    const { svc, org, clock } = await started(env);
    const api = scheduledApi(svc, org, org.keyHeader);
    const contact = '5511987650007';
    const chatId = await openChat(svc, org, contact);
    const waiting = (await api.create(chatId, { sendAt: inHours(clock, 2), type: 'text', content: { text: 'w' } })).json.data;
    const other = await customerWrites(svc, org.channels.whatsapp_wapi, contact, 'answering here');
    assert.notEqual(other.chatId, chatId);
    const customers = await svc.db.selectFrom('chats').select('customer_id').where('id', 'in', [chatId, other.chatId]).execute();
    assert.equal(new Set(customers.map((c) => c.customer_id)).size, 1, 'one customer, two chats');
    const row = await scheduledRow(svc, waiting.id);
    assert.equal(row.status, 'cancelled');
    assert.equal(row.reason, 'customer_replied');
  });

  it('DELETE cancels (cancelled_by_user); again answers it as it is; a sent one is 409; the job then sends nothing', async () => {
    const { svc, org, clock } = await started(env);
    const api = scheduledApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987650003');
    const one = (await api.create(chatId, { sendAt: inHours(clock, 1), type: 'text', content: { text: 'x' } })).json.data;
    const two = (await api.create(chatId, { sendAt: inHours(clock, 1), type: 'text', content: { text: 'y' } })).json.data;
    const res = await api.cancel(chatId, one.id);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.status, 'cancelled');
    assert.equal(res.json.data.reason, 'cancelled_by_user');
    assert.ok(res.json.data.finishedAt);
    const again = await api.cancel(chatId, one.id);
    assert.equal(again.status, 200);
    assert.equal(again.json.data.status, 'cancelled');
    assert.deepEqual(await eventsOf(svc, org, 'scheduled_message.cancelled'), [
      { scheduled_message_id: one.id, chat_id: chatId, reason: 'cancelled_by_user', profile_id: org.profileId },
    ]);
    clock.advance(HOUR);
    assert.equal((await settled(svc, two.id)).status, 'sent');
    assert.equal((await scheduledRow(svc, one.id)).status, 'cancelled');
    const late = await api.cancel(chatId, two.id);
    assert.equal(late.status, 409, late.text);
    assert.equal(late.json.error.code, 'INVALID_TRANSITION');
  });

  it('a job run twice sends once: the claim is the conditional move out of scheduled, in the transaction that stores the message', async () => {
    const { svc, org, clock } = await started(env);
    const api = scheduledApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987650004');
    const record = (await api.create(chatId, { sendAt: inHours(clock, 1), type: 'text', content: { text: 'once' } })).json.data;
    clock.advance(HOUR);
    const row = await settled(svc, record.id);
    // The same job delivered again (a worker that died after its commit): nothing more happens.
    const job = {
      id: 'again',
      type: 'scheduled_messages.send',
      organizationId: org.organizationId,
      payload: { scheduledMessageId: record.id },
    };
    await svc.services.scheduledSender.runSendJob({ ...job, attempt: 2, maxAttempts: 5 } as never);
    await Promise.all([
      svc.services.scheduledSender.runSendJob({ ...job, attempt: 3, maxAttempts: 5 } as never),
      svc.services.scheduledSender.runSendJob({ ...job, attempt: 4, maxAttempts: 5 } as never),
    ]);
    const messages = await svc.db.selectFrom('messages').select('content').where('chat_id', '=', chatId).execute();
    assert.equal(messages.filter((m) => JSON.parse(m.content).text === 'once').length, 1);
    assert.equal((await scheduledRow(svc, record.id)).message_id, row.message_id);
    assert.equal((await eventsOf(svc, org, 'scheduled_message.sent')).length, 1);
  });

  it('a chat closed by sendAt: the message goes into the contact’s active chat on the channel (opened for it)', async () => {
    const { svc, org, clock } = await started(env);
    const api = scheduledApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987650005');
    const record = (await api.create(chatId, { sendAt: inHours(clock, 1), type: 'text', content: { text: 'follow-up' } })).json.data;
    const closed = await svc.inject({
      method: 'PUT',
      url: `/api/${org.organizationId}/chats/${chatId}/status`,
      headers: org.keyHeader,
      payload: { status: 'closed' },
    });
    assert.equal(closed.statusCode, 200, closed.body);
    clock.advance(HOUR);
    const row = await settled(svc, record.id);
    assert.equal(row.status, 'sent');
    const message = await svc.db.selectFrom('messages').select('chat_id').where('id', '=', row.message_id!).executeTakeFirstOrThrow();
    assert.notEqual(message.chat_id, chatId);
    const chat = await svc.db.selectFrom('chats').select(['status', 'contact']).where('id', '=', message.chat_id).executeTakeFirstOrThrow();
    assert.equal(chat.status, 'pending');
    assert.equal(chat.contact, '5511987650005');
  });

  it('lists by sendAt with status filters and cursor pages', async () => {
    const { svc, org, clock } = await started(env);
    const api = scheduledApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987650006');
    const ids: string[] = [];
    for (const hours of [5, 1, 3, 2, 4]) {
      ids.push((await api.create(chatId, { sendAt: inHours(clock, hours), type: 'text', content: { text: `${hours}h` } })).json.data.id);
    }
    await api.cancel(chatId, ids[2]!);
    const first = await api.list(chatId, '?limit=2');
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(
      first.json.data.map((r: { content: { text: string } }) => r.content.text),
      ['1h', '2h'],
    );
    const second = await api.list(chatId, `?limit=2&cursor=${first.json.nextCursor}`);
    assert.deepEqual(
      second.json.data.map((r: { content: { text: string } }) => r.content.text),
      ['3h', '4h'],
    );
    const third = await api.list(chatId, `?limit=2&cursor=${second.json.nextCursor}`);
    assert.deepEqual(
      third.json.data.map((r: { content: { text: string } }) => r.content.text),
      ['5h'],
    );
    assert.equal(third.json.nextCursor, null);
    const waiting = await api.list(chatId, '?status=scheduled');
    assert.deepEqual(
      waiting.json.data.map((r: { content: { text: string } }) => r.content.text),
      ['1h', '2h', '4h', '5h'],
    );
    const ended = await api.list(chatId, '?status=cancelled,sent');
    assert.deepEqual(
      ended.json.data.map((r: { id: string }) => r.id),
      [ids[2]],
    );
    const bad = await api.list(chatId, '?status=waiting');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'VALIDATION_ERROR');
  });
});
