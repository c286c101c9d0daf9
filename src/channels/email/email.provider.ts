/**
 * email: SMTP out (nodemailer), Mailgun webhooks in.
 * SMTP:      https://nodemailer.com/smtp/ (RFC 5321 reply codes: 4xx transient, 5xx permanent)
 * Inbound:   https://documentation.mailgun.com/docs/mailgun/user-manual/receive-forward-store/receive-http
 * Events:    https://documentation.mailgun.com/docs/mailgun/user-manual/events/webhooks
 * The Message-ID is ours (`<{message id}@{domain}>`), so a retried send carries the same id and the
 * provider id is known before the relay answers. The caller's signal (the send deadline) closes the
 * SMTP connection, so a send never outlives it. SMTP 250 only means "relay accepted" (→ sent);
 * delivered/read/failed come from Mailgun's event webhooks when config.mailgunSigningKey is set.
 * Media are fetched through deps.fetchMedia (the outbound guard) and attached; locations and templates cannot be e-mailed.
 */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import {
  NO_MESSAGE_NEWS,
  ProviderError,
  type ChannelProvider,
  type OutboundMessage,
  type ProviderCapabilities,
  type ProviderFactory,
} from '../provider.js';
import { readConfig, misconfigured } from '../support/config.js';
import { documentName, mediaOf, mimeTypeOf, textOf, unsupported } from '../support/content.js';
import { mailgunNonce, parseMailgunCallback, verifyMailgunSignature } from './mailgun-callbacks.js';
import { fetchAttachment } from './media.js';
import { replyHeaders } from './threading.js';

const KIND = 'email';

/** No templates. A reply names its parent in `In-Reply-To`/`References` (threaded, not quoted); media are attachments. */
export const capabilities: ProviderCapabilities = {
  templates: false,
  quotedReplies: true,
  mediaKinds: ['image', 'video', 'audio', 'document'],
  // No WhatsApp identities; a caption is the mail's text beside the attachment.
  lid: false,
  bsuid: false,
  captions: true,
  // E-mail has no reactions, edits, deletes or echoes.
  news: NO_MESSAGE_NEWS,
};

export const createEmailProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const host = read.required('host');
  const port = read.number('port', 587);
  const secure = read.boolean('secure', port === 465);
  const from = read.required('from');
  const auth = readAuth(config.auth);
  const defaultSubject = read.optional('subject');
  const messageIdDomain = read.optional('messageIdDomain') ?? domainOf(from);
  if (!messageIdDomain) throw misconfigured(KIND, 'config.from has no domain; set config.messageIdDomain');
  const mailgunSigningKey = read.optional('mailgunSigningKey');
  const timeoutMs = read.number('timeoutMs', 15_000);
  const maxAttachmentBytes = read.number('maxAttachmentBytes', 20 * 1024 * 1024);
  const transport = nodemailer.createTransport({
    host,
    port,
    secure,
    auth,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });

  const provider: ChannelProvider = {
    async send(message, options) {
      // The body first: it refuses the types e-mail cannot carry before anything else is read.
      const content = await body(message, { fetch: deps.fetchMedia, signal: options?.signal, timeoutMs, maxAttachmentBytes });
      const mail: Mail.Options = {
        from,
        to: message.to,
        messageId: `<${message.id}@${messageIdDomain}>`,
        // A reply threads in the customer's client under the mail it answers (threading.ts).
        ...replyHeaders(message.replyToProviderMessageId),
        subject: subjectOf(message, defaultSubject),
        ...content,
      };
      try {
        // nodemailer closes the SMTP connection when the signal aborts (the send deadline, or a job
        // whose worker lost its lease): the per-phase timeouts below alone could add up past the
        // deadline (connect + greeting + every command's answer), and a relay that never saw the end
        // of DATA does not deliver, so a later job's send is the only one.
        const info = await transport.sendMail({ ...mail, signal: options?.signal } as Mail.Options);
        return { providerMessageId: info.messageId || String(mail.messageId) };
      } catch (err) {
        throw smtpError(err);
      }
    },

    verifySignature(request) {
      if (!mailgunSigningKey) return false;
      verifyMailgunSignature(request, mailgunSigningKey);
      return true;
    },

    signedNonce(request) {
      return mailgunSigningKey ? mailgunNonce(request) : undefined;
    },

    parseCallback(request) {
      if (!mailgunSigningKey) throw misconfigured(KIND, 'inbound e-mail needs config.mailgunSigningKey');
      return parseMailgunCallback(request, mailgunSigningKey, deps);
    },
  };
  return provider;
};

function readAuth(value: unknown): { user: string; pass: string } | undefined {
  if (value === undefined || value === null) return undefined;
  const auth = value as Record<string, unknown>;
  if (typeof auth !== 'object') throw misconfigured(KIND, 'config.auth must be { user, pass }');
  if (typeof auth.user !== 'string' || auth.user === '') throw misconfigured(KIND, 'config.auth.user is required');
  if (typeof auth.pass !== 'string' || auth.pass === '') throw misconfigured(KIND, 'config.auth.pass is required');
  return { user: auth.user, pass: auth.pass };
}

/** `Store <hello@store.example>` → `store.example`. */
function domainOf(address: string): string | undefined {
  const match = /@([^\s>]+)>?\s*$/.exec(address);
  return match?.[1];
}

function subjectOf(message: OutboundMessage, fallback: string | undefined): string {
  const given = message.content.subject;
  if (typeof given === 'string' && given !== '') return given;
  if (fallback) return fallback;
  const first = message.type === 'text' ? textOf(message).split('\n')[0]! : (documentName(mediaOf(message)) ?? message.type);
  return first.length > 78 ? `${first.slice(0, 77)}…` : first;
}

async function body(
  message: OutboundMessage,
  fetchOptions: { fetch: typeof fetch; signal?: AbortSignal; timeoutMs: number; maxAttachmentBytes: number },
): Promise<Pick<Mail.Options, 'text' | 'attachments'>> {
  switch (message.type) {
    case 'text':
      return { text: textOf(message) };
    case 'image':
    case 'video':
    case 'audio':
    case 'document': {
      const media = mediaOf(message);
      const { content, contentType } = await fetchAttachment(media.url, fetchOptions);
      const filename = documentName(media) ?? message.type;
      return {
        text: media.caption ?? '',
        attachments: [{ filename, content, contentType: contentType ?? mimeTypeOf(filename) }],
      };
    }
    case 'location':
    case 'template':
      throw unsupported(KIND, message.type);
  }
}

/** SMTP reply codes decide: 5xx permanent, 4xx later; a connection that failed or timed out, later. */
function smtpError(err: unknown): ProviderError {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  const text = e.response ?? e.message ?? String(err);
  if (typeof e.responseCode === 'number') {
    return new ProviderError(`SMTP_${e.responseCode}`, text, e.responseCode < 500, e.responseCode);
  }
  if (e.code === 'ETIMEDOUT') return new ProviderError('PROVIDER_TIMEOUT', text, true);
  if (e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS') return new ProviderError('PROVIDER_UNREACHABLE', text, true);
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return new ProviderError(e.code, text, false);
  return new ProviderError(e.code ?? 'SMTP_ERROR', text, true);
}
