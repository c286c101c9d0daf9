/**
 * Mailgun `complained` and `unsubscribed` event webhooks (DESIGN.md §9 "E-mail"), through the real
 * callback route: the recipient's opt-out signal is recorded for the organization (the seam of
 * email-inbox/opt-out-signals.ts), a replayed one is refused and records nothing more.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, it } from 'node:test';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { post, waitFor } from '../messages/support.js';
import { startSmtpFake, type SmtpFake } from '../fakes/smtp.fake.js';

const AUTH = { user: 'mailer', pass: 'smtp-pass' };
const SIGNING_KEY = 'mailgun-signing-key';
let tokens = 0;

function signature() {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = `optout-${process.pid}-${++tokens}-${'y'.repeat(30)}`;
  return {
    timestamp,
    token,
    signature: createHmac('sha256', SIGNING_KEY)
      .update(timestamp + token)
      .digest('hex'),
  };
}

// The shape of Mailgun's event webhooks: https://documentation.mailgun.com/docs/mailgun/user-manual/events/webhooks
function eventBody(event: 'complained' | 'unsubscribed', recipient: string) {
  return {
    signature: signature(),
    'event-data': {
      event,
      recipient,
      timestamp: Math.floor(Date.now() / 1000),
      message: { headers: { 'message-id': 'abc@store.example' } },
    },
  };
}

let smtp: SmtpFake;
before(async () => {
  smtp = await startSmtpFake(AUTH);
});
after(async () => {
  await smtp.close();
});

describeEachDatabase('Mailgun complaints and unsubscribes', (env) => {
  async function signals(svc: TestService, organizationId: string) {
    return svc.db
      .selectFrom('email_opt_out_signals')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('created_at')
      .execute();
  }

  it('records the recipient as opting out; a replayed callback is refused', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await svc.services.channels.create(org.organizationId, {
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
    const maria = await svc.services.customers.create(org.organizationId, { name: 'Maria', email: 'maria@example.com' }, null);
    const path = `/channels/${channel.id}/webhook`;
    const complaint = eventBody('complained', 'Maria@Example.com');
    assert.equal((await post(svc, path, complaint)).status, 200);
    assert.equal((await post(svc, path, eventBody('unsubscribed', 'joao@example.com'))).status, 200);
    const rows = await waitFor(
      () => signals(svc, org.organizationId),
      (r) => r.length >= 2,
    );
    assert.deepEqual(rows.map((r) => [r.address, r.signal, r.channel_id]).sort(), [
      ['joao@example.com', 'unsubscribed', channel.id],
      ['maria@example.com', 'complained', channel.id],
    ]);
    // Maria holds the address: she is opted out of bulk messages, with the event naming the signal.
    const customer = await svc.db.selectFrom('customers').select(['opted_out']).where('id', '=', maria.id).executeTakeFirstOrThrow();
    assert.equal(Number(customer.opted_out), 1);
    const event = await svc.db
      .selectFrom('events')
      .select('payload')
      .where('organization_id', '=', org.organizationId)
      .where('type', '=', 'customer.opted_out')
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      { via: JSON.parse(event.payload).via, keyword: JSON.parse(event.payload).keyword },
      { via: 'email', keyword: 'complained' },
    );
    // The same signed body again: refused at intake, nothing more recorded.
    assert.equal((await post(svc, path, complaint)).status, 401);
    assert.equal((await signals(svc, org.organizationId)).length, 2);
    const other = await svc.seedOrganization();
    assert.equal((await signals(svc, other.organizationId)).length, 0);
  });
});
