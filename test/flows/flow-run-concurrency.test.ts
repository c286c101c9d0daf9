/**
 * Starting runs for one chat while the worker moves the chat's previous run: every start answers
 * 201 and the chat ends with exactly one unfinished run. On PostgreSQL a start (which cancels the
 * older run) and the worker's step (which moves it) once took the same rows in opposite orders and
 * deadlocked (a 500 on a few starts in forty). Both databases, real HTTP, the worker running.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { customerWrites } from '../chats/support.js';
import { insertTag } from '../admin/resource-fixtures.js';
import { describeEachDatabase } from '../support/harness.js';
import { flowApi } from './support.js';

const STARTS = 40;
/** Starts in flight at once: a few, so starts meet each other as well as the worker. */
const CONCURRENT = 4;

describeEachDatabase('flows: concurrent starts for one chat', (env) => {
  it(`${STARTS} starts for one chat, ${CONCURRENT} at a time, while the worker moves the older runs: all 201, one run left unfinished`, async () => {
    const svc = await env.start({ listen: true, startWorker: true });
    const org = await svc.seedOrganization();
    const api = flowApi(svc, org);
    const tagId = await insertTag(svc, org.organizationId, 'Busy');
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650411');
    // Steps that write the chat, its customer, messages and the run's log: what a start cancels.
    const flowId = await api.createFlow([
      { type: 'add_tag', tagId },
      { type: 'send_message', text: 'one' },
      { type: 'remove_tag', tagId },
      { type: 'send_message', text: 'two' },
      { type: 'wait', seconds: 1 },
      { type: 'send_message', text: 'three' },
    ]);
    const failures: string[] = [];
    const runIds: string[] = [];
    let next = 0;
    const starter = async () => {
      while (next < STARTS) {
        next++;
        const res = await api.call('POST', `/flows/${flowId}/runs`, { chatId });
        if (res.status === 201) runIds.push(res.json.data.id as string);
        else failures.push(`${res.status} ${res.text}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT }, starter));
    assert.deepEqual(failures, []);
    assert.equal(runIds.length, STARTS);
    const unfinished = await svc.db
      .selectFrom('flow_runs')
      .select('id')
      .where('chat_id', '=', chatId)
      .where('status', 'in', ['running', 'waiting'])
      .execute();
    assert.ok(unfinished.length <= 1, `unfinished runs: ${unfinished.length}`);
  });
});
