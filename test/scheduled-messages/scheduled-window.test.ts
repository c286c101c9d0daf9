/**
 * Scheduled messages and WhatsApp's 24-hour window (DESIGN.md §10), on an official channel that
 * enforces it: a free-form message due inside the window is taken and sent (23 h 59 min after the
 * customer wrote), one due past it is refused at once (422 OUTSIDE_WINDOW, 24 h 1 min), a template
 * always goes, and a free-form message whose window closed by the time it is due fails with reason
 * OUTSIDE_WINDOW (the send endpoint's own rule, whatsapp-window.ts).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { customerWrites } from '../chats/support.js';
import { HOUR, scheduledApi, settled, started } from './support.js';

const MINUTE = 60_000;

describeEachDatabase('scheduled messages: the 24-hour window', (env) => {
  it('inside the window goes, past it is 422 OUTSIDE_WINDOW, a template always goes, a window closed by sendAt fails', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = org.channels.whatsapp_official;
    const template = await svc.services.templates.create(org.organizationId, {
      channelId,
      name: 'follow_up',
      language: 'pt_BR',
      status: 'approved',
      components: [{ type: 'BODY', text: 'Olá {{1}}, tudo certo?' } as { type: string }],
    });
    const api = scheduledApi(svc, org, org.keyHeader);
    const { chatId } = await customerWrites(svc, channelId, '5511987650201', 'oi');
    const wrote = Date.parse(
      (await svc.db.selectFrom('chats').select('last_inbound_at').where('id', '=', chatId).executeTakeFirstOrThrow()).last_inbound_at!,
    );
    const at = (ms: number) => new Date(wrote + ms).toISOString();
    const text = (t: string) => ({ type: 'text', content: { text: t } });

    // Not enforced yet (a sandbox channel's default): taken even past the window.
    const late = await api.create(chatId, { sendAt: at(30 * HOUR), ...text('late') });
    assert.equal(late.status, 201, late.text);
    const patched = await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channelId}`, {
      settings: { enforceWhatsAppWindow: true },
    });
    assert.equal(patched.statusCode, 200, patched.body);

    const inside = await api.create(chatId, { sendAt: at(24 * HOUR - MINUTE), ...text('inside'), cancelIfCustomerReplies: false });
    assert.equal(inside.status, 201, inside.text);
    const past = await api.create(chatId, { sendAt: at(24 * HOUR + MINUTE), ...text('past') });
    assert.equal(past.status, 422, past.text);
    assert.equal(past.json.error.code, 'OUTSIDE_WINDOW');
    const tpl = await api.create(chatId, { sendAt: at(30 * HOUR), templateId: template.id, variables: ['Ana'] });
    assert.equal(tpl.status, 201, tpl.text);
    assert.equal(tpl.json.data.type, 'template');
    assert.deepEqual(tpl.json.data.content, {
      name: 'follow_up',
      language: 'pt_BR',
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
    });

    clock.advance(Date.parse(at(24 * HOUR - MINUTE)) - clock.now().getTime());
    assert.equal((await settled(svc, inside.json.data.id)).status, 'sent', '23 h 59 min after the customer wrote');
    clock.advance(6 * HOUR + 2 * MINUTE);
    const failed = await settled(svc, late.json.data.id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.reason, 'OUTSIDE_WINDOW');
    assert.equal(failed.message_id, null);
    assert.ok(failed.error_message);
    assert.equal((await settled(svc, tpl.json.data.id)).status, 'sent', 'a template passes the window');
  });

  it('a chat whose customer never wrote takes only templates (422 OUTSIDE_WINDOW for free-form)', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = org.channels.whatsapp_official;
    await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channelId}`, { settings: { enforceWhatsAppWindow: true } });
    await svc.services.templates.create(org.organizationId, {
      channelId,
      name: 'hello',
      language: 'pt_BR',
      status: 'approved',
      components: [{ type: 'BODY', text: 'Olá' } as { type: string }],
    });
    const opened = await svc.inject({
      method: 'POST',
      url: '/v1/messages/send',
      headers: org.bearer,
      payload: { channel_id: channelId, to: '5511987650202', type: 'template', content: { name: 'hello', language: 'pt_BR' } },
    });
    assert.equal(opened.statusCode, 201, opened.body);
    const chatId = opened.json().data.chat_id as string;
    const res = await scheduledApi(svc, org, org.keyHeader).create(chatId, {
      sendAt: new Date(clock.now().getTime() + MINUTE).toISOString(),
      type: 'text',
      content: { text: 'hi' },
    });
    assert.equal(res.status, 422, res.text);
    assert.equal(res.json.error.code, 'OUTSIDE_WINDOW');
  });
});
