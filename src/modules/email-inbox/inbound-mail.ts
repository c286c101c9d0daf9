/**
 * A mail read from the mailbox (its RFC 5322 source), parsed with mailparser into what the inbox
 * stores: the sender, the text, the threading headers and the attachments' bytes.
 */
import { answeredIds } from '../../channels/email/threading.js';

export interface InboundMail {
  /** The `Message-ID`, with its angle brackets; made up from the mailbox place when the mail has none. */
  messageId: string;
  from: { address: string; name?: string } | undefined;
  subject?: string;
  text: string;
  inReplyTo?: string;
  references?: string;
  /** The ids it answers, nearest first (threading.ts). */
  answers: string[];
  date?: string;
  attachments: { filename?: string; contentType: string; content: Buffer }[];
}

export async function parseMail(source: Buffer, fallbackId: string): Promise<InboundMail> {
  // Loaded by the first mail read (imap-runner.ts says why).
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(source, { skipHtmlToText: false });
  const sender = mail.from?.value[0];
  const references = Array.isArray(mail.references) ? mail.references.join(' ') : mail.references;
  const address = sender?.address?.toLowerCase();
  return {
    messageId: mail.messageId ?? fallbackId,
    from: address ? { address, name: sender?.name || undefined } : undefined,
    subject: mail.subject,
    text: (mail.text ?? '').trim(),
    inReplyTo: mail.inReplyTo,
    references,
    answers: answeredIds(mail.inReplyTo, references),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : undefined,
    attachments: mail.attachments
      .filter((a) => a.contentDisposition !== 'inline' || a.filename)
      .map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}
