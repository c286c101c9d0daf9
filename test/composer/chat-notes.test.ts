/**
 * Private notes in a chat's timeline (DESIGN §11): written and read by members who may work the
 * chat, never sent to the customer; `@name` mentions are resolved to members and announced by
 * `chat.note_created`; another organization and an agent who may not see the chat get 404.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type TestEnv } from '../support/harness.js';
import { addMember, call, customerWrites } from '../chats/support.js';

async function started(env: TestEnv) {
  const svc = await env.start({ listen: true });
  const org = await svc.seedOrganization({ name: 'Loja' });
  const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511955556789', 'preciso de ajuda');
  return { svc, org, chatId, notes: `/api/${org.organizationId}/chats/${chatId}/notes` };
}

describeEachDatabase('private notes in a chat', (env) => {
  it('writes a note with mentions, lists it, announces it, and sends nothing to the customer', async () => {
    const { svc, org, chatId, notes } = await started(env);
    const ana = await addMember(svc, org.organizationId, 'Ana Souza');
    const joao = await addMember(svc, org.organizationId, 'João');
    await addMember(svc, org.organizationId, 'Pedro');
    const before = await svc.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();

    const created = await call(svc, 'POST', notes, org.keyHeader, { content: 'Cliente VIP, @joao e @Ana Souza vejam isto' });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(
      created.json.data.mentions.map((m: { profileId: string }) => m.profileId).sort(),
      [ana.profileId, joao.profileId].sort(),
    );
    const listed = await call(svc, 'GET', notes, org.keyHeader);
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.json.data.length, 1);
    assert.equal(listed.json.data[0].content, 'Cliente VIP, @joao e @Ana Souza vejam isto');
    assert.equal(listed.json.data[0].authorProfileId, org.profileId);

    const event = await svc.db
      .selectFrom('events')
      .select('payload')
      .where('organization_id', '=', org.organizationId)
      .where('type', '=', 'chat.note_created')
      .executeTakeFirstOrThrow();
    const data = JSON.parse(event.payload);
    assert.equal(data.chat_id, chatId);
    assert.equal(data.note_id, created.json.data.id);
    assert.deepEqual([...data.mentioned_profile_ids].sort(), [ana.profileId, joao.profileId].sort());
    const after = await svc.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();
    assert.equal(after.length, before.length, 'no message was created: nothing goes to the customer');
  });

  it('refuses bad input, and hides the chat from another organization and from an agent who may not see it', async () => {
    const { svc, org, notes, chatId } = await started(env);
    for (const body of [{}, { content: '' }, { content: '   ' }, { content: 'x'.repeat(4097) }, { content: 'x', other: 1 }]) {
      const res = await call(svc, 'POST', notes, org.keyHeader, body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 40)}: ${res.text}`);
      assert.equal(res.json.error.code, 'VALIDATION_ERROR');
    }
    await call(svc, 'POST', notes, org.keyHeader, { content: 'interno' });

    const other = await svc.seedOrganization({ name: 'Outra' });
    const theirPath = `/api/${other.organizationId}/chats/${chatId}/notes`;
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { content: 'x' }],
    ] as const) {
      const res = await call(svc, method, theirPath, other.keyHeader, body);
      assert.equal(res.status, 404, `${method}: ${res.text}`);
      assert.equal(res.json.error.code, 'CHAT_NOT_FOUND');
      assert.equal((await call(svc, method, notes, other.keyHeader, body)).status, 403, 'our path, their key');
    }

    const agent = await addMember(svc, org.organizationId, 'Agente');
    assert.equal((await call(svc, 'GET', notes, agent.keyHeader)).json.data.length, 1, 'agents see all chats by default');
    await call(svc, 'PATCH', `/api/${org.organizationId}/settings`, org.keyHeader, { agentsSeeAllChats: false });
    const hidden = await call(svc, 'GET', notes, agent.keyHeader);
    assert.equal(hidden.status, 404, hidden.text);
    const readOnly = await addMember(svc, org.organizationId, 'Leitor', ['chats:read']);
    const refused = await call(svc, 'POST', notes, readOnly.keyHeader, { content: 'x' });
    assert.equal(refused.status, 403, 'writing needs chats:write');
    const stored = await svc.db.selectFrom('chat_notes').select('id').where('chat_id', '=', chatId).execute();
    assert.equal(stored.length, 1, 'nothing else was written');
  });
});
