/**
 * The chat API's boundaries: another organization's chat is answered as a missing one on every
 * route (and nothing changes), reads need `chats:read` and changes need `chats:write`, and bad
 * input of every kind is a 4xx with the error envelope, never a 5xx.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { addMember, call, chatApi, chatEvents, chatRow, customerWrites, type Answer } from './support.js';

const QUIET = { channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } };
const UNKNOWN = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';

function assertRefused(res: Answer, status: number, code: string, what: string) {
  assert.equal(res.status, status, `${what}: ${res.text}`);
  assert.equal(res.json?.success, false, what);
  assert.equal(res.json.error.code, code, what);
}

describeEachDatabase('chat API: tenancy and access', (env) => {
  it("another organization's chat is 404 CHAT_NOT_FOUND on every route, exactly as a missing one, and nothing changes", async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const owner = await svc.seedOrganization(QUIET);
    const intruder = await svc.seedOrganization({ ...QUIET, name: 'Intruder' });
    const { chatId } = await customerWrites(svc, owner.channels.whatsapp_zapi, '5511987654321', 'private');
    const before = await chatRow(svc, chatId);
    const messagesBefore = await svc.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).execute();
    const eventsBefore = await chatEvents(svc, owner.organizationId);

    const api = chatApi(svc, intruder, intruder.keyHeader);
    const calls: [string, () => Promise<Answer>][] = [
      ['GET chat', () => api.get(chatId)],
      ['GET messages', () => api.messages(chatId)],
      ['POST reply', () => api.reply(chatId, { content: 'hijack' })],
      ['PUT status', () => api.status(chatId, 'closed')],
      ['PUT assignee', () => api.assignee(chatId, { profileId: intruder.profileId })],
      ['POST collaborator', () => api.collaborator(chatId, intruder.profileId)],
    ];
    for (const [what, run] of calls) {
      const foreign = await run();
      assertRefused(foreign, 404, 'CHAT_NOT_FOUND', what);
    }
    // Exactly as a missing chat.
    const missing = await api.get(UNKNOWN);
    assert.deepEqual(
      { status: missing.status, error: { ...missing.json.error } },
      { status: 404, error: { code: 'CHAT_NOT_FOUND', message: (await api.get(chatId)).json.error.message } },
    );
    // The list and its filters do not show it either.
    for (const query of ['', `?channelId=${owner.channels.whatsapp_zapi}`, `?customerId=${before.customer_id}`, `?cursor=${UNKNOWN}`]) {
      const list = await api.list(query);
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(list.json.data, [], query);
    }
    // The owner's path with the intruder's key: not a member.
    const crossPath = await call(svc, 'GET', `/api/${owner.organizationId}/chats/${chatId}`, intruder.keyHeader);
    assertRefused(crossPath, 403, 'FORBIDDEN', 'owner path, intruder key');
    const crossPut = await call(svc, 'PUT', `/api/${owner.organizationId}/chats/${chatId}/status`, intruder.keyHeader, {
      status: 'closed',
    });
    assert.equal(crossPut.status, 403);

    assert.deepEqual(await chatRow(svc, chatId), before);
    assert.deepEqual(await svc.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).execute(), messagesBefore);
    assert.deepEqual(await chatEvents(svc, owner.organizationId), eventsBefore);
  });

  it('reads need chats:read; changes need chats:write (403 FORBIDDEN, nothing changes)', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987654321');
    const reader = await addMember(svc, org.organizationId, 'Reader', ['chats:read']);
    const writer = await addMember(svc, org.organizationId, 'Writer', ['chats:write']);
    const readOnly = chatApi(svc, org, reader.keyHeader);
    assert.equal((await readOnly.list()).status, 200);
    assert.equal((await readOnly.get(chatId)).status, 200);
    assert.equal((await readOnly.messages(chatId)).status, 200);
    const before = await chatRow(svc, chatId);
    for (const [what, res] of [
      ['reply', await readOnly.reply(chatId, { content: 'x' })],
      ['status', await readOnly.status(chatId, 'closed')],
      ['assignee', await readOnly.assignee(chatId, { profileId: reader.profileId })],
      ['collaborator', await readOnly.collaborator(chatId, reader.profileId)],
    ] as const) {
      assertRefused(res, 403, 'FORBIDDEN', what);
    }
    assert.deepEqual(await chatRow(svc, chatId), before);
    const writes = chatApi(svc, org, writer.keyHeader);
    assert.equal((await writes.reply(chatId, { content: 'hello' })).status, 201);
    assert.equal((await writes.status(chatId, 'await_closing')).status, 200);
    const noKey = await call(svc, 'GET', `/api/${org.organizationId}/chats`, {});
    assertRefused(noKey, 401, 'UNAUTHORIZED', 'no key');
  });

  it('bad input of every kind is a 4xx with the error envelope, never a 5xx', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const other = await svc.seedOrganization({ ...QUIET, name: 'Other' });
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987654321');
    const api = chatApi(svc, org, org.keyHeader);
    const base = `/api/${org.organizationId}/chats`;
    const before = await chatRow(svc, chatId);
    const cases: [string, Promise<Answer>, number?][] = [
      ['bad chat uuid (get)', api.get('not-a-uuid')],
      ['bad chat uuid (messages)', api.messages('123')],
      ['bad chat uuid (status)', api.status('nope', 'closed')],
      ['bad organization uuid', call(svc, 'GET', '/api/not-a-uuid/chats', org.keyHeader)],
      ['bad status filter', api.list('?status=open')],
      ['bad status list', api.list('?status=pending,,closed')],
      ['bad channelId filter', api.list('?channelId=x')],
      ['bad cursor (list)', api.list('?cursor=abc')],
      ['bad cursor (messages)', api.messages(chatId, '?cursor=abc')],
      ['limit 0', api.list('?limit=0')],
      ['limit 201', api.list('?limit=201')],
      ['limit x', api.messages(chatId, '?limit=x')],
      ['messages limit 201', api.messages(chatId, '?limit=201')],
      ['bad order', api.messages(chatId, '?order=sideways')],
      ['bad status', api.status(chatId, 'archived')],
      ['status missing', call(svc, 'PUT', `${base}/${chatId}/status`, org.keyHeader, {})],
      ['status not a string', api.status(chatId, 3)],
      ['assignee missing', api.assignee(chatId, {})],
      ['assignee not uuid', api.assignee(chatId, { profileId: 'bob' })],
      ['assignee unknown profile', api.assignee(chatId, { profileId: UNKNOWN })],
      ['assignee non-member', api.assignee(chatId, { profileId: other.profileId })],
      ['assignee unknown team', api.assignee(chatId, { profileId: org.profileId, teamId: UNKNOWN })],
      ['assignee extra field', api.assignee(chatId, { profileId: org.profileId, role: 'x' })],
      ['collaborator unknown', api.collaborator(chatId, UNKNOWN)],
      ['collaborator non-member', api.collaborator(chatId, other.profileId)],
      ['collaborator null', api.collaborator(chatId, null)],
      ['reply empty body', api.reply(chatId, {})],
      ['reply empty text', api.reply(chatId, { type: 'text', content: '' })],
      ['reply text too long', api.reply(chatId, { content: 'x'.repeat(4097) })],
      ['reply image without url', api.reply(chatId, { type: 'image', content: 'caption' })],
      ['reply http url', api.reply(chatId, { type: 'image', url: 'http://example.com/a.jpg' })],
      ['reply caption too long', api.reply(chatId, { type: 'video', url: 'https://example.com/a.mp4', content: 'x'.repeat(1025) })],
      ['reply unknown type', api.reply(chatId, { type: 'sticker', url: 'https://example.com/a.webp' })],
      ['reply extra field', api.reply(chatId, { content: 'hi', to: '5511' })],
      ['reply content not a string', api.reply(chatId, { content: { text: 'hi' } })],
      ['reply body not json', call(svc, 'POST', `${base}/${chatId}/messages`, { ...org.keyHeader, 'content-type': 'text/plain' })],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      assert.ok(res.status >= 400 && res.status < 500, `${what}: ${res.status} ${res.text}`);
      assert.equal(res.json?.success, false, `${what}: ${res.text}`);
      assert.equal(typeof res.json.error.code, 'string', what);
    }
    const bodyErrors = await api.reply(chatId, { type: 'image', content: 'caption' });
    assert.equal(bodyErrors.json.error.code, 'VALIDATION_ERROR');
    assert.deepEqual(await chatRow(svc, chatId), before);
    assert.equal((await svc.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute()).length, 1);
  });
});
