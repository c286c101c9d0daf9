/**
 * The chat API's reads and replies (DESIGN.md §6 "Chat API beyond the spec", docs/conversations.md),
 * end to end against the started server on both databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { post, waitFor } from '../messages/support.js';
import { addMember, chatApi, chatEvents, chatRow, customerWrites, openChat } from './support.js';

const QUIET = { channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } };

describeEachDatabase('chat API: list and read', (env) => {
  it('lists chats newest first with customer name and last message, filters, and pages without duplicates', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await openChat(svc, org, `551198765430${i}`));
    const inbound = await customerWrites(svc, org.channels.whatsapp_waha, '5511912345678', 'I need help with my order');
    ids.push(inbound.chatId);
    const newestFirst = [...ids].reverse();

    const all = await api.list();
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(
      all.json.data.map((c: { id: string }) => c.id),
      newestFirst,
    );
    assert.equal(all.json.nextCursor, null);
    const first = all.json.data[0];
    assert.equal(first.status, 'pending');
    assert.equal(first.customerName, 'Customer 5511912345678');
    assert.deepEqual(
      { direction: first.lastMessage.direction, preview: first.lastMessage.preview, type: first.lastMessage.type },
      { direction: 'inbound', preview: 'I need help with my order', type: 'text' },
    );
    assert.equal(all.json.data[1].lastMessage.direction, 'outbound');
    assert.equal(all.json.data[1].lastMessage.preview, 'Hi');

    // Three pages of two, no duplicates, nextCursor null at the end.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await api.list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(page.status, 200, page.text);
      seen.push(...page.json.data.map((c: { id: string }) => c.id));
      cursor = page.json.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    assert.equal(pages, 3);
    assert.deepEqual(seen, newestFirst);

    // Filters.
    await api.status(ids[0]!, 'in_progress');
    await api.status(ids[1]!, 'closed');
    const byStatus = await api.list('?status=in_progress,closed');
    assert.deepEqual(
      byStatus.json.data.map((c: { id: string }) => c.id),
      [ids[1], ids[0]],
    );
    const pending = await api.list('?status=pending');
    assert.equal(pending.json.data.length, 4);
    const byChannel = await api.list(`?channelId=${org.channels.whatsapp_waha}`);
    assert.deepEqual(
      byChannel.json.data.map((c: { id: string }) => c.id),
      [inbound.chatId],
    );
    const customerId = (await chatRow(svc, ids[2]!)).customer_id;
    const byCustomer = await api.list(`?customerId=${customerId}`);
    assert.deepEqual(
      byCustomer.json.data.map((c: { id: string }) => c.id),
      [ids[2]],
    );
    const byAssignee = await api.list(`?assigneeProfileId=${org.profileId}`);
    assert.deepEqual(
      byAssignee.json.data.map((c: { id: string }) => c.id),
      [ids[0]],
    );
    const team = await svc.admin('POST', `/organizations/${org.organizationId}/teams`, {
      name: 'Support',
      memberProfileIds: [org.profileId],
    });
    assert.equal(team.statusCode, 201, team.body);
    const teamId = team.json().data.id;
    assert.equal((await api.assignee(ids[3]!, { profileId: org.profileId, teamId })).status, 200);
    const byTeam = await api.list(`?teamId=${teamId}`);
    assert.deepEqual(
      byTeam.json.data.map((c: { id: string }) => c.id),
      [ids[3]],
    );
  });

  it('reads one chat, and its messages oldest first or (order=desc) newest first, paged', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987654321');
    for (let i = 1; i <= 4; i++) {
      const res = await post(
        svc,
        '/v1/messages/send',
        { channel_id: org.channels.whatsapp_zapi, to: '5511987654321', type: 'text', content: { text: `m${i}` } },
        org.bearer,
      );
      assert.equal(res.status, 201, res.text);
    }
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511987654321', 'customer says hi');

    const chat = await api.get(chatId);
    assert.equal(chat.status, 200, chat.text);
    assert.equal(chat.json.data.id, chatId);
    assert.equal(chat.json.data.channelId, org.channels.whatsapp_zapi);
    assert.equal(chat.json.data.contact, '5511987654321');
    assert.equal(chat.json.data.status, 'pending');
    assert.deepEqual(chat.json.data.collaboratorProfileIds, []);
    assert.ok(chat.json.data.lastInboundAt);

    const oldest = await api.messages(chatId);
    assert.equal(oldest.status, 200, oldest.text);
    const texts = oldest.json.data.map((m: { content: { text: string } }) => m.content.text);
    assert.deepEqual(texts, ['Hi', 'm1', 'm2', 'm3', 'm4', 'customer says hi']);
    const out = oldest.json.data[0];
    assert.equal(out.direction, 'outbound');
    assert.equal(out.status, 'sent');
    assert.equal(out.senderProfileId, org.profileId);
    assert.equal(out.chatId, chatId);
    assert.equal(out.error, null);
    assert.equal(oldest.json.data[5].direction, 'inbound');
    assert.equal(oldest.json.data[5].senderProfileId, null);
    assert.equal(oldest.json.nextCursor, null);

    // The latest two, then the two before them, with order=desc.
    const latest = await api.messages(chatId, '?order=desc&limit=2');
    assert.deepEqual(
      latest.json.data.map((m: { content: { text: string } }) => m.content.text),
      ['customer says hi', 'm4'],
    );
    const before = await api.messages(chatId, `?order=desc&limit=2&cursor=${latest.json.nextCursor}`);
    assert.deepEqual(
      before.json.data.map((m: { content: { text: string } }) => m.content.text),
      ['m3', 'm2'],
    );
    // Oldest first in three pages.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await api.messages(chatId, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.json.data.map((m: { content: { text: string } }) => m.content.text));
      cursor = page.json.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    assert.equal(pages, 3);
    assert.deepEqual(seen, texts);
  });

  it('shows a failed message with its error', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 50, readAfterMs: 100 } });
    const api = chatApi(svc, org, org.keyHeader);
    // The sandbox fails recipients starting with 000.
    const res = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.instagram, to: '000failing', type: 'text', content: { text: 'x' } },
      org.bearer,
    );
    assert.equal(res.status, 201, res.text);
    const failed = await waitFor(
      () => api.messages(res.json.data.chat_id),
      (page) => page.json.data[0]?.status === 'failed',
    );
    assert.equal(failed.json.data[0].status, 'failed');
    assert.equal(typeof failed.json.data[0].error.code, 'string');
    assert.equal(typeof failed.json.data[0].error.message, 'string');
  });
});

describeEachDatabase('chat API: an agent replies', (env) => {
  it('201 with the message; the replying profile attends a pending chat, a second agent becomes collaborator', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987654321', 'hello?');

    const reply = await api.reply(chatId, { content: 'Hello, how can I help?', tempId: 'tmp-1' });
    assert.equal(reply.status, 201, reply.text);
    const message = reply.json.data;
    assert.equal(message.chatId, chatId);
    assert.equal(message.direction, 'outbound');
    assert.equal(message.type, 'text');
    assert.deepEqual(message.content, { text: 'Hello, how can I help?' });
    assert.equal(message.status, 'sent');
    assert.equal(message.senderProfileId, org.profileId);
    assert.equal(message.tempId, 'tmp-1');

    const chat = (await api.get(chatId)).json.data;
    assert.equal(chat.status, 'in_progress');
    assert.equal(chat.assigneeProfileId, org.profileId);
    assert.deepEqual(
      (await chatEvents(svc, org.organizationId, chatId)).map((e) => [e.type, e.data.to ?? e.data.assignee_profile_id, e.data.reason]),
      [
        ['chat.status_changed', 'in_progress', 'attended'],
        ['chat.assigned', org.profileId, undefined],
      ],
    );
    const listed = await api.messages(chatId);
    assert.deepEqual(
      listed.json.data.map((m: { direction: string; tempId: string | null }) => [m.direction, m.tempId]),
      [
        ['inbound', null],
        ['outbound', 'tmp-1'],
      ],
    );

    // Another agent's reply: the chat keeps its assignee, the agent becomes a collaborator.
    const other = await addMember(svc, org.organizationId, 'Bea');
    const second = await chatApi(svc, org, other.keyHeader).reply(chatId, {
      type: 'image',
      url: 'https://example.com/a.jpg',
      content: 'look',
    });
    assert.equal(second.status, 201, second.text);
    assert.deepEqual(second.json.data.content, { url: 'https://example.com/a.jpg', caption: 'look' });
    const after = (await api.get(chatId)).json.data;
    assert.equal(after.assigneeProfileId, org.profileId);
    assert.deepEqual(after.collaboratorProfileIds, [other.profileId]);
  });

  it('maps document replies and honours Idempotency-Key', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987654321');
    const body = { type: 'document', url: 'https://example.com/invoice.pdf', name: 'invoice.pdf', content: 'Your invoice' };
    const first = await api.reply(chatId, body, { 'idempotency-key': 'reply-1' });
    assert.equal(first.status, 201, first.text);
    assert.deepEqual(first.json.data.content, { url: 'https://example.com/invoice.pdf', filename: 'invoice.pdf', caption: 'Your invoice' });
    const again = await api.reply(chatId, body, { 'idempotency-key': 'reply-1' });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.json.data.id, first.json.data.id);
    const reused = await api.reply(chatId, { ...body, content: 'other' }, { 'idempotency-key': 'reply-1' });
    assert.equal(reused.status, 422);
    assert.equal(reused.json.error.code, 'IDEMPOTENCY_KEY_REUSED');
    const outbound = await svc.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();
    assert.equal(outbound.length, 2, 'the opening message and one reply');
  });

  it('a closed chat takes no messages: 409 CHAT_CLOSED (as sequences and send-template), nothing stored', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987654321');
    assert.equal((await api.status(chatId, 'closed')).status, 200);
    const res = await api.reply(chatId, { content: 'late' });
    assert.equal(res.status, 409, res.text);
    assert.equal(res.json.error.code, 'CHAT_CLOSED');
    const messages = await svc.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();
    assert.equal(messages.length, 1);
  });

  it("WhatsApp's window: 422 before the customer wrote (nothing changes), 201 after, whatsappWindowExpiresAt = last inbound + 24 h", async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const channelId = org.channels.whatsapp_official;
    const patched = await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channelId}`, {
      settings: { enforceWhatsAppWindow: true },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    // A template opens the chat (templates pass the window).
    const template = await svc.admin('POST', `/organizations/${org.organizationId}/templates`, {
      channelId,
      name: 'hello',
      language: 'pt_BR',
      status: 'approved',
      components: [{ type: 'BODY', text: 'Hello' }],
    });
    assert.equal(template.statusCode, 201, template.body);
    const opened = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channelId, to: '5511987654321', type: 'template', content: { name: 'hello', language: 'pt_BR' } },
      org.bearer,
    );
    assert.equal(opened.status, 201, opened.text);
    const chatId = opened.json.data.chat_id;
    assert.equal((await api.get(chatId)).json.data.whatsappWindowExpiresAt, null);

    const refused = await api.reply(chatId, { content: 'free text' });
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.json.error.code, 'WHATSAPP_WINDOW_CLOSED');
    const unchanged = await chatRow(svc, chatId);
    assert.equal(unchanged.status, 'pending', 'a refused reply does not attend the chat');
    assert.equal(unchanged.assignee_profile_id, null);
    assert.equal((await svc.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute()).length, 1);

    await customerWrites(svc, channelId, '5511987654321', 'hi there');
    const row = await chatRow(svc, chatId);
    assert.ok(row.last_inbound_at);
    const chat = (await api.get(chatId)).json.data;
    assert.equal(chat.whatsappWindowExpiresAt, new Date(Date.parse(row.last_inbound_at!) + 24 * 3600 * 1000).toISOString());
    const accepted = await api.reply(chatId, { content: 'free text' });
    assert.equal(accepted.status, 201, accepted.text);
  });
});
