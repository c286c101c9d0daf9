/**
 * The chat list's filters for the agents' queue (DESIGN §11 "The list"): `customerWrote` keeps the
 * chats a send opened and nobody answered out of the queue (the README's first send must not sit at
 * the top of it), `unassigned` and `tagId` narrow it; bad values are a 400.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { call, chatApi, customerWrites, openChat, tagManyCustomers } from './support.js';
import { BROAD_TAG } from '../../src/modules/chats/tag-filter.js';

describeEachDatabase('chat list filters', (env) => {
  it('customerWrote, unassigned and tagId narrow the list', async () => {
    const svc = await env.shared({ listen: true });
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

  it('a broad tag (its chats read newest first, each probed for the tag) answers the same chats, page by page', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const api = chatApi(svc, org, org.keyHeader);
    const tag = await call(svc, 'POST', `/api/${org.organizationId}/tags`, org.keyHeader, { name: 'Everyone', color: '#0000ff' });
    const tagId = tag.json.data.id as string;
    await tagManyCustomers(svc, org.organizationId, tagId, BROAD_TAG);
    const chats: string[] = [];
    for (const phone of ['5511912345101', '5511912345102', '5511912345103'])
      chats.push((await customerWrites(svc, org.channels.whatsapp_zapi, phone, 'oi')).chatId);
    for (const chatId of [chats[0]!, chats[2]!]) {
      const customerId = (await api.get(chatId)).json.data.customerId;
      const res = await call(svc, 'POST', `/api/${org.organizationId}/customers/${customerId}/tags`, org.keyHeader, { tagId });
      assert.ok(res.status < 300, res.text);
    }
    const page = async (query: string) => {
      const res = await api.list(query);
      assert.equal(res.status, 200, res.text);
      return { ids: (res.json.data as { id: string }[]).map((c) => c.id), next: res.json.nextCursor as string | null };
    };
    assert.deepEqual((await page(`?tagId=${tagId}`)).ids, [chats[2], chats[0]], 'newest first, the untagged customer left out');
    const first = await page(`?tagId=${tagId}&limit=1`);
    assert.deepEqual(first, { ids: [chats[2]], next: chats[2] });
    assert.deepEqual(await page(`?tagId=${tagId}&limit=1&cursor=${first.next}`), { ids: [chats[0]], next: null });
    assert.deepEqual((await page(`?tagId=${tagId}&status=pending&customerWrote=true`)).ids, [chats[2], chats[0]]);
    // Another organization's list with our tag finds nothing.
    const other = await svc.seedOrganization({ name: 'Outra' });
    await customerWrites(svc, other.channels.whatsapp_zapi, '5511912345104', 'oi');
    assert.deepEqual((await chatApi(svc, other, other.keyHeader).list(`?tagId=${tagId}`)).json.data, []);
  });
});
