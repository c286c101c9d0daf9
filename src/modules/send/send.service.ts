/**
 * Sending a message (spec endpoint 1, DESIGN.md §4): resolves the channel with the caller's
 * membership, checks the recipient and the content against the channel, and hands the message to
 * the chats module's delivery, which stores it in the contact's active chat and calls the provider.
 */
import { type MessageSource, type MessageRecord, type SendMessageInput, isRecipient, normalizeRecipient } from '../messages/index.js';
import type { Kysely } from 'kysely';
import { capabilitiesOf } from '../../channels/registry.js';
import { prepareQuery } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError, type ErrorDetail } from '../../errors.js';
import { fromJson } from '../../lib/json.js';
import type { RecordOutcome } from '../../http/idempotency.js';
import type { AccessChanges } from '../../access/access-changes.js';
import { KeptChannels } from '../../access/kept-channels.js';
import { type ChatDelivery, type ContactChannel, type DeliveryState, usableChannel } from '../delivery/index.js';

/** The channel a send goes through, resolved (with the caller's membership) in one query. */
export interface SendTarget extends ContactChannel {
  plan: string;
  /** The organization's own send limit a minute (admin API, CLI); null: its plan's. */
  sendLimitPerMinute: number | null;
}

export interface SendDeps {
  db: Kysely<DB>;
  delivery: ChatDelivery;
  /** Hears what makes a kept send target stale (access/kept-channels.ts). */
  accessChanges: AccessChanges;
}

/** The channel of a send with its organization, if the profile is a member: built once, run on every send. */
const sendTargetQuery = prepareQuery<{ profileId: string; channelId: string }>()((db, p) =>
  db
    .selectFrom('channels as c')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.organization_id', '=', 'c.organization_id').on('m.profile_id', '=', p('profileId')),
    )
    .select([
      'c.id',
      'c.organization_id',
      'c.kind',
      'c.config',
      'c.settings',
      'c.status',
      'c.active',
      'c.health',
      'o.plan',
      'o.send_limit_per_minute',
      'o.settings as org_settings',
    ])
    .where('c.id', '=', p('channelId')),
);

export class SendService {
  private readonly targets: KeptChannels<SendTarget>;

  constructor(private readonly deps: SendDeps) {
    this.targets = new KeptChannels(deps.accessChanges);
  }

  /**
   * The channel of a send, if the key's profile is a member of its organization. Unknown, another
   * organization's, or inactive → 404; disconnected → 422. Kept until it changes (access/kept-channels.ts).
   */
  resolveTarget(profileId: string, channelId: string): Promise<SendTarget> {
    return this.targets.of({ channelId, profileId }, async () => {
      const row = (await sendTargetQuery.execute(this.deps.db, { profileId, channelId })).rows[0];
      if (!row) throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found');
      const channel = usableChannel(row, row.organization_id);
      return {
        ...channel,
        plan: row.plan,
        sendLimitPerMinute: row.send_limit_per_minute ?? null,
        defaultCountry: fromJson<{ defaultCountry?: string }>(row.org_settings, {}).defaultCountry ?? 'BR',
        defaultStageId: channel.settings.defaultStageId ?? null,
      };
    });
  }

  /** `record`: the request's Idempotency-Key answer, written with the message and again with its outcome. */
  async send(
    target: SendTarget,
    input: SendMessageInput,
    senderProfileId: string,
    record?: RecordOutcome<MessageRecord>,
    source: MessageSource = 'api',
  ): Promise<MessageRecord> {
    const errors: ErrorDetail[] = [];
    const recipient = normalizeRecipient(target.kind, input.to, target.defaultCountry, target.config.sandbox === true);
    if (!isRecipient(recipient)) errors.push(recipient);
    if (input.type === 'template') errors.push(...(await this.templateProblems(target, input.content)));
    if (errors.length > 0 || !isRecipient(recipient)) throw validationError(errors);

    const answer = ({ messageId, chatId, createdAt, outcome }: DeliveryState): MessageRecord => ({
      id: messageId,
      channel_id: target.channelId,
      to: recipient.value,
      type: input.type,
      status: outcome.status,
      content: input.content,
      created_at: createdAt,
      chat_id: chatId,
      ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
      source,
    });
    const delivered = await this.deps.delivery.toContact(
      target,
      recipient,
      { type: input.type, content: input.content, senderProfileId, source },
      { record: record && ((trx, state) => record(trx, answer(state))) },
    );
    return answer(delivered);
  }

  /** Templates only on whatsapp_official, and only an approved template of that channel. */
  private async templateProblems(target: SendTarget, content: Record<string, unknown>): Promise<ErrorDetail[]> {
    if (!capabilitiesOf(target.kind).templates) {
      return [{ field: 'type', message: 'templates can only be sent on a whatsapp_official channel' }];
    }
    const template = await tenantQueries(this.deps.db, target.organizationId)
      .selectFrom('templates')
      .select('id')
      .where('channel_id', '=', target.channelId)
      .where('name', '=', String(content.name))
      .where('language', '=', String(content.language))
      .where('status', '=', 'approved')
      .executeTakeFirst();
    return template ? [] : [{ field: 'content.name', message: 'is not an approved template of this channel in that language' }];
  }
}
