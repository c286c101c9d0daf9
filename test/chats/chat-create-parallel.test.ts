/**
 * Parallel chat creates for one new contact (DESIGN.md §6: one active chat per organization,
 * channel and contact, enforced by the database): all answer 200, one customer and one chat exist.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { counts, createChat } from './chat-create-support.js';

describeEachDatabase('chat create in parallel', (env) => {
  it('10 parallel creates for one new contact: all 200, one customer, one chat, one existing: false', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const body = { channelId: org.channels.whatsapp_zapi, customer: { name: 'Ana', whatsapp: '5511987654321', email: 'ana@example.com' } };
    const answers = await Promise.all(Array.from({ length: 10 }, () => createChat(svc, org, body)));
    for (const res of answers) assert.equal(res.status, 200, res.text);
    assert.equal(new Set(answers.map((r) => r.json.chatId)).size, 1);
    assert.equal(answers.filter((r) => r.json.existing === false).length, 1);
    const after = await counts(svc, org.organizationId);
    assert.equal(after.customers, 1);
    assert.equal(after.chats, 1);
  });

  it('parallel creates for one new contact with an initial message: one chat, every message in it', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createChat(svc, org, { channelId: org.channels.whatsapp_wapi, customer: { phone: '(11) 98765-4321' }, initialMessage: `Hi ${i}` }),
      ),
    );
    for (const res of answers) assert.equal(res.status, 200, res.text);
    assert.equal(new Set(answers.map((r) => r.json.chatId)).size, 1);
    const after = await counts(svc, org.organizationId);
    assert.equal(after.chats, 1);
    assert.equal(after.customers, 1);
    assert.equal(after.messages, 10);
  });

  it('parallel creates for many new contacts at once all succeed, one chat each', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createChat(svc, org, {
          channelId: org.channels.whatsapp_zapi,
          customer: { whatsapp: `55119876500${String(i % 15).padStart(2, '0')}` },
        }),
      ),
    );
    for (const res of answers) assert.equal(res.status, 200, res.text);
    const after = await counts(svc, org.organizationId);
    assert.equal(after.chats, 15);
    assert.equal(after.customers, 15);
  });
});
