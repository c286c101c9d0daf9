/**
 * Provider callbacks from the outside review (issue 26): a Mailgun callback is accepted once, while
 * its signed timestamp is fresh (by the service's clock), so a captured (timestamp, token,
 * signature) cannot forge mail or bounces later; a JSON body nested too deep is refused at intake
 * and, if stored before, fails for good instead of being retried; callback secrets in the query
 * never reach the request log.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/runtime.js';
import { purgeByRetention } from '../../src/modules/retention/retention.js';
import { PROCESS_CALLBACK_JOB } from '../../src/modules/provider-callbacks/provider-callbacks.service.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { messageRow, post, waitFor } from '../messages/support.js';
import { startSmtpFake, type SmtpFake } from '../fakes/smtp.fake.js';

const AUTH = { user: 'mailer', pass: 'smtp-pass' };
const SIGNING_KEY = 'mailgun-signing-key';
/** The service's clock runs a year ahead of the machine's: only its time makes a timestamp fresh. */
const OFFSET_MS = 365 * 24 * 3600_000;
const clock = { now: () => new Date(Date.now() + OFFSET_MS) };
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

let tokens = 0;
function signed(timestamp: number, token = `token-${process.pid}-${++tokens}-${'x'.repeat(30)}`, key = SIGNING_KEY) {
  const ts = String(timestamp);
  return {
    timestamp: ts,
    token,
    signature: createHmac('sha256', key)
      .update(ts + token)
      .digest('hex'),
  };
}

