/**
 * `GET /api/{organizationId}/chats/counts` (DESIGN §11 "The list": the tabs' live counts and the
 * title's unread chats): counts per status under the list's filters, the chats with unread
 * messages, bad filters a 400, another organization's key refused (403, as every organization route), and an agent who may see only its
 * own chats counting only those.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { addMember, call, chatApi, customerWrites, openChat } from './support.js';

describeEachDatabase('chat counts', (env) => {
  it('counts chats per status and the unread ones, under the list filters and the viewer', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const api = chatApi(svc, org, org.keyHeader);
    const counts = async (query = '', headers = org.keyHeader) => {
      const res = await call(svc, 'GET', `/api/${org.organizationId}/chats/counts${query}`, headers);
      assert.equal(res.status, 200, res.text);
      return res.json.data as { byStatus: Record<string, number>; unreadChats: number };
    };
    assert.deepEqual(await counts(), { byStatus: { pending: 0, in_progress: 0, await_closing: 0, closed: 0 }, unreadChats: 0 });

    const silent = await openChat(svc, org, '5511912346001');
    const a = (await customerWrites(svc, org.channels.whatsapp_zapi, '5511912346002', 'oi')).chatId;
    const b = (await customerWrites(svc, org.channels.whatsapp_zapi, '5511912346003', 'olá')).chatId;
    assert.equal((await api.status(b, 'in_progress')).status, 200);
    assert.deepEqual(await counts(), { byStatus: { pending: 2, in_progress: 1, await_closing: 0, closed: 0 }, unreadChats: 2 });
    assert.deepEqual((await counts('?customerWrote=true')).byStatus, { pending: 1, in_progress: 1, await_closing: 0, closed: 0 });
    assert.equal((await call(svc, 'POST', `/api/${org.organizationId}/chats/${a}/read`, org.keyHeader)).status, 200);
    assert.equal((await counts()).unreadChats, 1, 'an opened chat is no longer unread');

    // An agent who sees only its own chats counts only those.
    const agent = await addMember(svc, org.organizationId, 'Bia');
    assert.equal(
      (await call(svc, 'PATCH', `/api/${org.organizationId}/settings`, org.keyHeader, { agentsSeeAllChats: false })).status,
      200,
    );
    assert.equal((await api.assignee(silent, { profileId: agent.profileId })).status, 200);
    // (Assigning a pending chat puts it in progress.)
    assert.deepEqual((await counts('', agent.keyHeader)).byStatus, { pending: 0, in_progress: 1, await_closing: 0, closed: 0 });
    assert.equal((await counts(`?assigneeProfileId=${agent.profileId}`)).byStatus.in_progress, 1);
    assert.equal((await counts()).byStatus.in_progress, 2, 'the owner sees every chat');

    for (const query of ['?customerWrote=maybe', '?teamId=nope', '?status=pending']) {
      const res = await call(svc, 'GET', `/api/${org.organizationId}/chats/counts${query}`, org.keyHeader);
      assert.equal(res.status, 400, `${query}: ${res.text}`);
      assert.equal(res.json.success, false);
      assert.equal(res.json.error.code, 'VALIDATION_ERROR');
    }
    // Another organization's key is refused as on every organization route, and learns no count.
    const other = await svc.seedOrganization({ name: 'Outra' });
    const theirs = await call(svc, 'GET', `/api/${org.organizationId}/chats/counts`, other.keyHeader);
    assert.equal(theirs.status, 403, theirs.text);
    assert.deepEqual(Object.keys(theirs.json), ['success', 'error']);
    assert.equal(theirs.json.error.code, 'FORBIDDEN');
  });
});
