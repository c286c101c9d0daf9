/**
 * Closing the service waits for requests still being handled, also when their client has already
 * gone (src/http/in-flight.ts). Here a send hangs on its provider, the client gives up, and the
 * service is closed at once: close() must wait for the handler to finish its work (it answers
 * `pending` after the provider timeout, hands the message to a job and stores its idempotent
 * answer) instead of closing the database under it.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import pino from 'pino';
import { openDatabase } from '../../src/db/connection.js';
import { startWhatsAppCloudFake, type WhatsAppCloudFake } from '../fakes/whatsapp-cloud.fake.js';
import { describeEachDatabase, json } from '../support/harness.js';

const TOKEN = 'EAAB-shutdown-token';
const PHONE_ID = '109876500000';

describeEachDatabase('shutdown with requests in flight', (env) => {
  let cloud: WhatsAppCloudFake;
  before(async () => {
    cloud = await startWhatsAppCloudFake({ accessToken: TOKEN, phoneNumberId: PHONE_ID });
  });
  after(() => cloud.close());

  it('waits for a handler whose client went away before closing the database', async () => {
    const logged: { level: number; msg: string; err?: { message?: string } }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const svc = await env.start({ listen: true, logger });
    const org = await svc.seedOrganization();
    const created = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_official',
      name: 'Cloud API (hangs)',
      config: { accessToken: TOKEN, phoneNumberId: PHONE_ID, appSecret: 'secret', verifyToken: 'verify', baseUrl: cloud.url },
      // About shutdown, not WhatsApp's 24-hour window (which would refuse this first message at once).
      settings: { enforceWhatsAppWindow: false },
    });
    assert.equal(created.statusCode, 201, created.body);
    cloud.failNext('hang');

    const client = new AbortController();
    const sending = fetch(`${svc.url}/v1/messages/send`, {
      method: 'POST',
      headers: { ...org.bearer, 'content-type': 'application/json', 'idempotency-key': 'shutdown-1' },
      body: JSON.stringify({ channel_id: json(created).data.id, to: '5511987654321', type: 'text', content: { text: 'hi' } }),
      signal: client.signal,
    }).catch(() => undefined);
    // The message is stored (first transaction) and the provider call is hanging.
    const deadline = Date.now() + 5000;
    while ((await svc.db.selectFrom('messages').select('id').execute()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    client.abort();
    await sending;

    const started = Date.now();
    await svc.runtime.close();
    const waited = Date.now() - started;
    assert.ok(waited > 1000, `close waited for the handler (${waited} ms; the provider timeout is 4 s)`);
    const errors = logged.filter((line) => line.level >= 50);
    assert.deepEqual(
      errors.map((line) => `${line.msg}: ${line.err?.message ?? ''}`),
      [],
      'nothing failed after the database closed',
    );

    // The idempotent answer was stored before the database closed: a retry replays it.
    const reopened = openDatabase(svc.config.database);
    try {
      const keys = await reopened.db.selectFrom('idempotency_keys').select(['key', 'state']).execute();
      assert.deepEqual(
        keys.map((row) => [row.key, row.state]),
        [['shutdown-1', 'done']],
      );
      const message = await reopened.db.selectFrom('messages').select(['status', 'send_due_at']).executeTakeFirstOrThrow();
      assert.equal(message.status, 'pending');
      assert.equal(message.send_due_at, null, 'handed to a send job');
    } finally {
      await reopened.close();
    }
  });
});
