/**
 * What a channel's config (not its kind) keeps it from sending, asked before a message is stored
 * so the send answers 422 UNSUPPORTED_BY_CHANNEL at once (DESIGN.md §9, "Vendor specifics").
 * Today: WAHA Core (`config.edition: "core"`) sends no media, unless `mediaAsLink` sends them as
 * a text with the file's link. An edition read from WAHA's version endpoint (config unset) is the
 * adapter's to apply, when it sends (whatsapp-waha/waha-extras.ts).
 */
import type { ChannelKind } from './kinds.js';
import type { MessageType } from './provider.js';

const MEDIA: readonly string[] = ['image', 'video', 'audio', 'document'];

const LIMITS: Partial<Record<ChannelKind, (config: Record<string, unknown>, type: MessageType | string) => string | undefined>> = {
  whatsapp_waha: (config, type) =>
    config.edition === 'core' && config.mediaAsLink !== true && MEDIA.includes(type)
      ? `WAHA Core sends no ${type} messages (config.edition core; settings.mediaAsLink sends a link instead)`
      : undefined,
};

/** Why this channel cannot send a message of `type`, or undefined when it can. */
export function configRefusal(kind: string, config: Record<string, unknown>, type: MessageType | string): string | undefined {
  return LIMITS[kind as ChannelKind]?.(config, type);
}
