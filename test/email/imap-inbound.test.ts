/**
 * E-mail inbound over IMAP (DESIGN.md §9 "E-mail", issue 22 item 6) against a real Dovecot started
 * by the test (test/fakes/dovecot.ts): a mail appended to the mailbox becomes a message in the
 * sender's chat with its attachment as our file; a restarted service neither repeats nor loses a
 * mail (UIDVALIDITY + last UID in `imap_mailboxes`); a reply from another address threads into the
 * chat of the mail it answers; our outbound mail carries Message-ID, In-Reply-To and References.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createEmailProvider } from '../../src/channels/email/email.provider.js';
import { createImapRunner } from '../../src/runtime.js';
import { describeEachDatabase, json, type TestService } from '../support/harness.js';
import { waitFor } from '../messages/support.js';
import { startDovecot, type Dovecot } from '../fakes/dovecot.js';
import { mailHeader, startSmtpFake, type SmtpFake } from '../fakes/smtp.fake.js';

const SMTP_AUTH = { user: 'mailer', pass: 'smtp-pass' };

function mail(opts: { from: string; id: string; subject: string; text: string; inReplyTo?: string; attachment?: string }): string {
  const head = [
    `From: ${opts.from}`,
    'To: support@store.example',
    `Subject: ${opts.subject}`,
    `Message-ID: ${opts.id}`,
    'Date: Wed, 12 Jun 2024 10:00:00 +0000',
    'MIME-Version: 1.0',
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`, `References: ${opts.inReplyTo}`] : []),
  ];
  if (!opts.attachment) return [...head, 'Content-Type: text/plain; charset=utf-8', '', opts.text, ''].join('\n');
  return [
    ...head,
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.text,
    '--b1',
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Disposition: attachment; filename="invoice.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(opts.attachment).toString('base64'),
    '--b1--',
    '',
  ].join('\n');
}

describeEachDatabase('e-mail inbound over IMAP (real Dovecot)', (env) => {
  let dovecot: Dovecot | undefined;
  let smtp: SmtpFake;
  before(async () => {
    dovecot = await startDovecot();
    smtp = await startSmtpFake(SMTP_AUTH);
  });
  after(async () => {
    await dovecot?.stop();
    await smtp.close();
  });

  const start = () => env.start({ env: { JOB_LEASE_MS: '1500', SEND_TIMEOUT_MS: '1000' }, workerOptions: { idlePollMs: 50 } });

  async function emailChannel(svc: TestService, organizationId: string, user: string) {
    const res = await svc.admin('POST', `/organizations/${organizationId}/channels`, {
      kind: 'email',
      name: 'support',
      config: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        auth: SMTP_AUTH,
        from: 'Store <support@store.example>',
        imap: { host: dovecot!.host, port: dovecot!.port, secure: false, user, password: dovecot!.password, pollMs: 200 },
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    return json(res).data as { id: string };
  }

  async function inbound(svc: TestService, channelId: string, count: number) {
    return waitFor(
      () =>
        svc.db
          .selectFrom('messages')
          .selectAll()
          .where('channel_id', '=', channelId)
          .where('direction', '=', 'inbound')
          .orderBy('created_at')
          .execute(),
      (rows) => rows.length >= count,
      15_000,
    );
  }

  it("a mail becomes a message in the sender's chat, its attachment our file; a restart repeats nothing; a reply threads", async (t) => {
    if (!dovecot) return t.skip('Dovecot is not installed (/usr/sbin/dovecot); CI installs dovecot-imapd');
    const user = `support-${env.dialect}-${Date.now()}`;
    const svc = await start();
    const org = await svc.seedOrganization();
    const channel = await emailChannel(svc, org.organizationId, user);
    await dovecot.append(
      user,
      mail({
        from: 'Maria Souza <Maria@Example.com>',
        id: '<m1@example.com>',
        subject: 'Invoice',
        text: 'See attached',
        attachment: '%PDF-1.4 invoice',
      }),
    );
    const [first] = await inbound(svc, channel.id, 1);
    assert.ok(first, 'the mail was taken in');
    const content = JSON.parse(first.content);
    assert.equal(first.recipient, 'maria@example.com');
    assert.equal(first.provider_message_id, '<m1@example.com>');
    assert.deepEqual([content.text, content.subject], ['See attached', 'Invoice']);
    assert.equal(content.attachments.length, 1);
    const file = await svc.db.selectFrom('files').selectAll().where('id', '=', content.attachments[0].fileId).executeTakeFirstOrThrow();
    assert.deepEqual([file.organization_id, file.name, file.size_bytes], [org.organizationId, 'invoice.pdf', 16]);
    const place = await svc.db.selectFrom('imap_mailboxes').selectAll().where('channel_id', '=', channel.id).executeTakeFirstOrThrow();
    assert.equal(Number(place.last_uid), 1);
    assert.ok(place.uid_validity);

    // The runner restarts (a new owner, as another process would be): it reads on from where it stopped.
    const chat = first.chat_id;
    await svc.runtime.imap!.stop();
    const restarted = createImapRunner(svc.deps, svc.runtime.services);
    restarted.start();
    t.after(() => restarted.stop());
    // A colleague answers our thread from another address: it joins Maria's chat.
    await dovecot.append(
      user,
      mail({ from: 'joao@example.com', id: '<m2@example.com>', subject: 'Re: Invoice', text: 'Paid', inReplyTo: '<m1@example.com>' }),
    );
    const rows = await inbound(svc, channel.id, 2);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a repeat, if any, would land by now
    const again = await inbound(svc, channel.id, 2);
    assert.deepEqual(
      again.map((r) => r.provider_message_id),
      ['<m1@example.com>', '<m2@example.com>'],
      'nothing repeated, nothing lost',
    );
    assert.equal(rows[1]!.chat_id, chat, 'the reply threads into the chat of the mail it answers');
  });
});

it('our outbound reply carries Message-ID, In-Reply-To and References', async () => {
  const smtp = await startSmtpFake(SMTP_AUTH);
  try {
    const provider = createEmailProvider(
      { host: '127.0.0.1', port: smtp.port, secure: false, auth: SMTP_AUTH, from: 'Store <support@store.example>' },
      { fetch, fetchMedia: fetch },
    );
    const sent = await provider.send({
      id: '0192f1c4-aaaa',
      to: 'maria@example.com',
      type: 'text',
      content: { text: 'Thanks!' },
      replyToProviderMessageId: '<m1@example.com>',
    });
    const raw = smtp.mails.at(-1)!.raw;
    assert.equal(sent.providerMessageId, '<0192f1c4-aaaa@store.example>');
    assert.equal(mailHeader(raw, 'Message-ID'), '<0192f1c4-aaaa@store.example>');
    assert.equal(mailHeader(raw, 'In-Reply-To'), '<m1@example.com>');
    assert.equal(mailHeader(raw, 'References'), '<m1@example.com>');
  } finally {
    await smtp.close();
  }
});
