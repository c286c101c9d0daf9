/**
 * Exactly-once hand-off to a slow provider (send-outbox.ts `sendTimings`): every provider call ends
 * at the send deadline (SEND_TIMEOUT_MS), the e-mail provider by closing its SMTP connection, so the
 * send job that takes the message over (the request's retry, or the sweep) never sends while the
 * first call could still get through. A relay that greets slowly, far past the deadline, receives the
 * message exactly once.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { startSmtpFake } from '../fakes/smtp.fake.js';
import { describeEachDatabase } from '../support/harness.js';
import { until } from '../support/serve-process.js';
import { messageRow, post, waitFor } from './support.js';

const AUTH = { user: 'mailer', pass: 'smtp-pass' };

describeEachDatabase('send deadline: a slow provider sends once', (env) => {
  it('aborts a slow SMTP send at the deadline; the send job that takes the message over is the only one to deliver it', async () => {
    const smtp = await startSmtpFake(AUTH);
    try {
      const svc = await env.start({
        listen: true,
        env: { SEND_TIMEOUT_MS: '400', SEND_HANDOVER_MARGIN_MS: '300' },
        workerOptions: { idlePollMs: 50, retryBaseMs: 200 },
      });
      const org = await svc.seedOrganization();
      const channel = await svc.services.channels.create(org.organizationId, {
        kind: 'email',
        name: 'Slow relay',
        // Per-phase SMTP timeouts far beyond the deadline: only the deadline may end the call.
        config: { host: '127.0.0.1', port: smtp.port, secure: false, auth: AUTH, from: 'Store <hello@store.example>', timeoutMs: 30_000 },
      });
      // The relay greets 2.5 s late: six deadlines, and past the sweep's hand-over (0.7 s).
      smtp.greetingDelayMs = 2500;
      const started = Date.now();
      const sent = await post(
        svc,
        '/v1/messages/send',
        { channel_id: channel.id, to: 'maria@example.com', type: 'text', content: { text: 'once' } },
        org.bearer,
      );
      assert.equal(sent.status, 201, sent.text);
      assert.equal(sent.json.data.status, 'pending', 'answered at the deadline, not when the relay finally greets');
      assert.ok(Date.now() - started < 2000, `answered after ${Date.now() - started} ms`);
      const id = sent.json.data.id as string;

      // The send job's attempts meet the same slow relay and are aborted too, until it is fast again.
      await until(() => smtp.connections >= 2, 10_000, 'the send job to try again');
      assert.equal(smtp.mails.length, 0, 'nothing delivered while the relay is slow');
      smtp.greetingDelayMs = 0;

      const row = await waitFor(
        () => messageRow(svc, id),
        (r) => r?.status === 'sent',
        15_000,
      );
      assert.equal(row?.status, 'sent');
      // Every slow connection closed (a closed one delivers nothing more); none delivered after its abort.
      await until(() => smtp.slowOpen === 0, 10_000, 'the slow connections to close');
      assert.equal(smtp.mails.length, 1, `delivered ${smtp.mails.length} times`);
    } finally {
      await smtp.close();
    }
  });
});