function inboundForm(signature: ReturnType<typeof signed>, text = 'Thanks!') {
  return new URLSearchParams({
    from: '"Maria Souza" <maria@example.com>',
    subject: 'Re: order',
    'stripped-text': text,
    'message-headers': JSON.stringify([['Message-Id', `<${signature.token}@mail.example.com>`]]),
    ...signature,
  }).toString();
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function eventBody(signature: ReturnType<typeof signed>, messageId: string, event: Record<string, unknown>) {
  return {
    signature,
    'event-data': { timestamp: nowSeconds(), message: { headers: { 'message-id': messageId.replace(/^<|>$/g, '') } }, ...event },
  };
}

async function storedCount(svc: TestService, channelId: string) {
  return (await svc.db.selectFrom('provider_callbacks').select('id').where('channel_id', '=', channelId).execute()).length;
}

let smtp: SmtpFake;
before(async () => {
  smtp = await startSmtpFake(AUTH);
});
after(async () => {
  await smtp.close();
});

async function emailChannel(svc: TestService, organizationId: string) {
  return svc.services.channels.create(organizationId, {
    kind: 'email',
    name: 'Mail',
    config: {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      auth: AUTH,
      from: 'Store <hello@store.example>',
      mailgunSigningKey: SIGNING_KEY,
    },
  });
}

describeEachDatabase('provider callbacks: replay, depth and logged secrets (issue 26)', (env) => {
  it('accepts a signed Mailgun callback once: the same triple again, a stale or far-future timestamp, or a bad signature are 401 and store nothing', async () => {
    const svc = await env.start({ listen: true, startWorker: false, clock });
    const org = await svc.seedOrganization();
    const channel = await emailChannel(svc, org.organizationId);
    const path = `/channels/${channel.id}/webhook`;
    const triple = signed(nowSeconds());
    const first = await post(svc, path, inboundForm(triple), FORM);
    assert.equal(first.status, 200, first.text);
    assert.equal(await storedCount(svc, channel.id), 1);

    const refused = {
      'the same triple replayed': inboundForm(triple),
      'the same triple, another mail': inboundForm(triple, 'forged'),
      'a timestamp 6 minutes old': inboundForm(signed(nowSeconds() - 6 * 60)),
      'a timestamp 6 minutes ahead': inboundForm(signed(nowSeconds() + 6 * 60)),
      "the machine's time (a year behind the service's clock)": inboundForm(signed(Math.floor(Date.now() / 1000))),
      'a bad signature': inboundForm({ ...signed(nowSeconds()), signature: 'f'.repeat(64) }),
      'another key': inboundForm(signed(nowSeconds(), undefined, 'another-key')),
    };
    for (const [what, body] of Object.entries(refused)) {
      const res = await post(svc, path, body, FORM);
      assert.equal(res.status, 401, `${what}: ${res.text}`);
      assert.equal(res.json.error.code, 'UNAUTHORIZED', what);
    }
    assert.equal(await storedCount(svc, channel.id), 1, 'nothing more stored');
    // Within the window either way, a new token is accepted.
    for (const skew of [-4 * 60, 4 * 60]) {
      const ok = await post(svc, path, inboundForm(signed(nowSeconds() + skew)), FORM);
      assert.equal(ok.status, 200, `${skew} s: ${ok.text}`);
    }
    // A token is per channel, and is purged by the retention housekeeping once it cannot be fresh.
    assert.equal((await svc.db.selectFrom('provider_callback_tokens').select('token').execute()).length, 3);
    const later = { now: () => new Date(clock.now().getTime() + 16 * 60_000) };
    const purged = await purgeByRetention({ ...svc.deps, clock: later });
    assert.equal(purged.provider_callback_tokens, 3);
  });

  it('a captured event webhook triple cannot forge a bounce: the message keeps its status', async () => {
    const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await emailChannel(svc, org.organizationId);
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel.id, to: 'maria@example.com', type: 'text', content: { text: 'Your order' } },
      org.bearer,
    );
    assert.equal(sent.status, 201, sent.text);
    const id = sent.json.data.id as string;
    const row = await waitFor(
      () => messageRow(svc, id),
      (r) => r?.status === 'sent' && !!r.provider_message_id,
    );
    const providerId = row!.provider_message_id!;
    const path = `/channels/${channel.id}/webhook`;
    const triple = signed(nowSeconds());
    const delivered = await post(svc, path, eventBody(triple, providerId, { event: 'delivered' }));
    assert.equal(delivered.status, 200, delivered.text);
    await waitFor(
      () => messageRow(svc, id),
      (r) => r?.status === 'delivered',
    );

    const bounce = eventBody(triple, providerId, { event: 'failed', severity: 'permanent', reason: 'bounce' });
    const forged = await post(svc, path, bounce);
    assert.equal(forged.status, 401, forged.text);
    const stale = await post(svc, path, eventBody(signed(nowSeconds() - 3600), providerId, { event: 'failed', severity: 'permanent' }));
    assert.equal(stale.status, 401, stale.text);
    assert.equal(await storedCount(svc, channel.id), 1);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await messageRow(svc, id))?.status, 'delivered');
  });

  it("refuses a NUL character in a callback's query or body (400, nothing stored; PostgreSQL cannot store one)", async () => {
    const svc = await env.start({ listen: true, clock });
    const org = await svc.seedOrganization();
    const channelId = org.channels.whatsapp_zapi; // a sandbox channel: open to anyone
    const inQuery = await post(svc, `/channels/${channelId}/webhook?x=a%00b`, { text: 'hi' });
    assert.equal(inQuery.status, 400, inQuery.text);
    assert.equal(inQuery.json.error.code, 'VALIDATION_ERROR');
    const inBody = await post(svc, `/channels/${channelId}/webhook`, 'a\u0000b', { 'content-type': 'text/plain' });
    assert.equal(inBody.status, 400, inBody.text);
    assert.equal(await storedCount(svc, channelId), 0);
  });

  it('refuses a too-deep JSON callback at once (400, nothing stored); one stored before fails for good, not retried', async () => {
    const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 50, retryBaseMs: 50 } });
    const org = await svc.seedOrganization();
    const channelId = org.channels.whatsapp_zapi; // a sandbox channel: open to anyone
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const res = await post(svc, `/channels/${channelId}/webhook`, deep);
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.error.code, 'VALIDATION_ERROR');
    assert.match(res.text, /nested deeper/);
    const inText = await post(svc, `/channels/${channelId}/webhook`, deep, { 'content-type': 'text/plain' });
    assert.equal(inText.status, 400, 'whatever the content type says');
    assert.equal(await storedCount(svc, channelId), 0);
    const shallow = await post(svc, `/channels/${channelId}/webhook`, { text: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[' });
    assert.equal(shallow.status, 200, 'brackets inside a string are text');
    assert.equal(await storedCount(svc, channelId), 1);

    // One stored before the intake check: its job dies on the first attempt.
    const id = await svc.services.providerCallbacks.receive(
      { id: channelId, organizationId: org.organizationId, kind: 'whatsapp_zapi', config: { sandbox: true } },
      { method: 'POST', headers: { 'content-type': 'application/json' }, query: {}, body: deep },
    );
    const job = await waitFor(
      async () =>
        (
          await svc.db
            .selectFrom('jobs')
            .select(['status', 'attempts', 'last_error', 'payload'])
            .where('type', '=', PROCESS_CALLBACK_JOB)
            .execute()
        ).find((j) => JSON.stringify(j.payload).includes(id)),
      (j) => j?.status === 'dead',
    );
    assert.equal(job?.attempts, 1, 'not retried');
    assert.match(job?.last_error ?? '', /nested deeper/);
  });

  it('logs no callback secret from the query, even at debug level', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      { ...env.config(await env.database()), logLevel: 'debug' },
      { write: (line: string) => void lines.push(line) },
    );
    const svc = await env.start({ listen: true, startWorker: false, logger, env: { LOG_LEVEL: 'debug' } });
    const org = await svc.seedOrganization();
    const channelId = org.channels.whatsapp_zapi;
    const secrets = ['abc123secret', 'sig-value-77', 'verify-me-99', 'apikey-value-55'];
    const query = `?token=${secrets[0]}&signature=${secrets[1]}&hub.verify_token=${secrets[2]}&apikey=${secrets[3]}&page=2`;
    await post(svc, `/channels/${channelId}/webhook${query}`, { event: 'x' });
    const logged = lines.join('');
    assert.match(
      logged,
      /"url":"\/channels\/[^"]+\/webhook\?token=\[Redacted\]&signature=\[Redacted\]&hub.verify_token=\[Redacted\]&apikey=\[Redacted\]&page=2"/,
    );
    for (const secret of secrets) assert.ok(!logged.includes(secret), `${secret} is not in the logs`);
  });
});
