import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createEmailProvider } from '../../../src/channels/email/email.provider.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import { startHttpFake, type HttpFake } from '../../fakes/http-fake.js';
import { callback, rejectsWith, testDeps, throwsWith } from '../../fakes/provider-test-kit.js';
import { mailHeader, startSmtpFake, type SmtpFake } from '../../fakes/smtp.fake.js';

const AUTH = { user: 'mailer', pass: 'smtp-pass' };
const SIGNING_KEY = 'mailgun-signing-key';

function message(type: OutboundMessage['type'], content: Record<string, unknown>, to = 'maria@example.com'): OutboundMessage {
  return { id: 'msg-0001', to, type, content };
}

function mailgunSignature(timestamp = '1718000000', token = 'a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0') {
  return {
    timestamp,
    token,
    signature: createHmac('sha256', SIGNING_KEY)
      .update(timestamp + token)
      .digest('hex'),
  };
}

function inboundForm(fields: Record<string, string>): ReturnType<typeof callback> {
  return callback(new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}

function eventWebhook(event: Record<string, unknown>, signature = mailgunSignature()) {
  return callback(
    { signature, 'event-data': { timestamp: 1718000100.5, message: { headers: { 'message-id': 'msg-0001@store.example' } }, ...event } },
    { 'content-type': 'application/json' },
  );
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('email provider', () => {
  let smtp: SmtpFake;
  let media: HttpFake;
  const deps = testDeps();
  const build = (extra: Record<string, unknown> = {}) =>
    createEmailProvider(
      {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        auth: AUTH,
        from: 'Store <hello@store.example>',
        mailgunSigningKey: SIGNING_KEY,
        ...extra,
      },
      deps,
    );

  before(async () => {
    smtp = await startSmtpFake(AUTH);
    media = await startHttpFake((req) =>
      req.path === '/inv/881.pdf'
        ? { status: 200, body: '%PDF-1.4 fake', headers: { 'content-type': 'application/pdf' } }
        : { status: 404, body: 'not found', headers: { 'content-type': 'text/plain' } },
    );
  });
  after(async () => {
    await smtp.close();
    await media.close();
  });

  describe('config', () => {
    for (const key of ['host', 'from']) {
      it(`refuses to build without ${key}`, () => {
        const config: Record<string, unknown> = { host: '127.0.0.1', from: 'hello@store.example' };
        delete config[key];
        assert.match(throwsWith(() => createEmailProvider(config, deps), 'PROVIDER_MISCONFIGURED').message, new RegExp(key));
      });
    }
    it('refuses half an auth', () => {
      assert.match(
        throwsWith(() => createEmailProvider({ host: 'h', from: 'a@b.c', auth: { user: 'u' } }, deps), 'PROVIDER_MISCONFIGURED').message,
        /auth\.pass/,
      );
    });
  });

  describe('send', () => {
    it('delivers text over SMTP with our Message-ID, which is the provider id', async () => {
      const result = await build().send(message('text', { text: 'Your order #881 shipped.\nThanks!' }));
      assert.equal(result.providerMessageId, '<msg-0001@store.example>');
      const mail = smtp.mails.at(-1);
      assert.ok(mail);
      assert.equal(mail.user, 'mailer');
      assert.equal(mail.from, 'hello@store.example');
      assert.deepEqual(mail.to, ['maria@example.com']);
      assert.equal(mailHeader(mail.raw, 'Message-ID'), '<msg-0001@store.example>');
      assert.equal(mailHeader(mail.raw, 'From'), 'Store <hello@store.example>');
      assert.equal(mailHeader(mail.raw, 'To'), 'maria@example.com');
      assert.equal(mailHeader(mail.raw, 'Subject'), 'Your order #881 shipped.');
      assert.match(mail.raw, /Thanks!/);
    });

    it('uses the content subject, else the configured one', async () => {
      await build({ subject: 'News from Store' }).send(message('text', { text: 'hi', subject: 'Order #881' }));
      assert.equal(mailHeader(smtp.mails.at(-1)?.raw ?? '', 'Subject'), 'Order #881');
      await build({ subject: 'News from Store' }).send(message('text', { text: 'hi' }));
      assert.equal(mailHeader(smtp.mails.at(-1)?.raw ?? '', 'Subject'), 'News from Store');
    });

    it('fetches media through the outbound guard: a private address is refused for good, nothing fetched, nothing mailed', async () => {
      const strict = testDeps({ allowPrivateMedia: false });
      const provider = createEmailProvider(
        {
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          auth: AUTH,
          from: 'Store <hello@store.example>',
          mailgunSigningKey: SIGNING_KEY,
        },
        strict,
      );
      const [requestsBefore, mailsBefore] = [media.requests.length, smtp.mails.length];
      await rejectsWith(provider.send(message('document', { url: `${media.url}/inv/881.pdf` })), 'MEDIA_BLOCKED', false);
      await rejectsWith(
        provider.send(message('image', { url: `http://localhost:${new URL(media.url).port}/inv/881.pdf` })),
        'MEDIA_BLOCKED',
        false,
      );
      assert.equal(media.requests.length, requestsBefore, 'the internal address was never requested');
      assert.equal(smtp.mails.length, mailsBefore, 'no mail went out');
    });

    it('fetches media through deps.fetchMedia and attaches it, with the caption as the body', async () => {
      await build().send(message('document', { url: `${media.url}/inv/881.pdf`, filename: 'invoice-881.pdf', caption: 'Your invoice' }));
      const raw = smtp.mails.at(-1)?.raw ?? '';
      assert.equal(media.last().path, '/inv/881.pdf');
      assert.match(raw, /Content-Type: application\/pdf; name=invoice-881\.pdf/);
      assert.match(raw, /filename=invoice-881\.pdf/);
      assert.ok(raw.includes(Buffer.from('%PDF-1.4 fake').toString('base64')), 'the file travels as the attachment');
      assert.match(raw, /Your invoice/);
    });

    it('refuses media that cannot be fetched (404 permanent, 5xx retryable)', async () => {
      await rejectsWith(build().send(message('image', { url: `${media.url}/missing.jpg` })), 'MEDIA_UNAVAILABLE', false);
      media.failNext({ status: 503, body: 'busy' });
      await rejectsWith(build().send(message('image', { url: `${media.url}/inv/881.pdf` })), 'MEDIA_UNAVAILABLE', true);
      await rejectsWith(
        build({ maxAttachmentBytes: 4 }).send(message('document', { url: `${media.url}/inv/881.pdf` })),
        'ATTACHMENT_TOO_LARGE',
        false,
      );
    });

    it('refuses locations and templates', async () => {
      await rejectsWith(build().send(message('location', { latitude: 1, longitude: 2 })), 'UNSUPPORTED_MESSAGE_TYPE', false);
      await rejectsWith(
        build().send(message('template', { name: 'x', language: 'en_US', components: [] })),
        'UNSUPPORTED_MESSAGE_TYPE',
        false,
      );
    });

    it('maps SMTP 5xx to permanent and 4xx to retryable, keeping the relay text', async () => {
      const count = smtp.mails.length;
      const rejected = await rejectsWith(build().send(message('text', { text: 'hi' }, 'rejected@example.com')), 'SMTP_550', false);
      assert.match(rejected.message, /Mailbox unavailable/);
      await rejectsWith(build().send(message('text', { text: 'hi' }, 'busy@example.com')), 'SMTP_451', true);
      await rejectsWith(build({ auth: { user: 'mailer', pass: 'wrong' } }).send(message('text', { text: 'hi' })), 'SMTP_535', false);
      assert.equal(smtp.mails.length, count);
    });

    it('maps an unreachable relay to retryable', async () => {
      await rejectsWith(
        build({ port: await closedPort(), timeoutMs: 2000 }).send(message('text', { text: 'hi' })),
        'PROVIDER_UNREACHABLE',
        true,
      );
    });
  });

  describe('callbacks (Mailgun)', () => {
    const inbound = {
      recipient: 'support@store.example',
      sender: 'bounce+srs=maria@example.com',
      from: '"Maria Souza" <Maria@Example.com>',
      subject: 'Re: Your order',
      'body-plain': 'Thanks!\n\n> quoted',
      'stripped-text': 'Thanks!',
      'message-headers': JSON.stringify([
        ['Message-Id', '<CAF=abc@mail.example.com>'],
        ['In-Reply-To', '<msg-0001@store.example>'],
        ['References', '<msg-0001@store.example>'],
      ]),
      ...mailgunSignature(),
    };

    it('parses a signed inbound route post into an inbound message from the lower-cased address', () => {
      assert.deepEqual(build().parseCallback(inboundForm(inbound)), [
        {
          kind: 'inbound',
          providerMessageId: '<CAF=abc@mail.example.com>',
          from: 'maria@example.com',
          senderName: 'Maria Souza',
          type: 'text',
          content: {
            text: 'Thanks!',
            subject: 'Re: Your order',
            inReplyTo: '<msg-0001@store.example>',
            references: '<msg-0001@store.example>',
          },
          occurredAt: '2024-06-10T06:13:20.000Z',
          // The mails it answers, nearest first: it threads into the chat of ours (DESIGN.md §9).
          answers: ['<msg-0001@store.example>'],
        },
      ]);
    });

    it('rejects a wrong or missing Mailgun signature', () => {
      throwsWith(() => build().parseCallback(inboundForm({ ...inbound, signature: 'f'.repeat(64) })), 'INVALID_SIGNATURE');
      const { signature: _dropped, ...unsigned } = inbound;
      throwsWith(() => build().parseCallback(inboundForm(unsigned)), 'INVALID_SIGNATURE');
      throwsWith(
        () => build().parseCallback(eventWebhook({ event: 'delivered' }, { ...mailgunSignature(), token: 'other' })),
        'INVALID_SIGNATURE',
      );
    });

    it('needs a signing key to read any callback', () => {
      throwsWith(() => build({ mailgunSigningKey: undefined }).parseCallback(inboundForm(inbound)), 'PROVIDER_MISCONFIGURED');
    });

    it('maps every Mailgun event to our status (bracketed Message-ID), skipping the rest', () => {
      const statusOf = (event: Record<string, unknown>) => build().parseCallback(eventWebhook(event));
      assert.deepEqual(statusOf({ event: 'delivered' }), [
        { kind: 'status', providerMessageId: '<msg-0001@store.example>', status: 'delivered', occurredAt: '2024-06-10T06:15:00.500Z' },
      ]);
      assert.deepEqual(
        statusOf({ event: 'failed', severity: 'permanent', 'delivery-status': { code: 550, description: 'No such user' } }).map(
          (e) => e.kind === 'status' && [e.status, e.error],
        ),
        [['failed', { code: '550', message: 'No such user' }]],
      );
      assert.deepEqual(
        statusOf({ event: 'rejected', reason: 'suppress-bounce' }).map((e) => e.kind === 'status' && e.status),
        ['failed'],
      );
      for (const skipped of [
        { event: 'accepted' },
        { event: 'failed', severity: 'temporary' },
        { event: 'clicked' },
        { event: 'complained' },
        { event: 'unsubscribed' },
        { event: 'stored' },
        { event: 'teleported' },
      ]) {
        assert.deepEqual(statusOf(skipped), [], JSON.stringify(skipped));
      }
      assert.ok(deps.warnings.some((w) => w.status === 'teleported'));
      assert.deepEqual(
        statusOf({ event: 'opened' }).map((e) => e.kind === 'status' && e.status),
        ['read'],
      );
    });

    it('reads the text of a multipart post (mail with attachments) and counts its files', async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(inbound)) form.append(name, value);
      form.append('attachment-count', '1');
      form.append('attachment-1', new Blob(['%PDF-1.4 data'], { type: 'application/pdf' }), 'cv.pdf');
      const encoded = new Response(form);
      const request = callback(await encoded.text(), { 'content-type': encoded.headers.get('content-type') ?? '' });
      const [event] = build().parseCallback(request);
      assert.equal(event?.kind, 'inbound');
      assert.deepEqual(event?.kind === 'inbound' && event.content, {
        text: 'Thanks!',
        subject: 'Re: Your order',
        inReplyTo: '<msg-0001@store.example>',
        references: '<msg-0001@store.example>',
        attachmentCount: 1,
      });
      throwsWith(
        () => build().parseCallback({ ...request, body: request.body.replace(inbound.signature, 'f'.repeat(64)) }),
        'INVALID_SIGNATURE',
      );
    });

    it('refuses content types it cannot read', () => {
      throwsWith(() => build().parseCallback(callback('hello', { 'content-type': 'text/plain' })), 'INVALID_CALLBACK');
    });
  });
});
