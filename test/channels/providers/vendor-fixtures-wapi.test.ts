/**
 * W-API's own payloads (test/fixtures/vendors/wapi, sources and edits in SOURCES.md): the examples of
 * its published webhook docs and callbacks a real instance sent, posted to the callback route of
 * real whatsapp_wapi channels with the URL token W-API is given. Messages stored with their type and
 * content; what the business sends from the phone (webhookDelivery, `fromApi: false`) stored as sent
 * from the phone, its edits, revokes and reactions applied to the message they name (never a new
 * one); protocol noise and group traffic stored as nothing; a status whose `moment` is in
 * milliseconds read at the right time.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../../support/harness.js';
import { deliverCallback } from '../callback-support.js';

const raw = (name: string) => readFileSync(new URL(`../../fixtures/vendors/wapi/${name}`, import.meta.url), 'utf8');
/** The docs publish their examples with `/* … *\/` notes after the values: removed before posting. */
const docs = (name: string) => JSON.parse(raw(`${name}.jsonc`).replace(/\/\*[\s\S]*?\*\//g, '')) as Record<string, any>;
const captured = (name: string) => raw(`${name}.json`);

/** The instance of W-API's docs, and the one that sent the captured callbacks. */
const DOCS_INSTANCE = 'CYAJQL-HIIWWG-S6RU9I';
const REAL_INSTANCE = '3B6XIW-ZTS923-GEAY6V';

describeEachDatabase('W-API fixtures through the callback route', (env) => {
  let svc: TestService;
  const channels: Record<string, { id: string; webhookUrl: string }> = {};

  async function setup() {
    svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const { organizationId } = await svc.seedOrganization();
    for (const instanceId of [DOCS_INSTANCE, REAL_INSTANCE]) {
      const res = await svc.admin('POST', `/organizations/${organizationId}/channels`, {
        kind: 'whatsapp_wapi',
        name: instanceId,
        config: { instanceId, token: 'wapi-token', baseUrl: 'http://127.0.0.1:9' },
        settings: { maxPerSecond: 0 },
      });
      assert.equal(res.statusCode, 201, res.body);
      channels[instanceId] = json(res).data;
    }
  }

  /** Posts a body as W-API does (unsigned, the channel's URL token) and waits until it is applied. */
  async function deliver(instanceId: string, body: string | Record<string, unknown>) {
    await deliverCallback(svc, channels[instanceId]!.webhookUrl, typeof body === 'string' ? body : JSON.stringify(body));
  }

  async function one(instanceId: string, providerMessageId: string) {
    const rows = await svc.db
      .selectFrom('messages')
      .selectAll()
      .where('channel_id', '=', channels[instanceId]!.id)
      .where('provider_message_id', '=', providerMessageId)
      .execute();
    assert.equal(rows.length, 1, `one message ${providerMessageId}`);
    return rows[0]!;
  }
  const countOn = async (instanceId: string) =>
    (await svc.db.selectFrom('messages').select('id').where('channel_id', '=', channels[instanceId]!.id).execute()).length;
  const eventsOf = async (type: string) =>
    (await svc.db.selectFrom('events').select('payload').where('type', '=', type).orderBy('seq').execute()).map((r) =>
      JSON.parse(r.payload),
    );
  const contactOf = async (chatId: string) => {
    const chat = await svc.db.selectFrom('chats').select('customer_id').where('id', '=', chatId).executeTakeFirstOrThrow();
    return svc.db.selectFrom('customer_contacts').select(['type', 'value']).where('customer_id', '=', chat.customer_id).execute();
  };

  it("the docs' examples: a text and an image received, a text sent through the API", async () => {
    await setup();
    await deliver(DOCS_INSTANCE, docs('docs-received-text'));
    const text = await one(DOCS_INSTANCE, '3EB00CD0857BA22EAEDCD9');
    assert.deepEqual([text.type, text.direction, JSON.parse(text.content)], ['text', 'inbound', { text: 'teste' }]);
    assert.deepEqual(await contactOf(text.chat_id), [{ type: 'whatsapp', value: '559999999999' }]);

    // The docs give all their examples one messageId: each renamed here.
    const image = docs('docs-received-image');
    image.messageId = 'DOCS-IMAGE';
    await deliver(DOCS_INSTANCE, image);
    const received = await one(DOCS_INSTANCE, 'DOCS-IMAGE');
    assert.deepEqual([received.type, received.chat_id], ['image', text.chat_id]);
    assert.equal(JSON.parse(received.content).mimeType, 'image/jpeg');

    // "Ao enviar": a send of another API client on the number (its id is not ours), stored as sent.
    const sent = docs('docs-delivery-text');
    sent.messageId = 'DOCS-DELIVERY';
    await deliver(DOCS_INSTANCE, sent);
    const echo = await one(DOCS_INSTANCE, 'DOCS-DELIVERY');
    assert.deepEqual(
      [echo.direction, echo.source, echo.status, JSON.parse(echo.content), echo.chat_id],
      ['outbound', 'phone', 'sent', { text: 'teste' }, text.chat_id],
    );
  });

  it("a real instance: the business's phone, its edits, revokes and reactions, protocol noise, groups", async () => {
    await setup();
    await deliver(REAL_INSTANCE, captured('received-text'));
    const inbound = await one(REAL_INSTANCE, '552D60F22E8C1811288F6B31C6A69CAD');
    assert.deepEqual([inbound.type, JSON.parse(inbound.content)], ['text', { text: 'Bacana mano' }]);
    await deliver(REAL_INSTANCE, captured('received-audio'));
    const audio = await one(REAL_INSTANCE, '2B1589F6BEFBE1309F28CCDE1FBDE530');
    assert.equal(audio.type, 'audio');
    assert.deepEqual([JSON.parse(audio.content).mimeType, JSON.parse(audio.content).voice], ['audio/ogg; codecs=opus', true]);

    // Typed on the phone (webhookDelivery, fromApi false): outbound from the phone, in the same chat.
    await deliver(REAL_INSTANCE, captured('delivery-text-from-phone'));
    const typo = await one(REAL_INSTANCE, '5B335B9296AEA9F2077F04841DFC7991');
    assert.deepEqual(
      [typo.direction, typo.source, typo.status, JSON.parse(typo.content), typo.chat_id],
      ['outbound', 'phone', 'sent', { text: 'Fluttwr' }, inbound.chat_id],
    );
    assert.equal((await eventsOf('message.echoed')).length, 1);
    // …then corrected on the phone (protocolMessage MESSAGE_EDIT).
    await deliver(REAL_INSTANCE, captured('delivery-edit-from-phone'));
    const fixed = await one(REAL_INSTANCE, '5B335B9296AEA9F2077F04841DFC7991');
    assert.deepEqual(JSON.parse(fixed.content), { text: 'Flutter' });
    assert.equal(JSON.parse(fixed.edits!)[0].content.text, 'Fluttwr');
    assert.ok(fixed.edited_at);

    // Revoked from the phone: a message typed there, and one another API client sent.
    for (const [message, revoke, id] of [
      ['delivery-text-from-phone-2', 'delivery-revoke-from-phone', '0CDBFB3ECDE4BBFDE22649AE756C5DDC'],
      ['delivery-text-from-api', 'delivery-revoke-api-message', 'ATH2ZO9UM9LJBOB35F563'],
    ] as const) {
      await deliver(REAL_INSTANCE, captured(message));
      await deliver(REAL_INSTANCE, captured(revoke));
      const row = await one(REAL_INSTANCE, id);
      assert.ok(row.deleted_at, `${id} deleted`);
      assert.equal(row.source, 'phone');
    }
    assert.equal(JSON.parse((await one(REAL_INSTANCE, 'ATH2ZO9UM9LJBOB35F563')).content).text, 'teste');

    // A reaction sent through W-API's API arrives wrapped twice (reactionMessage.reactionMessage).
    await deliver(REAL_INSTANCE, captured('delivery-text-reacted'));
    await deliver(REAL_INSTANCE, captured('delivery-reaction-api'));
    const reacted = await one(REAL_INSTANCE, '24D88B9EEC3E03B14C975F77E5FF6D4D');
    assert.deepEqual(
      JSON.parse(reacted.reactions!).map((r: { emoji: string; from: string }) => [r.emoji, r.from]),
      [['💯', 'agent']],
    );

    // A voice note from the phone (a later capture, with `connectedLid`): to its own chat.
    await deliver(REAL_INSTANCE, captured('delivery-audio-from-phone'));
    const voice = await one(REAL_INSTANCE, '245066F6E77E63B735DF19CE6FD33B32');
    assert.deepEqual([voice.type, voice.direction, voice.source], ['audio', 'outbound', 'phone']);
    assert.deepEqual(await contactOf(voice.chat_id), [{ type: 'whatsapp', value: '551190000003' }]);

    // A peer-data protocol message and a reaction in a group: no message at all.
    const before = await countOn(REAL_INSTANCE);
    await deliver(REAL_INSTANCE, captured('delivery-peer-data-protocol'));
    await deliver(REAL_INSTANCE, captured('received-group-reaction'));
    assert.equal(await countOn(REAL_INSTANCE), before, 'no edit, revoke, reaction or protocol message became a message');
    const unknown = await svc.db.selectFrom('messages').select('id').where('type', '=', 'unknown').execute();
    assert.deepEqual(unknown, [], 'no payload stored as an unknown message');
  });

  it('webhookStatus READ, its moment in milliseconds, on a message sent from the phone', async () => {
    await setup();
    const sent = JSON.parse(captured('delivery-text-from-phone'));
    sent.messageId = '60614A306737D9B7DFC5176AF80ABDF4';
    sent.chat.id = '551190000004';
    await deliver(REAL_INSTANCE, sent);
    await deliver(REAL_INSTANCE, captured('status-read'));
    const read = await one(REAL_INSTANCE, '60614A306737D9B7DFC5176AF80ABDF4');
    assert.equal(read.status, 'read');
    const events = await eventsOf('message.status_updated');
    assert.deepEqual(
      events.filter((e) => e.status === 'read').map((e) => e.timestamp),
      ['2025-06-14T19:26:15.398Z'],
    );
  });
});
