/**
 * The pending message as its own outbox (src/modules/messages/send-outbox.ts): a send whose request
 * never finished (its process died after storing the message) is handed to a `messages.send` job
 * by a worker's sweep once due, and sent; one not yet due is left alone; sweeps running at the same
 * time hand each message to exactly one job.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { handOverDueSends, SEND_JOB } from '../../src/modules/messages/send-outbox.js';
import { describeEachDatabase } from '../support/harness.js';
import { messageRow, post, statusEvents, waitFor } from './support.js';

/** What the first transaction of a send leaves behind when its process dies right after it. */
async function orphanedSend(db: Kysely<DB>, organizationId: string, chatId: string, channelId: string, sendDueAt: Date): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('messages')
    .values({
      id,
      organization_id: organizationId,
      chat_id: chatId,
      channel_id: channelId,
      direction: 'outbound',
      recipient: '5511987654321',
      type: 'text',
      content: JSON.stringify({ text: 'never finished' }),
      status: 'pending',
      provider_message_id: null,
      error_code: null,
      error_message: null,
      sequence_id: null,
      sequence_index: null,
      temp_id: null,
      sender_profile_id: null,
      created_at: now,
      updated_at: now,
      send_due_at: sendDueAt.toISOString(),
    })
    .execute();
  return id;
}

describeEachDatabase('send outbox: messages whose request never finished', (env) => {
  it('hands a due pending message to a send job, which sends it; one not yet due stays as it is', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } });
    const channelId = org.channels.whatsapp_zapi;
    const first = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channelId, to: '5511987654321', type: 'text', content: { text: 'hi' } },
      org.bearer,
    );
    assert.equal(first.status, 201, first.text);
    const chatId = first.json.data.chat_id;

    const due = await orphanedSend(svc.db, org.organizationId, chatId, channelId, new Date(Date.now() - 1000));
    const notYet = await orphanedSend(svc.db, org.organizationId, chatId, channelId, new Date(Date.now() + 3_600_000));

    const sent = await waitFor(
      () => messageRow(svc, due),
      (row) => row?.status === 'sent',
      8000,
    );
    assert.equal(sent?.status, 'sent');
    assert.match(sent?.provider_message_id ?? '', /^sbx_/);
    assert.equal(sent?.send_due_at, null);
    assert.deepEqual(
      (await statusEvents(svc, due)).map((e) => e.status),
      ['sent'],
    );

    const waiting = await messageRow(svc, notYet);
    assert.equal(waiting?.status, 'pending');
    assert.ok(waiting?.send_due_at, 'still awaiting its hand-over');
    const jobs = await svc.db.selectFrom('jobs').select('payload').where('type', '=', SEND_JOB).execute();
    assert.ok(!jobs.some((job) => JSON.parse(job.payload).messageId === notYet), 'no job for a message not yet due');
  });

  it('hands each due message to exactly one job when sweeps run at the same time', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const channelId = org.channels.whatsapp_zapi;
    const first = await svc.inject({
      method: 'POST',
      url: '/v1/messages/send',
      headers: org.bearer,
      payload: { channel_id: channelId, to: '5511987654321', type: 'text', content: { text: 'hi' } },
    });
    assert.equal(first.statusCode, 201, first.body);
    const chatId = first.json().data.chat_id;
    const ids = new Set<string>();
    // More than one sweep statement's worth (200), so a sweep loops.
    for (let i = 0; i < 230; i++) ids.add(await orphanedSend(svc.db, org.organizationId, chatId, channelId, new Date(Date.now() - 1000)));

    const counts = await Promise.all([0, 1, 2].map(() => handOverDueSends(svc.db, svc.deps.queue, new Date())));
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      ids.size,
    );
    const jobs = await svc.db.selectFrom('jobs').select('payload').where('type', '=', SEND_JOB).execute();
    const handedOver = jobs.map((job) => JSON.parse(job.payload).messageId as string);
    assert.equal(handedOver.length, ids.size, 'one job per message');
    assert.deepEqual(new Set(handedOver), ids);
    const left = await svc.db.selectFrom('messages').select('id').where('send_due_at', 'is not', null).execute();
    assert.equal(left.length, 0);
    assert.equal(await handOverDueSends(svc.db, svc.deps.queue, new Date()), 0, 'a later sweep finds nothing');
  });
});
