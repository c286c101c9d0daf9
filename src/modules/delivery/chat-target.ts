/**
 * The chat a send into an existing chat goes to (sequences, send-template), with its channel:
 * another organization's chat is 404 CHAT_NOT_FOUND, a closed chat 409 CHAT_CLOSED, an inactive
 * or disconnected channel 422 CHANNEL_DISCONNECTED.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ChatsTable, DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { fromJson } from '../../lib/json.js';
import type { DeliveryChannel } from './delivery-types.js';
import { windowEnforced } from '../shared/index.js';
import type { GovernorChannelSettings } from '../channel-records/index.js';

export interface TargetChannel extends DeliveryChannel {
  connected: boolean;
}

/** A channel's own settings (channel-records), as the paths that deliver through it read them. */
export interface ChannelSettings extends GovernorChannelSettings {
  defaultStageId?: string | null;
  defaultTeamId?: string | null;
  autoAssign?: boolean;
  enforceWhatsAppWindow?: boolean;
  /** WAHA Core: send media as a text with the file's link instead of refusing them (DESIGN.md §9). */
  mediaAsLink?: boolean;
}

/** The config the provider is built from: `settings.mediaAsLink` is the adapter's to apply, so it rides along. */
export function withChannelSettings(config: Record<string, unknown>, settings: ChannelSettings): Record<string, unknown> {
  return settings.mediaAsLink === true ? { ...config, mediaAsLink: true } : config;
}

interface ChannelRow {
  id: string;
  kind: string;
  config: string;
  settings: string;
  status: string;
  active: number;
  /** The vendor's signals (migration 0026): `disconnected` refuses sends like `status` does. */
  health?: string;
}

/**
 * A channel row as a delivery target, in one place for every path (send, chat create, chats):
 * config and settings parsed and WhatsApp's window decided. Inactive (or missing) → 404
 * CHANNEL_NOT_FOUND, as one of another organization; disconnected → 422 CHANNEL_DISCONNECTED.
 */
export function usableChannel(row: ChannelRow | undefined, organizationId: string): DeliveryChannel & { settings: ChannelSettings } {
  if (!row) throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found');
  if (row.active !== 1) throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found (it is inactive)');
  if (row.status !== 'connected') throw new AppError('CHANNEL_DISCONNECTED', 'The channel is disconnected');
  if (row.health === 'disconnected')
    throw new AppError('CHANNEL_DISCONNECTED', "The channel's provider reports it disconnected (its session is closed or logged out)");
  return parseChannel(row, organizationId);
}

function parseChannel(
  row: Omit<ChannelRow, 'status' | 'active' | 'health'>,
  organizationId: string,
): DeliveryChannel & { settings: ChannelSettings } {
  const settings = fromJson<ChannelSettings>(row.settings, {});
  const config = withChannelSettings(fromJson<Record<string, unknown>>(row.config, {}), settings);
  return {
    channelId: row.id,
    organizationId,
    kind: row.kind,
    config,
    settings,
    enforceWhatsAppWindow: windowEnforced(row.kind, config, settings),
  };
}

export interface ChatTarget {
  chat: Selectable<ChatsTable>;
  channel: TargetChannel;
}

/** A channel of the organization as a delivery target, or undefined when it is not one (or inactive). */
export async function deliveryChannel(db: Kysely<DB>, organizationId: string, channelId: string): Promise<TargetChannel | undefined> {
  const row = await tenantQueries(db, organizationId)
    .selectFrom('channels')
    .select(['id', 'kind', 'config', 'settings', 'status', 'active', 'health'])
    .where('id', '=', channelId)
    .executeTakeFirst();
  if (!row || row.active !== 1) return undefined;
  return { ...parseChannel(row, organizationId), connected: row.status === 'connected' && row.health !== 'disconnected' };
}

export async function loadChatTarget(db: Kysely<DB>, organizationId: string, chatId: string): Promise<ChatTarget> {
  const chat = await tenantQueries(db, organizationId).selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
  if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
  if (chat.status === 'closed') throw new AppError('CHAT_CLOSED', 'The chat is closed: nothing more can be sent into it');
  const channel = await deliveryChannel(db, organizationId, chat.channel_id);
  if (!channel || !channel.connected) throw new AppError('CHANNEL_DISCONNECTED', "The chat's channel is inactive or disconnected");
  return { chat, channel };
}
