/**
 * Instagram Messaging bodies as Meta delivered them (test/fixtures/vendors/instagram, sources in
 * SOURCES.md), signed with X-Hub-Signature-256 and posted to the callback route of real instagram
 * channels: a customer's text, the account's own message (is_echo) stored as sent from the phone in
 * the customer's chat, a read naming our message, an unsent message marked deleted (content kept),
 * and a message_edit carrying no text (as Instagram delivers it) leaving the message as it was.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../../support/harness.js';
import { deliverCallback } from '../callback-support.js';
import { metaSigned } from '../../fakes/provider-test-kit.js';

const SECRET = 'fixtures-ig-secret';
const raw = (name: string) => readFileSync(new URL(`../../fixtures/vendors/instagram/${name}.json`, import.meta.url), 'utf8');
const fixture = (name: string) => JSON.parse(raw(name)) as Record<string, any>;
/** The account and customer of the social-selling captures. */
const ACCOUNT = '17841400000000001';
const CUSTOMER = '1000000000000001';

describeEachDatabase('Instagram fixtures through the callback route', (env) => {
  let svc: TestService;
  let organizationId: string;

  async function channel(accountId: string) {
    const res = await svc.admin('POST', `/organizations/${organizationId}/channels`, {
      kind: 'instagram',
      name: `ig ${accountId}`,
      config: { accessToken: 'IGQ-fixture', appSecret: SECRET, accountId, baseUrl: 'http://127.0.0.1:9' },
      settings: { maxPerSecond: 0 },
    });
    assert.equal(res.statusCode, 201, res.body);
    return json(res).data as { id: string; webhookUrl: string };
  }

  /** Posts the body's bytes as given, signed as Meta signs them, and waits until it is applied. */
  async function deliver(to: { webhookUrl: string }, body: string | Record<string, unknown>) {
    const signed = metaSigned(typeof body === 'string' ? body : JSON.stringify(body), SECRET);
    await deliverCallback(svc, to.webhookUrl, signed.body, signed.headers);
  }

  async function one(mid: string) {
    const rows = await svc.db.selectFrom('messages').selectAll().where('provider_message_id', '=', mid).execute();
    assert.equal(rows.length, 1, `one message ${mid}`);
    return rows[0]!;
  }

  it("a customer's text, the account's echo in the same chat, an edit without text, a read", async () => {
    svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    organizationId = (await svc.seedOrganization()).organizationId;
    const ig = await channel(ACCOUNT);
    const text = fixture('text');
    const mid = text.entry[0].messaging[0].message.mid as string;
    await deliver(ig, raw('text'));
    const inbound = await one(mid);
    assert.deepEqual([inbound.type, inbound.direction, JSON.parse(inbound.content)], ['text', 'inbound', { text: 'oi' }]);
    const contacts = await svc.db
      .selectFrom('customer_contacts')
      .select(['type', 'value'])
      .innerJoin('chats', 'chats.customer_id', 'customer_contacts.customer_id')
      .where('chats.id', '=', inbound.chat_id)
      .execute();
    assert.deepEqual(contacts, [{ type: 'instagram', value: CUSTOMER }]);

    // The account wrote from the Instagram app (is_echo; sender the account, recipient the customer).
    const echoBody = fixture('echo-text');
    await deliver(ig, raw('echo-text'));
    const echo = await one(echoBody.entry[0].messaging[0].message.mid);
    assert.deepEqual(
      [echo.direction, echo.source, echo.status, JSON.parse(echo.content), echo.chat_id],
      ['outbound', 'phone', 'sent', { text: 'Olá, testando amor 🥰' }, inbound.chat_id],
    );

    // Instagram's message_edit carries the message's id and `num_edit`, no text: nothing to apply.
    await deliver(ig, {
      object: 'instagram',
      entry: [
        {
          time: 1762031200000,
          id: ACCOUNT,
          messaging: [
            { sender: { id: CUSTOMER }, recipient: { id: ACCOUNT }, timestamp: 1762031199000, message_edit: { mid, num_edit: 0 } },
          ],
        },
      ],
    });
    const unchanged = await one(mid);
    assert.deepEqual(JSON.parse(unchanged.content), { text: 'oi' });
    assert.equal(unchanged.edited_at, null);
    assert.equal(unchanged.edits, null);

    // A read naming our message (another capture, another account): the message the account sent.
    const readBody = fixture('read');
    const item = readBody.entry[0].messaging[0];
    const other = await channel(readBody.entry[0].id);
    const sent = structuredClone(echoBody);
    sent.entry[0].id = readBody.entry[0].id;
    sent.entry[0].messaging[0].sender.id = readBody.entry[0].id;
    sent.entry[0].messaging[0].recipient.id = item.sender.id;
    sent.entry[0].messaging[0].message.mid = item.read.mid;
    await deliver(other, sent);
    await deliver(other, raw('read'));
    assert.equal((await one(item.read.mid)).status, 'read');
  });

  it("an unsent message (chatwoot's fixtures): marked deleted, its content kept", async () => {
    svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    organizationId = (await svc.seedOrganization()).organizationId;
    const ig = await channel('instagram-message-id-123');
    // chatwoot's factories omit the envelope's `object`: added here.
    const text: Record<string, any> = { object: 'instagram', ...fixture('chatwoot-text') };
    text.entry[0].messaging[0].message.mid = 'message-id-to-delete';
    await deliver(ig, text);
    await deliver(ig, { object: 'instagram', ...fixture('chatwoot-unsend') });
    const unsent = await one('message-id-to-delete');
    assert.ok(unsent.deleted_at);
    assert.deepEqual(JSON.parse(unsent.content), { text: 'This is the first message from the customer' });
    assert.equal((await svc.db.selectFrom('messages').select('id').execute()).length, 1, 'the unsend is no message');
    const deleted = await svc.db.selectFrom('events').select('payload').where('type', '=', 'message.deleted').execute();
    assert.equal(deleted.length, 1);
  });
});
