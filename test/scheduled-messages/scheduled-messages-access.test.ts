/**
 * The scheduled-message routes' boundaries: another organization's chat or scheduled message is
 * answered as a missing one (and nothing changes), creating and cancelling need `messages:write`,
 * listing `chats:read`, and bad input is a 4xx with the error envelope: sendAt in the past, both or
 * neither of a message and a template, an unknown or unapproved template, an unknown chat.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { addMember, call, openChat, type Answer } from '../chats/support.js';
import { inHours, scheduledApi, scheduledRow, started } from './support.js';

const UNKNOWN = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';

function assertRefused(res: Answer, status: number, code: string, what: string) {
  assert.equal(res.status, status, `${what}: ${res.text}`);
  assert.equal(res.json?.success, false, what);
  assert.equal(res.json.error.code, code, what);
}

describeEachDatabase('scheduled messages: tenancy, scopes, bad input', (env) => {
  it("another organization's chat and scheduled message are 404, exactly as missing ones; nothing changes", async () => {
    const { svc, org, clock } = await started(env);
    const intruder = await svc.seedOrganization({ name: 'Intruder' });
    const chatId = await openChat(svc, org, '5511987650101');
    const own = scheduledApi(svc, org, org.keyHeader);
    const record = (await own.create(chatId, { sendAt: inHours(clock, 1), type: 'text', content: { text: 'mine' } })).json.data;
    const theirs = scheduledApi(svc, intruder, intruder.keyHeader);
    assertRefused(
      await theirs.create(chatId, { sendAt: inHours(clock, 1), type: 'text', content: { text: 'x' } }),
      404,
      'CHAT_NOT_FOUND',
      'POST',
    );
    assertRefused(await theirs.list(chatId), 404, 'CHAT_NOT_FOUND', 'GET');
    assertRefused(await theirs.cancel(chatId, record.id), 404, 'SCHEDULED_MESSAGE_NOT_FOUND', 'DELETE');
    // Their own chat with our scheduled message's id: not theirs either.
    const theirChat = await openChat(svc, intruder, '5511987650102');
    assertRefused(await theirs.cancel(theirChat, record.id), 404, 'SCHEDULED_MESSAGE_NOT_FOUND', 'DELETE via own chat');
    const missing = await theirs.cancel(theirChat, UNKNOWN);
    assert.equal(
      missing.json.error.message,
      (await theirs.cancel(theirChat, record.id)).json.error.message,
      'same answer as a missing one',
    );
    // Our path with their key: not a member.
    const cross = await call(svc, 'GET', `/api/${org.organizationId}/chats/${chatId}/scheduled-messages`, intruder.keyHeader);
    assertRefused(cross, 403, 'FORBIDDEN', 'owner path, intruder key');
    const crossDelete = await call(
      svc,
      'DELETE',
      `/api/${org.organizationId}/chats/${chatId}/scheduled-messages/${record.id}`,
      intruder.keyHeader,
    );
    assertRefused(crossDelete, 403, 'FORBIDDEN', 'owner path, intruder key, DELETE');
    assert.equal((await scheduledRow(svc, record.id)).status, 'scheduled');
    assert.equal((await theirs.list(theirChat)).json.data.length, 0);
  });

  it('creating and cancelling need messages:write, listing needs chats:read (403 naming the scope)', async () => {
    const { svc, org, clock } = await started(env);
    const chatId = await openChat(svc, org, '5511987650103');
    const record = (
      await scheduledApi(svc, org, org.keyHeader).create(chatId, { sendAt: inHours(clock, 1), type: 'text', content: { text: 'x' } })
    ).json.data;
    const reader = scheduledApi(svc, org, (await addMember(svc, org.organizationId, 'Reader', ['chats:read'])).keyHeader);
    const writer = scheduledApi(svc, org, (await addMember(svc, org.organizationId, 'Writer', ['messages:write'])).keyHeader);
    const body = { sendAt: inHours(clock, 1), type: 'text', content: { text: 'y' } };
    const refusedCreate = await reader.create(chatId, body);
    assertRefused(refusedCreate, 403, 'FORBIDDEN', 'POST without messages:write');
    assert.match(refusedCreate.json.error.message, /messages:write/);
    assertRefused(await reader.cancel(chatId, record.id), 403, 'FORBIDDEN', 'DELETE without messages:write');
    const refusedList = await writer.list(chatId);
    assertRefused(refusedList, 403, 'FORBIDDEN', 'GET without chats:read');
    assert.match(refusedList.json.error.message, /chats:read/);
    assert.equal((await reader.list(chatId)).status, 200);
    assert.equal((await writer.create(chatId, body)).status, 201);
    assert.equal((await writer.cancel(chatId, record.id)).status, 200);
  });

  it('bad input is 400/404/422 with the envelope, and nothing is scheduled', async () => {
    const { svc, org, clock } = await started(env);
    const api = scheduledApi(svc, org, org.keyHeader);
    const chatId = await openChat(svc, org, '5511987650104');
    const officialChat = await openChat(svc, org, '5511987650105', org.channels.whatsapp_official);
    const unapproved = await svc.services.templates.create(org.organizationId, {
      channelId: org.channels.whatsapp_official,
      name: 'pending_one',
      language: 'pt_BR',
      status: 'pending',
      components: [{ type: 'BODY', text: 'Olá' } as { type: string }],
    });
    const text = { type: 'text', content: { text: 'hi' } };
    const cases: [string, string, unknown, number, string][] = [
      ['sendAt in the past', chatId, { sendAt: inHours(clock, -1), ...text }, 400, 'VALIDATION_ERROR'],
      ['sendAt now', chatId, { sendAt: clock.now().toISOString(), ...text }, 400, 'VALIDATION_ERROR'],
      ['sendAt two years ahead', chatId, { sendAt: inHours(clock, 2 * 366 * 24), ...text }, 400, 'VALIDATION_ERROR'],
      ['sendAt not a date', chatId, { sendAt: 'tomorrow', ...text }, 400, 'VALIDATION_ERROR'],
      ['sendAt missing', chatId, text, 400, 'VALIDATION_ERROR'],
      ['neither message nor template', chatId, { sendAt: inHours(clock, 1) }, 400, 'VALIDATION_ERROR'],
      ['both', officialChat, { sendAt: inHours(clock, 1), ...text, templateId: unapproved.id }, 400, 'VALIDATION_ERROR'],
      ['type without content', chatId, { sendAt: inHours(clock, 1), type: 'text' }, 400, 'VALIDATION_ERROR'],
      [
        'content of another type',
        chatId,
        { sendAt: inHours(clock, 1), type: 'text', content: { url: 'https://x.test/a.png' } },
        400,
        'VALIDATION_ERROR',
      ],
      [
        'template as a type',
        chatId,
        { sendAt: inHours(clock, 1), type: 'template', content: { name: 'x', language: 'pt_BR' } },
        400,
        'VALIDATION_ERROR',
      ],
      ['variables without a template', chatId, { sendAt: inHours(clock, 1), ...text, variables: ['a'] }, 400, 'VALIDATION_ERROR'],
      ['unknown field', chatId, { sendAt: inHours(clock, 1), ...text, when: 'now' }, 400, 'VALIDATION_ERROR'],
      ['unknown template', officialChat, { sendAt: inHours(clock, 1), templateId: UNKNOWN }, 404, 'TEMPLATE_NOT_FOUND'],
      ['unapproved template', officialChat, { sendAt: inHours(clock, 1), templateId: unapproved.id }, 400, 'TEMPLATE_NOT_APPROVED'],
      ['template on a gateway channel', chatId, { sendAt: inHours(clock, 1), templateId: unapproved.id }, 400, 'CHANNEL_NOT_OFFICIAL'],
      ['unknown chat', UNKNOWN, { sendAt: inHours(clock, 1), ...text }, 404, 'CHAT_NOT_FOUND'],
      ['chat id not a uuid', 'nope', { sendAt: inHours(clock, 1), ...text }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [what, chat, body, status, code] of cases) assertRefused(await api.create(chat, body), status, code, what);
    assertRefused(await api.cancel(chatId, 'nope'), 400, 'VALIDATION_ERROR', 'DELETE id not a uuid');
    assertRefused(await api.list(chatId, '?cursor=' + UNKNOWN), 400, 'VALIDATION_ERROR', 'cursor of nothing');
    assertRefused(await api.list(chatId, '?limit=0'), 400, 'VALIDATION_ERROR', 'limit 0');
    assert.equal((await svc.db.selectFrom('scheduled_messages').select('id').execute()).length, 0);
    assert.equal((await svc.db.selectFrom('jobs').select('id').where('type', '=', 'scheduled_messages.send').execute()).length, 0);
  });
});
