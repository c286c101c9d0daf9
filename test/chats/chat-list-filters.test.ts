/**
 * The chat list's filters for the agents' queue (DESIGN §11 "The list"): `customerWrote` keeps the
 * chats a send opened and nobody answered out of the queue (the README's first send must not sit at
 * the top of it), `unassigned` and `tagId` narrow it; bad values are a 400.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { call, chatApi, customerWrites, openChat } from './support.js';

describeEachDatabase('chat list filters', (env) => {
  it('customerWrote, unassigned and tagId narrow the list', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const api = chatApi(svc, org, org.keyHeader);
    const silent = await openChat(svc, org, '5511912345001');
    const wrote = (await customerWrites(svc, org.channels.whatsapp_zapi, '5511912345002', 'oi')).chatId;
    const taken = (await customerWrites(svc, org.channels.whatsapp_zapi, '5511912345003', 'olá')).chatId;
    assert.equal((await api.status(taken, 'in_progress')).status, 200);

    const ids = async (query: string) => {
      const res = await api.list(query);
      assert.equal(res.status, 200, res.text);
      return (res.json.data as { id: string }[]).map((c) => c.id);
    };
    assert.deepEqual(await ids('?status=pending&customerWrote=true'), [wrote], 'the queue: only who wrote');
    assert.deepEqual(await ids('?status=pending&customerWrote=false'), [silent]);
    assert.deepEqual((await ids('?customerWrote=true')).sort(), [wrote, taken].sort());
    assert.deepEqual((await ids('?unassigned=true')).sort(), [silent, wrote].sort());

    const tag = await call(svc, 'POST', `/api/${org.organizationId}/tags`, org.keyHeader, { name: 'VIP', color: '#ff0000' });
    const customerId = (await api.get(taken)).json.data.customerId;
    const tagged = await call(svc, 'POST', `/api/${org.organizationId}/customers/${customerId}/tags`, org.keyHeader, {
      tagId: tag.json.data.id,
    });
    assert.ok(tagged.status < 300, tagged.text);
    assert.deepEqual(await ids(`?tagId=${tag.json.data.id}`), [taken]);

    for (const query of ['?customerWrote=maybe', '?unassigned=2', '?tagId=nope']) {
      const res = await api.list(query);
      assert.equal(res.status, 400, `${query}: ${res.text}`);
      assert.equal(res.json.error.code, 'VALIDATION_ERROR');
    }
    // Another organization's tag finds nothing of ours.
    const other = await svc.seedOrganization({ name: 'Outra' });
    const theirs = await chatApi(svc, other, other.keyHeader).list(`?tagId=${tag.json.data.id}`);
    assert.deepEqual(theirs.json.data, []);
  });
});
