/**
 * Evolution API bodies as real instances sent them (test/fixtures/vendors/evolution, sources and
 * edits in SOURCES.md), posted to the callback route of real whatsapp_evo channels: with the body's
 * `apikey` when the install exposes it, with the channel's URL token when it writes `apikey: null`.
 * Text, image and sticker stored with their type; the business's phone messages stored as sent
 * from the phone (one named only by LID too, joined later to the phone); a reaction, an edit, a
 * status and a delete applied to the message they name; connection.update setting the health.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../../support/harness.js';
import { post } from '../../messages/support.js';
import { deliverCallback } from '../callback-support.js';

const raw = (name: string) => readFileSync(new URL(`../../fixtures/vendors/evolution/${name}.json`, import.meta.url), 'utf8');
const fixture = (name: string) => JSON.parse(raw(name)) as Record<string, any>;
const NOWHERE = 'http://127.0.0.1:9';

/**
 * Evolution's webhook envelope (webhook.controller.ts, github:EvolutionAPI/evolution-api@3454bec7,
 * lines 92–101) around a `data` found elsewhere, as a default install sends it (`apikey: null`).
 */
const envelope = (event: string, data: unknown) => ({
  event,
  instance: 'Teste',
  data,
  destination: 'https://example.com/hook',
  date_time: '2026-11-27T09:00:00.000Z',
  sender: '551190000030@s.whatsapp.net',
  server_url: 'http://localhost:8080',
  apikey: null,
});

