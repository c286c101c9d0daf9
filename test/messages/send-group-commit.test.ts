/**
 * Concurrent sends share commits (deps.batcher, src/db/transaction-batcher.ts): each request still
 * gets its own message, chat, status event and answer, and none is left awaiting hand-over to a job.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SEND_JOB } from '../../src/modules/messages/send-outbox.js';
import { describeEachDatabase } from '../support/harness.js';
import { post, statusEvents } from './support.js';

const SENDS = 24;

describeEachDatabase('send endpoint: concurrent sends, group-committed', (env) => {
  it('answers every one of many concurrent sends with its own committed message, chat and event', async () => {
    const svc = await env.start({ listen: true });
    // The sandbox's delivered and read callbacks wait past the test: on a loaded machine the sends
    // take seconds, and a callback firing meanwhile would move a message past `sent`.
    const org = await svc.seedOrganization({ plan: 'enterprise', channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } });
    const answers = await Promise.all(
      Array.from({ length: SENDS }, (_, i) =>
        post(
          svc,
          '/v1/messages/send',
          { channel_id: org.channels.whatsapp_zapi, to: `55119${String(70_000_000 + i)}`, type: 'text', content: { text: `hello ${i}` } },
          org.bearer,
        ),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(SENDS).fill(201),
    );
    assert.deepEqual(
      answers.map((a) => a.json.data.status),
      Array(SENDS).fill('sent'),
    );
    assert.deepEqual(
      answers.map((a) => a.json.data.to),
      Array.from({ length: SENDS }, (_, i) => `55119${String(70_000_000 + i)}`),
    );
    assert.equal(new Set(answers.map((a) => a.json.data.chat_id)).size, SENDS);

    const rows = await svc.db
      .selectFrom('messages')
      .select(['id', 'status', 'provider_message_id', 'chat_id'])
      .where('organization_id', '=', org.organizationId)
      .execute();
    assert.equal(rows.length, SENDS);
    for (const answer of answers) {
      const row = rows.find((r) => r.id === answer.json.data.id);
      assert.equal(row?.status, 'sent');
      assert.ok(row?.provider_message_id);
      assert.equal(row?.chat_id, answer.json.data.chat_id);
      assert.deepEqual(
        (await statusEvents(svc, answer.json.data.id)).map((e) => e.status),
        ['sent'],
      );
    }
    const sendJobs = await svc.db.selectFrom('jobs').select('id').where('type', '=', SEND_JOB).execute();
    assert.equal(sendJobs.length, 0);
    const awaitingHandOver = await svc.db.selectFrom('messages').select('id').where('send_due_at', 'is not', null).execute();
    assert.equal(awaitingHandOver.length, 0);
  });
});
