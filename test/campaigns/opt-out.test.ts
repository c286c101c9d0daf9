/**
 * Opt-out and opt-in (DESIGN.md §10 "Opt-out"): a customer's whole message as a keyword, in
 * Portuguese with and without accents, case and spaces; the reply sent once; the events; the PUT;
 * and the scheduled message that then does not go (cancelled `opted_out`).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { addMember, call, customerWrites, openChat } from '../chats/support.js';
import { HOUR, eventsOf, inHours, scheduledApi, settled, started } from '../scheduled-messages/support.js';

async function customerOf(svc: Awaited<ReturnType<typeof started>>['svc'], chatId: string) {
  const chat = await svc.db.selectFrom('chats').select('customer_id').where('id', '=', chatId).executeTakeFirstOrThrow();
  return svc.db.selectFrom('customers').selectAll().where('id', '=', chat.customer_id).executeTakeFirstOrThrow();
}

describeEachDatabase('opt-out by keyword and by API', (env) => {
  it('opts out on SAIR / Sáir / "parar " (any case, accents, spaces), replies once, opts in on Voltar', async () => {
    const { svc, org } = await started(env);
    await svc.db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ optOutReply: 'Você não receberá mais mensagens.' }) })
      .where('id', '=', org.organizationId)
      .execute();
    const channelId = org.channels.whatsapp_zapi;
    const contacts = ['5511987651001', '5511987651002', '5511987651003', '5511987651004'];
    const chats = await Promise.all(contacts.map((c) => openChat(svc, org, c)));
    await customerWrites(svc, channelId, contacts[0]!, 'SAIR');
    await customerWrites(svc, channelId, contacts[1]!, 'Sáir');
    await customerWrites(svc, channelId, contacts[2]!, '  parar ');
    await customerWrites(svc, channelId, contacts[3]!, 'quero sair da lista');
    for (const chatId of chats.slice(0, 3)) {
      const customer = await customerOf(svc, chatId);
      assert.equal(customer.opted_out, 1, `${customer.name} opted out`);
      assert.ok(customer.opted_out_at);
    }
    assert.equal((await customerOf(svc, chats[3]!)).opted_out, 0, 'a sentence holding the word is not the keyword');
    // A second keyword changes nothing and sends no second reply.
    await customerWrites(svc, channelId, contacts[0]!, 'descadastrar');
    const outbound = await svc.db
      .selectFrom('messages')
      .select(['chat_id', 'content'])
      .where('organization_id', '=', org.organizationId)
      .where('direction', '=', 'outbound')
      .execute();
    const replies = outbound.filter((m) => JSON.stringify(m.content).includes('não receberá'));
    assert.equal(replies.filter((r) => r.chat_id === chats[0]).length, 1, 'the reply goes once');
    assert.equal(replies.length, 3);
    const out = await eventsOf(svc, org, 'customer.opted_out');
    assert.equal(out.length, 3);
    assert.deepEqual(
      out.map((e) => e.keyword),
      ['SAIR', 'Sáir', 'parar'],
    );
    assert.equal(out[0]!.via, 'keyword');
    await customerWrites(svc, channelId, contacts[1]!, 'Voltar');
    assert.equal((await customerOf(svc, chats[1]!)).opted_out, 0);
    assert.equal((await eventsOf(svc, org, 'customer.opted_in')).length, 1);
    const answer = await call(svc, 'GET', `/api/${org.organizationId}/customers/${(await customerOf(svc, chats[0]!)).id}`, org.keyHeader);
    assert.equal(answer.json.data.optedOut, true);
    assert.equal(typeof answer.json.data.optedOutAt, 'string');
  });

  it('PUT …/opt-out sets and clears it (404, 400, cross-tenant); a scheduled message then is cancelled opted_out', async () => {
    const { svc, org, clock } = await started(env);
    const chatId = await openChat(svc, org, '5511987652001');
    const customer = await customerOf(svc, chatId);
    const path = (id: string, orgId = org.organizationId) => `/api/${orgId}/customers/${id}/opt-out`;
    const scheduled = (
      await scheduledApi(svc, org, org.keyHeader).create(chatId, { sendAt: inHours(clock, 1), type: 'text', content: { text: 'promo' } })
    ).json.data;

    const agent = await addMember(svc, org.organizationId, 'Agent');
    const put = await call(svc, 'PUT', path(customer.id), agent.keyHeader, { optedOut: true });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.json.data.optedOut, true);
    const again = await call(svc, 'PUT', path(customer.id), org.keyHeader, { optedOut: true });
    assert.equal(again.status, 200);
    assert.deepEqual(await eventsOf(svc, org, 'customer.opted_out'), [
      { customer_id: customer.id, via: 'api', keyword: null, profile_id: agent.profileId },
    ]);

    const bad = await call(svc, 'PUT', path(customer.id), org.keyHeader, { optedOut: 'yes' });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.success, false);
    const missing = await call(svc, 'PUT', path('0192f1c4-7a8b-7c3d-9e0f-000000000000'), org.keyHeader, { optedOut: true });
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error.code, 'CUSTOMER_NOT_FOUND');
    const other = await svc.seedOrganization();
    const cross = await call(svc, 'PUT', path(customer.id, other.organizationId), other.keyHeader, { optedOut: false });
    assert.equal(cross.status, 404);
    assert.equal((await customerOf(svc, chatId)).opted_out, 1, 'another organization changed nothing');

    clock.advance(HOUR);
    const row = await settled(svc, scheduled.id);
    assert.equal(row.status, 'cancelled');
    assert.equal(row.reason, 'opted_out');

    const back = await call(svc, 'PUT', path(customer.id), org.keyHeader, { optedOut: false });
    assert.equal(back.json.data.optedOut, false);
    assert.equal(back.json.data.optedOutAt, null);
    assert.equal((await eventsOf(svc, org, 'customer.opted_in')).length, 1);
  });
});
