/**
 * Takes one mail read from an e-mail channel's mailbox into the organization (DESIGN.md §9
 * "E-mail"): its attachments stored as files first (outside any transaction: bytes before rows),
 * then, in one transaction, the message stored like any customer's message (receiveInbound: the
 * sender's chat, or the chat of the mail it answers) and the mailbox's `last_uid` moved to it,
 * which holds only while this process leases the mailbox. So a crash before the commit reads the
 * mail again, a crash after it never does, and the Message-ID dedupe catches anything else.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../errors.js';
import { compact } from '../../channels/support/callbacks.js';
import { type ChatLifecycle, type FlowHooks, receiveInbound, type InboundChannel } from '../chats/index.js';
import { type CustomerWroteListener, orgContext } from '../shared/index.js';
import type { FilesService } from '../files/index.js';
import type { InboundMail } from './inbound-mail.js';

export interface EmailInboxDeps {
  db: Kysely<DB>;
  clock: Clock;
  events: EventLog;
  logger: Logger;
  files: FilesService;
  chatLifecycle: ChatLifecycle;
  flows: FlowHooks;
  customerWrote: readonly CustomerWroteListener[];
}

/** A mailbox as its lease holder reads it. */
export interface HeldMailbox {
  organizationId: string;
  channel: InboundChannel;
  owner: string;
}

export class LeaseLostError extends Error {
  constructor(channelId: string) {
    super(`the mailbox of channel ${channelId} is read by another process now`);
    this.name = 'LeaseLostError';
  }
}

export class EmailInbox {
  constructor(private readonly deps: EmailInboxDeps) {}

  /** Stores `mail` (UID `uid`) and moves the mailbox's place past it; throws LeaseLostError (nothing stored) when the lease is gone. */
  async take(held: HeldMailbox, uid: number, mail: InboundMail): Promise<'stored' | 'duplicate' | 'invalid_sender'> {
    const attachments = mail.from ? await this.storeAttachments(held, mail) : [];
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, held.organizationId);
      const moved = await trx
        .updateTable('imap_mailboxes')
        .set({ last_uid: uid, last_error: null, updated_at: ctx.now })
        .where('channel_id', '=', held.channel.id)
        .where('lease_owner', '=', held.owner)
        .where('last_uid', '<', uid)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw new LeaseLostError(held.channel.id);
      if (!mail.from) {
        this.deps.logger.warn({ channelId: held.channel.id, uid, messageId: mail.messageId }, 'mail without a sender skipped');
        return 'invalid_sender';
      }
      const content = compact({
        text: mail.text,
        subject: mail.subject,
        inReplyTo: mail.inReplyTo,
        references: mail.references,
        attachments: attachments.length > 0 ? attachments : undefined,
      });
      const event = {
        kind: 'inbound' as const,
        providerMessageId: mail.messageId,
        from: mail.from.address,
        senderName: mail.from.name,
        type: 'text' as const,
        content,
        occurredAt: mail.date,
        answers: mail.answers.length > 0 ? mail.answers : undefined,
      };
      return receiveInbound(ctx, held.channel, event, this.deps.chatLifecycle, this.deps.flows, this.deps.customerWrote);
    });
  }

  /**
   * Each attachment as a file of the organization; one over FILE_MAX_BYTES (or empty) is named in
   * the content without a file, with why, rather than holding the mail back for ever.
   */
  private async storeAttachments(held: HeldMailbox, mail: InboundMail): Promise<Record<string, unknown>[]> {
    const stored: Record<string, unknown>[] = [];
    for (const attachment of mail.attachments) {
      try {
        const file = await this.deps.files.create(held.organizationId, { name: attachment.filename, bytes: attachment.content });
        stored.push({ fileId: file.id, name: file.name, mimeType: file.mimeType, size: file.size });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        stored.push({
          name: attachment.filename ?? 'attachment',
          size: attachment.content.length,
          error: { code: err.code, message: err.message },
        });
      }
    }
    return stored;
  }
}
