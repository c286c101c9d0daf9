/**
 * POST /api/{organizationId}/chat/{chatId}/send-template (spec endpoint 14, DESIGN.md §6): an
 * approved template of the chat's official channel, variables filling {{n}} in order, errors in
 * the spec's `{ error, code }` shape, templates passing the 24-hour window, Idempotency-Key.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startWhatsAppCloudFake, type WhatsAppCloudFake } from '../fakes/whatsapp-cloud.fake.js';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { post } from '../messages/support.js';
import { CLOUD, chatOn, officialChannel } from './support.js';

const templatePath = (orgId: string, chatId: string) => `/api/${orgId}/chat/${chatId}/send-template`;

async function template(
  svc: TestService,
  org: SeededOrganization,
  channelId: string,
  status: 'approved' | 'pending' = 'approved',
  name = 'order_shipped',
) {
  return svc.services.templates.create(org.organizationId, {
    channelId,
    name,
    language: 'pt_BR',
    status,
    components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu.' } as { type: string }],
  });
}

describeEachDatabase('send-template', (env) => {
  let cloud: WhatsAppCloudFake;
  before(async () => {
    cloud = await startWhatsAppCloudFake(CLOUD);
  });
  after(() => cloud.close());

  it('sends an approved template into the chat, variables as an object or an array, 200 { success, messageId }', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const channelId = await officialChannel(svc, org, cloud.url);
    const tpl = await template(svc, org, channelId);
    const { chatId } = await chatOn(svc, org, channelId);
    for (const variables of [{ '1': 'Ana', '2': '#42' }, ['Ana', '#42']]) {
      const before = cloud.requests.length;
      const res = await post(
        svc,
        templatePath(org.organizationId, chatId),
        { templateId: tpl.id, variables, tempId: 'tmp-1' },
        org.keyHeader,
      );
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(Object.keys(res.json).sort(), ['messageId', 'success']);
      assert.equal(res.json.success, true);
      const row = await svc.db.selectFrom('messages').selectAll().where('id', '=', res.json.messageId).executeTakeFirstOrThrow();
      assert.equal(row.chat_id, chatId);
      assert.equal(row.type, 'template');
      assert.equal(row.temp_id, 'tmp-1');
      assert.equal(row.status, 'sent');
      const sent = cloud.requests.slice(before)[0]!.json;
      assert.equal(sent.type, 'template');
      assert.deepEqual(sent.template, {
        name: 'order_shipped',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '#42' },
            ],
          },
        ],
      });
    }
  });

  it("passes WhatsApp's 24-hour window (a free-form sequence is refused in the same chat)", async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const channelId = await officialChannel(svc, org, cloud.url);
    const tpl = await template(svc, org, channelId);
    const { chatId } = await chatOn(svc, org, channelId);
    await svc.db
      .updateTable('channels')
      .set({ settings: JSON.stringify({ enforceWhatsAppWindow: true }) })
      .where('id', '=', channelId)
      .execute();
    const sequence = await post(
      svc,
      `/api/${org.organizationId}/chat/${chatId}/message-sequence`,
      { steps: [{ content: 'x' }] },
      org.keyHeader,
    );
    assert.equal(sequence.status, 422);
    const res = await post(svc, templatePath(org.organizationId, chatId), { templateId: tpl.id, variables: ['Ana', '1'] }, org.keyHeader);
    assert.equal(res.status, 200, res.text);
  });

  it('answers errors as { error, code }: not approved, not official, not found, validation, auth, closed chat', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const channelId = await officialChannel(svc, org, cloud.url);
    const approved = await template(svc, org, channelId);
    const pending = await template(svc, org, channelId, 'pending', 'order_pending');
    const otherChannel = await officialChannel(svc, org, cloud.url);
    const elsewhere = await template(svc, org, otherChannel, 'approved', 'other_channel');
    const { chatId } = await chatOn(svc, org, channelId);
    const { chatId: zapiChat } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    const unknownId = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';
    const vars = { variables: ['Ana', '1'] };
    const cases: [string, unknown, Record<string, string>, number, string][] = [
      [chatId, { templateId: pending.id, ...vars }, org.keyHeader, 400, 'TEMPLATE_NOT_APPROVED'],
      [zapiChat, { templateId: approved.id, ...vars }, org.keyHeader, 400, 'CHANNEL_NOT_OFFICIAL'],
      [chatId, { templateId: elsewhere.id, ...vars }, org.keyHeader, 400, 'VALIDATION_ERROR'],
      [chatId, { templateId: unknownId, ...vars }, org.keyHeader, 404, 'TEMPLATE_NOT_FOUND'],
      [unknownId, { templateId: approved.id, ...vars }, org.keyHeader, 404, 'CHAT_NOT_FOUND'],
      [chatId, {}, org.keyHeader, 400, 'VALIDATION_ERROR'],
      [chatId, { templateId: 'nope' }, org.keyHeader, 400, 'VALIDATION_ERROR'],
      [chatId, { templateId: approved.id, variables: ['only one'] }, org.keyHeader, 400, 'VALIDATION_ERROR'],
      [chatId, { templateId: approved.id, variables: { '1': 'a', '2': 'b', '3': 'c' } }, org.keyHeader, 400, 'VALIDATION_ERROR'],
      [chatId, { templateId: approved.id, variables: { x: 'a' } }, org.keyHeader, 400, 'VALIDATION_ERROR'],
      [chatId, { templateId: approved.id, variables: 'Ana' }, org.keyHeader, 400, 'VALIDATION_ERROR'],
      [chatId, 'not json', org.keyHeader, 400, 'VALIDATION_ERROR'],
      [chatId, { templateId: approved.id, ...vars }, {}, 401, 'UNAUTHORIZED'],
      [chatId, { templateId: approved.id, ...vars }, { 'x-api-key': 'cnv_wrong' }, 401, 'UNAUTHORIZED'],
      [chatId, { templateId: approved.id, ...vars }, other.keyHeader, 403, 'FORBIDDEN'],
    ];
    const before = await svc.db.selectFrom('messages').select('id').execute();
    for (const [chat, body, headers, status, code] of cases) {
      const res = await post(svc, templatePath(org.organizationId, chat), body, headers);
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.json.code, code, res.text);
      assert.equal(typeof res.json.error, 'string', res.text);
      assert.equal(res.json.success, undefined, 'not the envelope');
    }
    // Another organization's key with its own organization in the path and this chat: 404, as if it did not exist.
    const foreign = await post(svc, templatePath(other.organizationId, chatId), { templateId: approved.id, ...vars }, other.keyHeader);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.json.code, 'CHAT_NOT_FOUND');
    await svc.db.updateTable('chats').set({ status: 'closed' }).where('id', '=', chatId).execute();
    const closed = await post(svc, templatePath(org.organizationId, chatId), { templateId: approved.id, ...vars }, org.keyHeader);
    assert.equal(closed.status, 409);
    assert.equal(closed.json.code, 'CHAT_CLOSED');
    const afterRows = await svc.db.selectFrom('messages').select('id').execute();
    assert.equal(afterRows.length, before.length, 'nothing stored');
  });

  it('honours Idempotency-Key: a replay answers the first messageId and sends once', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const channelId = await officialChannel(svc, org, cloud.url);
    const tpl = await template(svc, org, channelId);
    const { chatId } = await chatOn(svc, org, channelId);
    const headers = { ...org.keyHeader, 'idempotency-key': 'tpl-1' };
    const body = { templateId: tpl.id, variables: ['Ana', '1'] };
    const before = cloud.requests.length;
    const first = await post(svc, templatePath(org.organizationId, chatId), body, headers);
    const second = await post(svc, templatePath(org.organizationId, chatId), body, headers);
    assert.equal(first.status, 200, first.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(second.json.messageId, first.json.messageId);
    assert.equal(cloud.requests.length - before, 1);
    const reused = await post(svc, templatePath(org.organizationId, chatId), { ...body, variables: ['Bia', '2'] }, headers);
    assert.equal(reused.status, 422);
    assert.equal(reused.json.code, 'IDEMPOTENCY_KEY_REUSED');
  });
});
