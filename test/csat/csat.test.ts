/**
 * Satisfaction (DESIGN.md §12): closing a chat with settings.csat.enabled sends the question; the
 * customer's next message within 24 h that is a rating is stored as the chat's rating (chat.rated)
 * and opens no chat; anything else, or a rating too late, opens a new chat as usual; the
 * satisfaction report counts the ratings. Ratings recognized (csat-rating.ts) are checked as a unit.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { call, chatApi, chatRow, customerWrites } from '../chats/support.js';
import { HOUR, reportsApi, rowOf, startedAt } from '../reports/support.js';
import type { TestService } from '../support/harness.js';

// The rating rule itself: test/unit/csat-rating.test.ts.

async function closeChat(svc: TestService, org: { organizationId: string }, keyHeader: Record<string, string>, chatId: string) {
  const api = chatApi(svc, org, keyHeader);
  assert.equal((await api.reply(chatId, { type: 'text', content: 'Done' })).status, 201);
  assert.equal((await api.status(chatId, 'await_closing')).status, 200);
  const closed = await api.status(chatId, 'closed');
  assert.equal(closed.status, 200, closed.text);
}

describeEachDatabase('satisfaction: the question at close and the rating', (env) => {
  it('asks at close, stores the next message that is a rating in that chat (chat.rated), and reports it', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    const patched = await svc.admin('PATCH', `/organizations/${org.organizationId}`, {
      settings: { csat: { enabled: true, message: 'How did we do, from 1 to 5?' } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const channel = org.channels.whatsapp_zapi;
    const contact = '5511987650021';
    const { chatId } = await customerWrites(svc, channel, contact, 'I need help');
    await closeChat(svc, org, org.keyHeader, chatId);
    const asked = await chatRow(svc, chatId);
    assert.equal(asked.csat_requested_at, clock.now().toISOString());
    const question = await svc.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).where('source', '=', 'flow').execute();
    assert.equal(question.length, 1);
    assert.deepEqual(JSON.parse(question[0]!.content), { text: 'How did we do, from 1 to 5?' });

    clock.advance(HOUR);
    const rated = await customerWrites(svc, channel, contact, '⭐⭐⭐⭐');
    assert.equal(rated.chatId, chatId, 'the rating went into the closed chat: no new chat');
    const row = await chatRow(svc, chatId);
    assert.equal(row.status, 'closed');
    assert.equal(row.rating, 4);
    assert.equal(row.rated_at, clock.now().toISOString());
    const record = (await call(svc, 'GET', `/api/${org.organizationId}/chats/${chatId}`, org.keyHeader)).json.data;
    assert.deepEqual([record.rating, record.ratedAt], [4, clock.now().toISOString()], 'the chat API shows the rating');
    const listed = (await call(svc, 'GET', `/api/${org.organizationId}/chats?status=closed`, org.keyHeader)).json.data;
    assert.equal(listed.find((c: { id: string }) => c.id === chatId)?.rating, 4, 'and so does the list');
    const events = await svc.db.selectFrom('events').select('payload').where('type', '=', 'chat.rated').execute();
    assert.deepEqual(
      events.map((e) => JSON.parse(e.payload)),
      [{ chat_id: chatId, customer_id: row.customer_id, rating: 4, message_id: rated.messageId }],
    );
    // The next message is no answer any more: a new chat, and the rating stays.
    const next = await customerWrites(svc, channel, contact, '5');
    assert.notEqual(next.chatId, chatId);
    assert.equal((await chatRow(svc, chatId)).rating, 4);

    const report = (await reportsApi(svc, org, org.keyHeader)('satisfaction', '?from=2026-03-01&to=2026-03-03')).json.data;
    assert.deepEqual(report.total, { rated: 1, average: 4, csatPercent: 100, rating1: 0, rating2: 0, rating3: 0, rating4: 1, rating5: 0 });
    assert.equal((rowOf(report, '2026-03-02') as Record<string, unknown>).rating4, 1);
  });

  it('a message that is no rating, or a rating after 24 h, opens a new chat; without csat nothing is asked', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    const channel = org.channels.whatsapp_zapi;
    const plain = (await customerWrites(svc, channel, '5511987650031')).chatId;
    await closeChat(svc, org, org.keyHeader, plain);
    assert.equal((await chatRow(svc, plain)).csat_requested_at, null, 'csat is off by default');
    assert.notEqual((await customerWrites(svc, channel, '5511987650031', '5')).chatId, plain);

    await svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings: { csat: { enabled: true, message: 'Rate us 1-5' } } });
    const chatty = (await customerWrites(svc, channel, '5511987650032')).chatId;
    await closeChat(svc, org, org.keyHeader, chatty);
    assert.notEqual((await customerWrites(svc, channel, '5511987650032', 'thanks!')).chatId, chatty);
    const late = (await customerWrites(svc, channel, '5511987650033')).chatId;
    await closeChat(svc, org, org.keyHeader, late);
    clock.advance(25 * HOUR);
    assert.notEqual((await customerWrites(svc, channel, '5511987650033', '5')).chatId, late);
    for (const chatId of [plain, chatty, late]) assert.equal((await chatRow(svc, chatId)).rating, null);
  });
});
