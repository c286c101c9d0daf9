/**
 * Chat create and what it sends (spec endpoint 2 rules 6–9, DESIGN.md §6): the initial message and
 * the template delivered into the chat after the commit, attending, keepPending, auto-assignment,
 * the team, templates only on official WhatsApp (approved, of this channel), the 24-hour window, and
 * the flow request kept on the chat.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { addMember, chatRow, counts, createChat, eventsOf } from './chat-create-support.js';

async function messagesOf(svc: TestService, chatId: string) {
  const rows = await svc.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).orderBy('created_at').execute();
  return rows.map((r) => ({ ...r, content: JSON.parse(r.content) as Record<string, unknown> }));
}

async function template(svc: TestService, org: SeededOrganization, status: 'approved' | 'pending' = 'approved', name = 'welcome') {
  return svc.services.templates.create(org.organizationId, {
    channelId: org.channels.whatsapp_official,
    name,
    language: 'pt_BR',
    status,
    components: [{ type: 'BODY', text: 'Hi {{1}}, your order {{2}}' } as { type: string }],
  });
}

const ana = { whatsapp: '5511987654321' };

describeEachDatabase('chat create: messages, attending, templates, flows', (env) => {
  it('rule 6: initialMessage is delivered into the new chat after the commit and the caller attends it', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const res = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: ana, initialMessage: 'Hello Ana' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.initialMessageStatus, 'sent');
    assert.equal(res.json.status, 'in_progress');
    const [message] = await messagesOf(svc, res.json.chatId);
    assert.equal(message!.id, res.json.initialMessageId);
    assert.equal(message!.type, 'text');
    assert.deepEqual(message!.content, { text: 'Hello Ana' });
    assert.equal(message!.sender_profile_id, org.profileId);
    assert.equal(message!.status, 'sent');
    const chat = await chatRow(svc, res.json.chatId);
    assert.equal(chat.status, 'in_progress');
    assert.equal(chat.assignee_profile_id, org.profileId);
    const changed = await eventsOf(svc, org.organizationId, 'chat.status_changed');
    assert.deepEqual(
      changed.map((e) => [e.from, e.to]),
      [['pending', 'in_progress']],
    );
    assert.equal((await eventsOf(svc, org.organizationId, 'chat.assigned'))[0]!.assignee_profile_id, org.profileId);
  });

  it('initialMessage as an object: media with caption and file name; a medium the channel cannot send is 400', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const res = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customer: ana,
      initialMessage: {
        type: 'document',
        url: 'https://example.com/a.pdf',
        content: 'The invoice',
        name: 'invoice.pdf',
        mimetype: 'application/pdf',
      },
    });
    assert.equal(res.status, 200, res.text);
    const [message] = await messagesOf(svc, res.json.chatId);
    assert.equal(message!.type, 'document');
    assert.deepEqual(message!.content, { url: 'https://example.com/a.pdf', filename: 'invoice.pdf', caption: 'The invoice' });
    const text = await createChat(svc, org, {
      channelId: org.channels.whatsapp_wapi,
      customer: ana,
      initialMessage: { content: 'Plain text, type defaults to text' },
    });
    assert.deepEqual((await messagesOf(svc, text.json.chatId))[0]!.content, { text: 'Plain text, type defaults to text' });
    const refused = await createChat(svc, org, {
      channelId: org.channels.instagram,
      customer: { instagram: 'ana.insta' },
      initialMessage: { type: 'document', url: 'https://example.com/a.pdf' },
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error.details[0].field, 'initialMessage.type');
  });

  it('rule 7: keepPending sends the message but the chat stays pending, unassigned, even with auto-assign on', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const agent = await addMember(svc, org, 'Agent');
    const team = await svc.services.teams.create(org.organizationId, { name: 'Support', memberProfileIds: [agent] });
    await svc.services.channels.update(org.organizationId, org.channels.whatsapp_zapi, {
      settings: { autoAssign: true, defaultTeamId: team.id },
    });
    const res = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customer: ana,
      initialMessage: 'Hi',
      keepPending: true,
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.keepPending, true);
    assert.equal(res.json.initialMessageStatus, 'sent');
    const chat = await chatRow(svc, res.json.chatId);
    assert.equal(chat.status, 'pending');
    assert.equal(chat.assignee_profile_id, null);
    assert.equal((await messagesOf(svc, chat.id)).length, 1);
    assert.equal((await eventsOf(svc, org.organizationId, 'chat.assigned')).length, 0);
  });

  it('auto-assign on create: round-robin over the team (teamId, else the channel default) before attending, so the caller becomes a collaborator', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const agent = await addMember(svc, org, 'Agent');
    const fallback = await svc.services.teams.create(org.organizationId, { name: 'Default', memberProfileIds: [org.profileId] });
    const team = await svc.services.teams.create(org.organizationId, { name: 'Support', memberProfileIds: [agent] });
    await svc.services.channels.update(org.organizationId, org.channels.whatsapp_zapi, {
      settings: { autoAssign: true, defaultTeamId: fallback.id },
    });
    const res = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: ana, teamId: team.id, initialMessage: 'Hi' });
    assert.equal(res.status, 200, res.text);
    const chat = await chatRow(svc, res.json.chatId);
    assert.equal(chat.team_id, team.id);
    assert.equal(chat.assignee_profile_id, agent);
    assert.equal(chat.status, 'in_progress');
    assert.deepEqual(JSON.parse(chat.collaborator_profile_ids), [org.profileId]);
    // Without a message nobody attends; the default team takes it.
    const other = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511911112222' } });
    const second = await chatRow(svc, other.json.chatId);
    assert.equal(second.assignee_profile_id, org.profileId);
    assert.equal(second.status, 'in_progress');
    assert.deepEqual(JSON.parse(second.collaborator_profile_ids), []);
    // Auto-assign off: teamId is still set, the chat stays pending without a message.
    const plain = await createChat(svc, org, { channelId: org.channels.whatsapp_wapi, customer: ana, teamId: team.id });
    const third = await chatRow(svc, plain.json.chatId);
    assert.equal(third.team_id, team.id);
    assert.equal(third.status, 'pending');
  });

  it('an existing chat is reused unchanged: the message goes into it, nobody attends it', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const first = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: ana });
    const again = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: ana, initialMessage: 'Again' });
    assert.equal(again.json.existing, true);
    assert.equal(again.json.chatId, first.json.chatId);
    assert.equal(again.json.status, 'pending');
    assert.equal((await messagesOf(svc, first.json.chatId)).length, 1);
    assert.equal((await chatRow(svc, first.json.chatId)).assignee_profile_id, null);
  });

  it('rule 9: a template is sent only on official WhatsApp, approved and of this channel; then templateSent and its id', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const approved = await template(svc, org);
    const pending = await template(svc, org, 'pending', 'draft');
    const channelId = org.channels.whatsapp_official;
    const notOfficial = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customer: ana,
      whatsappTemplate: { id: approved.id },
    });
    assert.equal(notOfficial.status, 400);
    assert.equal(notOfficial.json.error.code, 'CHANNEL_NOT_OFFICIAL');
    const unknown = await createChat(svc, org, {
      channelId,
      customer: ana,
      whatsappTemplate: { templateId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f' },
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'TEMPLATE_NOT_FOUND');
    const notApproved = await createChat(svc, org, { channelId, customer: ana, whatsappTemplate: { templateId: pending.id } });
    assert.equal(notApproved.status, 400);
    assert.equal(notApproved.json.error.code, 'TEMPLATE_NOT_APPROVED');
    assert.equal((await counts(svc, org.organizationId)).chats, 0, 'refusals write nothing');

    const res = await createChat(svc, org, {
      channelId,
      customer: ana,
      whatsappTemplate: { templateId: approved.id, variables: { '2': 'A-17', '1': 'Ana' } },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.templateSent, true);
    assert.equal(res.json.templateStatus, 'sent');
    assert.equal(res.json.status, 'in_progress', 'a template attends the chat too');
    const [message] = await messagesOf(svc, res.json.chatId);
    assert.equal(message!.id, res.json.templateMessageId);
    assert.equal(message!.type, 'template');
    assert.deepEqual(message!.content, {
      name: 'welcome',
      language: 'pt_BR',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'A-17' },
          ],
        },
      ],
    });
    const array = await createChat(svc, org, {
      channelId,
      customer: { whatsapp: '5511911112222' },
      whatsappTemplate: { id: approved.id, variables: ['Bruno'] },
    });
    assert.deepEqual((await messagesOf(svc, array.json.chatId))[0]!.content.components, [
      { type: 'body', parameters: [{ type: 'text', text: 'Bruno' }] },
    ]);
  });

  it('the 24-hour window refuses a free-form initialMessage with 422 WHATSAPP_WINDOW_CLOSED and nothing is created; a template passes', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const approved = await template(svc, org);
    const channelId = org.channels.whatsapp_official;
    await svc.services.channels.update(org.organizationId, channelId, { settings: { enforceWhatsAppWindow: true } });
    const refused = await createChat(svc, org, { channelId, customer: ana, initialMessage: 'Hello' });
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.json.error.code, 'WHATSAPP_WINDOW_CLOSED');
    const after = await counts(svc, org.organizationId);
    assert.equal(after.chats + after.customers + after.messages, 0);
    const ok = await createChat(svc, org, { channelId, customer: ana, whatsappTemplate: { id: approved.id, variables: ['Ana', '1'] } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.templateSent, true);
  });

  it('rule 8: flowId starts a run at once (flowInitiated), and flowVariables, contextMessage and responseFlowId are kept on the chat', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const welcome = await svc.services.flows.create(org.organizationId, { name: 'Welcome', steps: [{ type: 'wait', seconds: 1 }] });
    const reply = await svc.services.flows.create(org.organizationId, { name: 'On reply', steps: [{ type: 'wait', seconds: 1 }] });
    const res = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customer: ana,
      flowId: welcome.id,
      flowVariables: [{ name: 'order', value: 'A-17' }],
      contextMessage: 'Order shipped',
      responseFlowId: reply.id,
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.flowInitiated, true);
    const runs = await svc.db.selectFrom('flow_runs').select(['flow_id', 'chat_id']).execute();
    assert.deepEqual(runs, [{ flow_id: welcome.id, chat_id: res.json.chatId }]);
    assert.equal(res.json.responseFlowScheduled, true);
    assert.equal(res.json.responseFlowId, reply.id);
    assert.equal(res.json.responseFlowName, 'On reply');
    const chat = await chatRow(svc, res.json.chatId);
    assert.equal(chat.flow_id, welcome.id);
    assert.deepEqual(JSON.parse(String(chat.flow_variables)), [{ name: 'order', value: 'A-17' }]);
    assert.equal(chat.context_message, 'Order shipped');
    assert.equal(chat.response_flow_id, reply.id);
    const unknown = await createChat(svc, org, {
      channelId: org.channels.whatsapp_wapi,
      customer: ana,
      responseFlowId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f',
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'FLOW_NOT_FOUND');
    assert.equal((await counts(svc, org.organizationId)).chats, 1);
  });
});
