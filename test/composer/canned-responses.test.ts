/**
 * Canned responses (DESIGN §11): admins create, change and delete them, every member lists them;
 * shortcuts are unique per organization regardless of case; asked with a chat, each is rendered
 * for the chat's customer; another organization sees and changes nothing; bad input is a 4xx.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type TestEnv } from '../support/harness.js';
import { addMember, call, customerWrites } from '../chats/support.js';

async function started(env: TestEnv) {
  const svc = await env.start({ listen: true });
  const org = await svc.seedOrganization({ name: 'Loja' });
  const base = `/api/${org.organizationId}/canned-responses`;
  return { svc, org, base };
}

describeEachDatabase('canned responses', (env) => {
  it('creates, lists by shortcut, filters, renders for a chat, changes and deletes', async () => {
    const { svc, org, base } = await started(env);
    const created = await call(svc, 'POST', base, org.keyHeader, {
      shortcut: 'Boas-Vindas',
      title: 'Boas-vindas',
      content: 'Olá {{customer.name}}, em que posso ajudar?',
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.data.shortcut, 'boas-vindas', 'stored lower case');
    const other = await call(svc, 'POST', base, org.keyHeader, { shortcut: 'pix', title: 'Chave Pix', content: 'Nossa chave Pix é 123' });
    assert.equal(other.status, 201, other.text);

    const all = await call(svc, 'GET', base, org.keyHeader);
    assert.deepEqual(
      all.json.data.map((c: { shortcut: string }) => c.shortcut),
      ['boas-vindas', 'pix'],
    );
    const filtered = await call(svc, 'GET', `${base}?q=PI`, org.keyHeader);
    assert.deepEqual(
      filtered.json.data.map((c: { shortcut: string }) => c.shortcut),
      ['pix'],
    );
    assert.equal((await call(svc, 'GET', `${base}?q=chave`, org.keyHeader)).json.data.length, 1, 'by title');

    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511955551234', 'oi');
    const rendered = await call(svc, 'GET', `${base}?chatId=${chatId}&q=boas`, org.keyHeader);
    assert.equal(rendered.status, 200, rendered.text);
    assert.equal(rendered.json.data[0].rendered, 'Olá Customer 5511955551234, em que posso ajudar?');
    assert.equal(rendered.json.data[0].content, 'Olá {{customer.name}}, em que posso ajudar?');

    const id = created.json.data.id;
    const patched = await call(svc, 'PATCH', `${base}/${id}`, org.keyHeader, { title: 'Saudação' });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.json.data.title, 'Saudação');
    assert.equal(patched.json.data.shortcut, 'boas-vindas');
    assert.equal((await call(svc, 'DELETE', `${base}/${id}`, org.keyHeader)).status, 200);
    assert.equal((await call(svc, 'GET', base, org.keyHeader)).json.data.length, 1);
    const again = await call(svc, 'DELETE', `${base}/${id}`, org.keyHeader);
    assert.equal(again.status, 404);
    assert.equal(again.json.error.code, 'CANNED_RESPONSE_NOT_FOUND');
  });

  it('keeps shortcuts unique regardless of case (409), on create and on rename', async () => {
    const { svc, org, base } = await started(env);
    const first = await call(svc, 'POST', base, org.keyHeader, { shortcut: 'pix', title: 'Pix', content: 'a' });
    const second = await call(svc, 'POST', base, org.keyHeader, { shortcut: 'boleto', title: 'Boleto', content: 'b' });
    const taken = await call(svc, 'POST', base, org.keyHeader, { shortcut: 'PIX', title: 'Outro', content: 'c' });
    assert.equal(taken.status, 409, taken.text);
    assert.equal(taken.json.error.code, 'SHORTCUT_TAKEN');
    const renamed = await call(svc, 'PATCH', `${base}/${second.json.data.id}`, org.keyHeader, { shortcut: 'Pix' });
    assert.equal(renamed.status, 409, renamed.text);
    assert.equal((await call(svc, 'GET', base, org.keyHeader)).json.data.length, 2);
    assert.ok(first.json.data.id);
    // Another organization may use the same shortcut.
    const other = await svc.seedOrganization({ name: 'Outra' });
    const theirs = await call(svc, 'POST', `/api/${other.organizationId}/canned-responses`, other.keyHeader, {
      shortcut: 'pix',
      title: 'Pix',
      content: 'd',
    });
    assert.equal(theirs.status, 201, theirs.text);
  });

  it('refuses bad input with a 400 and the envelope', async () => {
    const { svc, org, base } = await started(env);
    const bad = [
      {},
      { shortcut: '/pix', title: 'x', content: 'y' },
      { shortcut: 'a b', title: 'x', content: 'y' },
      { shortcut: 'x'.repeat(33), title: 'x', content: 'y' },
      { shortcut: 'ok', title: '  ', content: 'y' },
      { shortcut: 'ok', title: 'x', content: '' },
      { shortcut: 'ok', title: 'x', content: 'y'.repeat(4097) },
      { shortcut: 'ok', title: 'x', content: 'y', extra: 1 },
    ];
    for (const body of bad) {
      const res = await call(svc, 'POST', base, org.keyHeader, body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
      assert.equal(res.json.error.code, 'VALIDATION_ERROR');
    }
    const created = await call(svc, 'POST', base, org.keyHeader, { shortcut: 'ok', title: 'x', content: 'y' });
    const empty = await call(svc, 'PATCH', `${base}/${created.json.data.id}`, org.keyHeader, {});
    assert.equal(empty.status, 400, empty.text);
    const badChat = await call(svc, 'GET', `${base}?chatId=nope`, org.keyHeader);
    assert.equal(badChat.status, 400, badChat.text);
    const unknownChat = await call(svc, 'GET', `${base}?chatId=0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f`, org.keyHeader);
    assert.equal(unknownChat.status, 404, unknownChat.text);
    assert.equal(unknownChat.json.error.code, 'CHAT_NOT_FOUND');
  });

  it('another organization neither sees nor changes ours; an agent reads but does not manage', async () => {
    const { svc, org, base } = await started(env);
    const created = await call(svc, 'POST', base, org.keyHeader, { shortcut: 'pix', title: 'Pix', content: 'chave' });
    const id = created.json.data.id;
    const other = await svc.seedOrganization({ name: 'Outra' });
    const theirBase = `/api/${other.organizationId}/canned-responses`;
    assert.deepEqual((await call(svc, 'GET', theirBase, other.keyHeader)).json.data, []);
    const patched = await call(svc, 'PATCH', `${theirBase}/${id}`, other.keyHeader, { title: 'hacked' });
    assert.equal(patched.status, 404, patched.text);
    const removed = await call(svc, 'DELETE', `${theirBase}/${id}`, other.keyHeader);
    assert.equal(removed.status, 404, removed.text);
    const crossed = await call(svc, 'GET', base, other.keyHeader);
    assert.equal(crossed.status, 403, crossed.text);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511955554321', 'oi');
    const theirRender = await call(svc, 'GET', `${theirBase}?chatId=${chatId}`, other.keyHeader);
    assert.equal(theirRender.status, 404, "our chat's customer is not rendered for them");

    const agent = await addMember(svc, org.organizationId, 'Agente');
    assert.equal((await call(svc, 'GET', base, agent.keyHeader)).json.data.length, 1, 'agents read');
    const refused = await call(svc, 'POST', base, agent.keyHeader, { shortcut: 'x', title: 'x', content: 'x' });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.json.error.code, 'FORBIDDEN');
    assert.match(refused.json.error.message, /cannedResponses\.manage/);
    assert.equal((await call(svc, 'PATCH', `${base}/${id}`, agent.keyHeader, { title: 'x' })).status, 403);
    assert.equal((await call(svc, 'DELETE', `${base}/${id}`, agent.keyHeader)).status, 403);
    const admin = await addMember(svc, org.organizationId, 'Admin', ['*'], 'admin');
    assert.equal((await call(svc, 'PATCH', `${base}/${id}`, admin.keyHeader, { title: 'ok' })).status, 200, 'admins manage');
    assert.equal((await call(svc, 'GET', base, org.keyHeader)).json.data[0].title, 'ok');
  });
});
