/**
 * A run survives its process being killed (DESIGN.md §7): the real `conversa serve` on SQLite (a
 * file) and on PostgreSQL, a flow `send, wait 2 s, send` to a Z-API fake in this process, SIGKILL
 * while the run waits, a new process on the same database: the second message reaches the
 * provider exactly once, the first is not sent again, and the run completes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startZapiFake } from '../fakes/zapi.fake.js';
import { sendsSettled } from '../support/sends-settled.js';
import { createTestDatabase, DIALECTS } from '../support/databases.js';
import { call, startServe, until } from '../support/serve-process.js';

const ADMIN = 'flow-crash-admin-token-0123456789';
const ZAPI = { instanceId: 'inst-flow-crash', instanceToken: 'tok-flow-crash', clientToken: 'client-flow-crash' };

for (const { dialect, skip } of DIALECTS) {
  describe(`flow run across a SIGKILL (real process) [${dialect}]`, { skip }, () => {
    it('a run waiting in a wait step resumes after a restart and sends its next message exactly once', async () => {
      const database = await createTestDatabase(dialect);
      const databaseUrl = database.config.dialect === 'sqlite' ? database.config.file : database.config.url;
      const env = { DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', ADMIN_TOKEN: ADMIN };
      const zapi = await startZapiFake(ZAPI);
      const texts = () => zapi.requests.map((r) => r.json?.message).filter((m): m is string => typeof m === 'string');
      let server = startServe(env);
      try {
        const url = await server.listening;
        const key = /API key:\s+(cnv_\S+)/.exec(server.output())![1]!;
        const organizationId = /Organization:\s+([0-9a-f-]{36})/.exec(server.output())![1];
        const headers = { 'x-api-key': key };
        const channel = await call(
          `${url}/admin/v1/organizations/${organizationId}/channels`,
          'POST',
          { authorization: `Bearer ${ADMIN}` },
          { kind: 'whatsapp_zapi', name: 'Z-API fake', config: { ...ZAPI, baseUrl: zapi.url } },
        );
        assert.equal(channel.status, 201, JSON.stringify(channel.json));
        const opened = await call(
          `${url}/v1/messages/send`,
          'POST',
          { authorization: `Bearer ${key}` },
          { channel_id: channel.json.data.id, to: '5511987654321', type: 'text', content: { text: 'hello' } },
        );
        assert.equal(opened.status, 201, JSON.stringify(opened.json));
        const flow = await call(`${url}/api/${organizationId}/flows`, 'POST', headers!, {
          name: 'Two steps',
          steps: [
            { type: 'send_message', text: 'one' },
            { type: 'wait', seconds: 2 },
            { type: 'send_message', text: 'two' },
          ],
        });
        assert.equal(flow.status, 201, JSON.stringify(flow.json));
        const run = await call(`${url}/api/${organizationId}/flows/${flow.json.data.id}/runs`, 'POST', headers!, {
          chatId: opened.json.data.chat_id,
        });
        assert.equal(run.status, 201, JSON.stringify(run.json));
        const runUrl = `${url}/api/${organizationId}/flow-runs/${run.json.data.id}`;
        await until(async () => (await call(runUrl, 'GET', headers!)).json.data.status === 'waiting', 10_000, 'the run to wait');

        server.child.kill('SIGKILL');
        await server.exited;
        assert.deepEqual(texts(), ['hello', 'one']);

        server = startServe(env);
        const restarted = await server.listening;
        await until(() => texts().length >= 3, 20_000, 'the second message after the restart');
        const rerun = `${restarted}/api/${organizationId}/flow-runs/${run.json.data.id}`;
        await until(async () => (await call(rerun, 'GET', headers!)).json.data.status === 'completed', 10_000, 'the run to complete');
        // No second hand-over: counted once no send is left to make.
        await sendsSettled(databaseUrl);
        assert.deepEqual(texts(), ['hello', 'one', 'two']);
        const record = (await call(rerun, 'GET', headers!)).json.data;
        assert.deepEqual(
          record.log.map((e: { type: string; finishedAt: string | null }) => [e.type, e.finishedAt !== null]),
          [
            ['send_message', true],
            ['wait', true],
            ['send_message', true],
          ],
        );
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
        await zapi.close();
        await database.drop();
      }
    });
  });
}
