/**
 * Idempotency is atomic with the effect (docs/messaging.md "Idempotency"): the real `conversa serve`
 * is killed with SIGKILL after a send's transactions committed (its message stored, the provider's
 * `sent` applied) and before its answer was stored or sent (TEST_CRASH_BEFORE_IDEMPOTENT_ANSWER). A
 * new process then gets the same send with the same key: the answer the first would have given is
 * replayed (`sent`, recorded in the commit that applied it), one message stored, one hand-over to
 * the provider (a Z-API fake in this process). Without the atomic record the claim was left
 * `running` and, once stale, the retry sent the message a second time. The other idempotent routes
 * record the same way: idempotency-atomic.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openDatabase } from '../../src/db/connection.js';
import { startZapiFake } from '../fakes/zapi.fake.js';
import { createTestDatabase, DIALECTS } from '../support/databases.js';
import { startServe } from '../support/serve-process.js';

const ADMIN = 'crash-test-admin-token-0123456789';
const ZAPI = { instanceId: 'inst-idem', instanceToken: 'tok-idem', clientToken: 'client-idem' };
const STALE_MS = 500;

for (const { dialect, skip } of DIALECTS) {
  describe(`Idempotency-Key across a SIGKILL between commit and answer (real process) [${dialect}]`, { skip }, () => {
    it('replays the recorded answer after the restart: one message, one hand-over to the provider', async () => {
      const database = await createTestDatabase(dialect);
      const env = {
        DATABASE_URL: database.config.dialect === 'postgres' ? database.config.url : database.config.file,
        ADMIN_TOKEN: ADMIN,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        IDEMPOTENCY_STALE_MS: String(STALE_MS),
      };
      const zapi = await startZapiFake(ZAPI);
      const handedOver = () => zapi.requests.filter((r) => r.json?.message === 'sent once').length;
      const db = openDatabase(database.config).db;
      let server = startServe({ ...env, TEST_CRASH_BEFORE_IDEMPOTENT_ANSWER: 'true' });
      try {
        // The demo seed gives the organization and its key; a Z-API channel points at the fake.
        let url = await server.listening;
        const key = /API key:\s+(cnv_\S+)/.exec(server.output())![1];
        const organizationId = /Organization:\s+([0-9a-f-]{36})/.exec(server.output())![1];
        const channel = await fetch(`${url}/admin/v1/organizations/${organizationId}/channels`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'whatsapp_zapi', name: 'Z-API fake', config: { ...ZAPI, baseUrl: zapi.url } }),
        });
        assert.equal(channel.status, 201);
        const channelId = ((await channel.json()) as { data: { id: string } }).data.id;
        const send = (base: string) =>
          fetch(`${base}/v1/messages/send`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'crash-send', 'content-type': 'application/json' },
            body: JSON.stringify({ channel_id: channelId, to: '5511987654321', type: 'text', content: { text: 'sent once' } }),
          });

        // The process kills itself once the send committed, before answering: the connection just ends.
        await assert.rejects(send(url));
        await server.exited;
        assert.equal(server.child.signalCode, 'SIGKILL');
        assert.equal(handedOver(), 1, 'the first attempt reached the provider');

        server = startServe(env);
        url = await server.listening;
        await new Promise((resolve) => setTimeout(resolve, STALE_MS + 100)); // the dead claim is stale by now
        const retry = await send(url);
        const answer = (await retry.json()) as { data: { id: string; status: string } };
        const messages = await db.selectFrom('messages').select('id').where('direction', '=', 'outbound').execute();
        assert.equal(messages.length, 1, 'one message stored');
        assert.equal(handedOver(), 1, 'one hand-over to the provider');
        assert.equal(retry.status, 201, JSON.stringify(answer));
        assert.equal(retry.headers.get('idempotent-replayed'), 'true');
        assert.equal(answer.data.id, messages[0]!.id);
        assert.equal(answer.data.status, 'sent', "the first request's final answer, recorded with the provider's outcome");
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
        await db.destroy();
        await zapi.close();
        await database.drop();
      }
    });
  });
}