describeEachDatabase('Evolution API fixtures through the callback route', (env) => {
  let svc: TestService;
  let organizationId: string;

  async function channel(apiKey: string, instance = 'Teste') {
    const res = await svc.admin('POST', `/organizations/${organizationId}/channels`, {
      kind: 'whatsapp_evo',
      name: `evo ${apiKey}`,
      config: { baseUrl: NOWHERE, instance, apiKey },
      settings: { maxPerSecond: 0 },
    });
    assert.equal(res.statusCode, 201, res.body);
    return json(res).data as { id: string; webhookUrl: string };
  }

  async function setup() {
    svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    organizationId = (await svc.seedOrganization()).organizationId;
  }

  /** Posts a body as Evolution does (unsigned; the channel's registered URL) and waits until it is applied. */
  async function deliver(to: { webhookUrl: string }, body: string | Record<string, unknown>) {
    await deliverCallback(svc, to.webhookUrl, typeof body === 'string' ? body : JSON.stringify(body));
  }

  async function one(providerMessageId: string) {
    const rows = await svc.db.selectFrom('messages').selectAll().where('provider_message_id', '=', providerMessageId).execute();
    assert.equal(rows.length, 1, `one message ${providerMessageId}`);
    return rows[0]!;
  }
  const count = async () => (await svc.db.selectFrom('messages').select('id').execute()).length;
  const eventsOf = async (type: string) =>
    (await svc.db.selectFrom('events').select('payload').where('type', '=', type).orderBy('seq').execute()).map((r) =>
      JSON.parse(r.payload),
    );
  const contactsOf = async (chatId: string) => {
    const chat = await svc.db.selectFrom('chats').select('customer_id').where('id', '=', chatId).executeTakeFirstOrThrow();
    return svc.db
      .selectFrom('customer_contacts')
      .select(['type', 'value'])
      .where('customer_id', '=', chat.customer_id)
      .orderBy('type')
      .execute();
  };

  it('a captured instance: text, image and sticker received; connection close 405 is disconnected, connecting no news', async () => {
    await setup();
    // Its apikey is in the body (AUTHENTICATION_EXPOSE_IN_FETCH_INSTANCES=true): each instance has its own.
    const messages = await channel('BA6D7E42-ED6C-4182-BF8C-D70F964C2BCB', 'instance_3_551190000012');
    await deliver(messages, raw('received-text'));
    const text = await one('3A295BE2718D89DEC07C');
    assert.deepEqual([text.type, text.direction, JSON.parse(text.content)], ['text', 'inbound', { text: 'Mmmmmmmmmmmmmmmmm' }]);
    assert.deepEqual(await contactsOf(text.chat_id), [{ type: 'whatsapp', value: '551190000011' }]);
    const customer = await svc.db.selectFrom('customers').select('name').executeTakeFirstOrThrow();
    assert.equal(customer.name, 'Cliente Exemplo');

    await deliver(messages, raw('received-image'));
    const image = await one('3AE2973B208DFC7A642D');
    assert.deepEqual([image.type, image.chat_id, JSON.parse(image.content).mimeType], ['image', text.chat_id, 'image/jpeg']);
    await deliver(messages, raw('received-sticker'));
    const sticker = JSON.parse((await one('3A7C22C9A23CAFAD7108')).content);
    assert.deepEqual([sticker.mimeType, sticker.sticker], ['image/webp', true]);

    // The other instance's apikey is not this channel's: refused.
    const refused = await post(svc, messages.webhookUrl.replace(/^https?:\/\/[^/]+/, ''), raw('connection-close-405'));
    assert.equal(refused.status, 401, refused.text);
    const connection = await channel('C77DDA3E-CE0C-4B98-A7A0-999935C87391', 'instance_fulano_socket');
    await deliver(connection, raw('connection-close-405'));
    await deliver(connection, raw('connection-connecting'));
    const health = await svc.db.selectFrom('channels').select('health').where('id', '=', connection.id).executeTakeFirstOrThrow();
    assert.equal(health.health, 'disconnected');
    assert.deepEqual(
      (await eventsOf('channel.health_changed')).map((e) => e.health),
      ['disconnected'],
    );
  });

  it("the business's phone: an echo by phone number, and one named only by LID, joined when the customer writes", async () => {
    await setup();
    const echoes = await channel('sua-api-key');
    await deliver(echoes, raw('echo-from-phone'));
    const echo = await one('3AE99D6A1DBF3F9A0578');
    assert.deepEqual(
      [echo.direction, echo.source, echo.status, JSON.parse(echo.content)],
      ['outbound', 'phone', 'sent', { text: 'Texto da mensagem' }],
    );
    assert.deepEqual(await contactsOf(echo.chat_id), [{ type: 'whatsapp', value: '551190000021' }]);

    // Sent from the phone to a contact WhatsApp names only by LID, then that contact's answer
    // (with its phone in `senderPn`): one customer, one chat.
    const lid = await channel('8kL29xPq7mN4vZsT1yRwC5');
    await deliver(lid, raw('lid-echo'));
    const sent = await one('3EB0374EA39183B55FAA7F');
    assert.deepEqual([sent.direction, sent.source, JSON.parse(sent.content)], ['outbound', 'phone', { text: 'oi' }]);
    assert.deepEqual(await contactsOf(sent.chat_id), [{ type: 'whatsapp_lid', value: '100000000000021@lid' }]);
    await deliver(lid, raw('lid-received-senderpn'));
    const answer = await one('3EB0A3734AAE662297E335');
    assert.deepEqual([answer.direction, JSON.parse(answer.content), answer.chat_id], ['inbound', { text: 'oi' }, sent.chat_id]);
    assert.deepEqual(await contactsOf(sent.chat_id), [
      { type: 'whatsapp', value: '551190000023' },
      { type: 'whatsapp_lid', value: '100000000000021@lid' },
    ]);
  });

  it("a customer's reaction and edit, a READ status and a delete, on the messages they name", async () => {
    await setup();
    const evo = await channel('evo-key-0123456789');
    // The reaction's target: a message of the business (3A51A48E269AFFF123FB), sent from the phone.
    const reaction = fixture('baileys-reaction');
    const target = { ...reaction, key: { ...reaction.key, fromMe: true, id: '3A51A48E269AFFF123FB' }, message: { conversation: 'Oi' } };
    await deliver(evo, envelope('messages.upsert', target));
    await deliver(evo, envelope('messages.upsert', reaction));
    const reacted = await one('3A51A48E269AFFF123FB');
    assert.deepEqual(
      JSON.parse(reacted.reactions!).map((r: { emoji: string; from: string }) => [r.emoji, r.from]),
      [['👍', 'customer']],
    );

    // An edit: the customer's message 3EB05C0B7B1A0C12284EE0 first, then the upsert that edits it,
    // then the same edit as messages.edited (the protocolMessage alone), which changes nothing more.
    const edit = fixture('baileys-edit');
    const protocol = edit.message.protocolMessage;
    await deliver(
      evo,
      envelope('messages.upsert', {
        key: { ...edit.key, id: protocol.key.id },
        pushName: edit.pushName,
        message: { conversation: 'blablabla' },
      }),
    );
    await deliver(evo, envelope('messages.upsert', edit));
    await deliver(evo, envelope('messages.edited', protocol));
    const edited = await one('3EB05C0B7B1A0C12284EE0');
    assert.deepEqual(JSON.parse(edited.content), { text: 'blablabla2' });
    assert.equal(JSON.parse(edited.edits!)[0].content.text, 'blablabla');

    // messages.update as whatsapp.baileys.service.ts builds it (lines 1474–1482): READ on our message.
    await deliver(
      evo,
      envelope('messages.update', {
        keyId: '3A51A48E269AFFF123FB',
        remoteJid: '551190000031@s.whatsapp.net',
        fromMe: true,
        status: 'READ',
        instanceId: 'f890a78d-5497-486d-99f7-712111aee095',
      }),
    );
    assert.equal((await one('3A51A48E269AFFF123FB')).status, 'read');
    // messages.delete: the deleted message's key (line 1505).
    await deliver(evo, envelope('messages.delete', { remoteJid: '351210000001@s.whatsapp.net', fromMe: false, id: protocol.key.id }));
    assert.ok((await one('3EB05C0B7B1A0C12284EE0')).deleted_at);
    assert.equal(await count(), 2, 'no reaction, edit, status or delete became a message');
    const unknown = await svc.db.selectFrom('messages').select('id').where('type', '=', 'unknown').execute();
    assert.deepEqual(unknown, []);
  });
});
