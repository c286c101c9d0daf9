/** Channel kinds the spec names, and what a recipient looks like on each. */
export const CHANNEL_KINDS = [
  'whatsapp_official',
  'whatsapp_wapi',
  'whatsapp_zapi',
  'whatsapp_waha',
  'whatsapp_evo',
  'email',
  'instagram',
  'facebook',
] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_STATUSES = ['connected', 'disconnected'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export function isWhatsAppKind(kind: string): boolean {
  return kind.startsWith('whatsapp_');
}
