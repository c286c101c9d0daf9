/**
 * A stored pending message as ChatDelivery.deliverStored delivers it: one read of the message, its
 * channel and the message it quotes, and what that read makes: the provider's target, the message
 * the provider gets and what the governor needs (its traffic class and the hold it comes out of).
 */
import { sql, type Kysely } from 'kysely';
import type { OutboundMessage } from '../../channels/provider.js';
import type { DB } from '../../db/schema.js';
import { isPostgres } from '../../db/executor.js';
import { fromJson } from '../../lib/json.js';
import type { GovernedMessage } from '../governor/index.js';
import { withChannelSettings } from './chat-target.js';
import type { DeliveryChannel } from './delivery-types.js';

/**
 * `last_inbound_provider_id`: an e-mail without a quoted message still answers the customer's last
 * mail (DESIGN.md §9 "E-mail": outbound mails carry In-Reply-To/References), so their client threads it.
 */
export async function storedDelivery(db: Kysely<DB>, organizationId: string, messageId: string) {
  return storedDeliveryQuery(db, organizationId, messageId).executeTakeFirst();
}

/**
 * The read itself (test/http/query-plans.test.ts explains it). The message is found by its id: on
 * SQLite a plain `m.organization_id = ?` let the planner scan the channels and walk the report index
 * by organization instead (46 ms a send at 89k messages, the campaign bench's main cost), so there
 * the organization is checked as an expression (`+col`, SQLite's way of keeping a term off an index).
 */
export function storedDeliveryQuery(db: Kysely<DB>, organizationId: string, messageId: string) {
  const messageOrganization = isPostgres(db) ? sql.ref<string>('m.organization_id') : sql<string>`+m.organization_id`;
  return db
    .selectFrom('messages as m')
    .innerJoin('channels as c', (join) => join.onRef('c.id', '=', 'm.channel_id').onRef('c.organization_id', '=', 'm.organization_id'))
    .leftJoin('messages as r', (join) =>
      join.onRef('r.id', '=', 'm.reply_to_message_id').onRef('r.organization_id', '=', 'm.organization_id'),
    )
    .select([
      'm.id',
      'm.recipient',
      'm.type',
      'm.content',
      'm.status',
      'm.traffic',
      'm.held_until',
      'm.held_reason',
      'r.provider_message_id as reply_to_provider_id',
      'c.id as channel_id',
      'c.kind',
      'c.config',
      'c.settings',
      'c.status as channel_status',
      'c.active',
    ])
    .select((eb) =>
      eb
        .selectFrom('messages as i')
        .select('i.provider_message_id')
        .where('i.organization_id', '=', organizationId)
        .whereRef('i.chat_id', '=', 'm.chat_id')
        .where('i.direction', '=', 'inbound')
        .where('i.provider_message_id', 'is not', null)
        .where(sql<boolean>`${eb.ref('c.kind')} = 'email'`)
        .orderBy('i.id', 'desc')
        .limit(1)
        .as('last_inbound_provider_id'),
    )
    .where(messageOrganization, '=', organizationId)
    .where('m.id', '=', messageId);
}

/**
 * The Message-ID of the customer's last mail in an e-mail chat: what an answer that quotes nothing
 * still replies to (In-Reply-To/References), so the customer's client threads it. Empty elsewhere.
 */
export async function emailThreadParent(
  db: Kysely<DB>,
  channel: { kind: string; organizationId: string },
  chatId: string,
): Promise<Pick<OutboundMessage, 'replyToProviderMessageId'>> {
  if (channel.kind !== 'email') return {};
  const row = await db
    .selectFrom('messages')
    .select('provider_message_id')
    .where('organization_id', '=', channel.organizationId)
    .where('chat_id', '=', chatId)
    .where('direction', '=', 'inbound')
    .where('provider_message_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.provider_message_id ? { replyToProviderMessageId: row.provider_message_id } : {};
}

type StoredRow = NonNullable<Awaited<ReturnType<typeof storedDelivery>>>;

export function deliveryOf(
  organizationId: string,
  row: StoredRow,
): { target: DeliveryChannel; stored: OutboundMessage; governed: GovernedMessage } {
  const settings = fromJson<Record<string, unknown>>(row.settings, {});
  return {
    target: {
      channelId: row.channel_id,
      organizationId,
      kind: row.kind,
      config: withChannelSettings(fromJson<Record<string, unknown>>(row.config, {}), settings),
      settings,
    },
    stored: {
      id: row.id,
      to: row.recipient,
      type: row.type as OutboundMessage['type'],
      content: fromJson(row.content, {}),
      ...(row.reply_to_provider_id || row.last_inbound_provider_id
        ? { replyToProviderMessageId: (row.reply_to_provider_id ?? row.last_inbound_provider_id)! }
        : {}),
    },
    governed: {
      id: row.id,
      recipient: row.recipient,
      type: row.type,
      traffic: row.traffic,
      held: { until: row.held_until, reason: row.held_reason },
    },
  };
}
