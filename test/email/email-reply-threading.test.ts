/**
 * An outbound e-mail threads under the customer's last mail even when the send names no message to
 * reply to (DESIGN.md §9 "E-mail": outbound mails carry In-Reply-To/References): a mail arrives
 * through the Mailgun route, an agent answers through the send API without reply_to_message_id, and
 * the mail the SMTP relay receives answers the customer's Message-ID.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { messageRow, post, waitFor } from '../messages/support.js';
import { mailHeader, startSmtpFake, type SmtpFake } from '../fakes/smtp.fake.js';
import { deliveryOf, storedDelivery } from '../../src/modules/delivery/stored-delivery.js';

const AUTH = { user: 'mailer', pass: 'smtp-pass' };
const SIGNING_KEY = 'mailgun-signing-key';

/** Mailgun's inbound route post (form fields), signed as Mailgun signs it. */
function inboundForm(messageId: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = `thread-${process.pid}-${messageId.length}-${'z'.repeat(30)}`;
  return new URLSearchParams({
    recipient: 'support@store.example',
    sender: 'maria@example.com',
    from: '"Maria Souza" <maria@example.com>',
    subject: 'Where is my order?',
    'body-plain': 'Hello, any news?',
    'stripped-text': 'Hello, any news?',
    'message-headers': JSON.stringify([['Message-Id', messageId]]),
    timestamp,
    token,
    signature: createHmac('sha256', SIGNING_KEY)
      .update(timestamp + token)
      .digest('hex'),
  }).toString();
}

let smtp: SmtpFake;
before(async () => {
  smtp = await startSmtpFake(AUTH);
});
after(async () => {
  await smtp.close();
});

describeEachDatabase('e-mail replies thread under the last inbound mail', (env) => {
  it('a send without reply_to_message_id carries In-Reply-To and References of the customer’s last mail', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization();
    const channel = await svc.services.channels.create(org.organizationId, {
      kind: 'email',
      name: 'Mail',
      config: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        auth: AUTH,
        from: 'Store <support@store.example>',
        mailgunSigningKey: SIGNING_KEY,
      },
    });
    const res = await post(svc, `/channels/${channel.id}/webhook`, inboundForm('<CAF=first@mail.example.com>'), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(res.status, 200, res.text);
    const inbound = await waitFor(
      () =>
        svc.db
          .selectFrom('messages')
          .select(['id', 'chat_id'])
          .where('provider_message_id', '=', '<CAF=first@mail.example.com>')
          .executeTakeFirst(),
      (row) => row !== undefined,
    );
    assert.ok(inbound, 'the mail was stored');

    const mailsBefore = smtp.mails.length;
    const sent = await post(
      svc,
      '/v1/messages/send',
      {
        channel_id: channel.id,
        to: 'maria@example.com',
        type: 'text',
        content: { text: 'It ships today.' },
      },
      org.bearer,
    );
    assert.equal(sent.status, 201, sent.text);
    const row = await waitFor(
      () => messageRow(svc, sent.json.data.id),
      (m) => m?.status === 'sent',
    );
    assert.equal(row?.chat_id, inbound.chat_id, 'the answer is in the customer’s chat');
    assert.equal(smtp.mails.length, mailsBefore + 1);
    const raw = smtp.mails.at(-1)!.raw;
    assert.equal(mailHeader(raw, 'In-Reply-To'), '<CAF=first@mail.example.com>');
    assert.equal(mailHeader(raw, 'References'), '<CAF=first@mail.example.com>');

    // A message delivered later by a job (stored, then read back) names the same parent.
    const stored = await storedDelivery(svc.db, org.organizationId, sent.json.data.id);
    assert.equal(deliveryOf(org.organizationId, stored!).stored.replyToProviderMessageId, '<CAF=first@mail.example.com>');
  });
});
