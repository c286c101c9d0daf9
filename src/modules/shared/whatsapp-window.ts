/**
 * WhatsApp's customer-service window: on the official Cloud API a free-form message (text, media)
 * is accepted only within 24 hours of the customer's last message; outside it only a template may
 * be sent. Meta accepts such a call and fails the message later, so we refuse it at once (422
 * WHATSAPP_WINDOW_CLOSED). The channel's `settings.enforceWhatsAppWindow` decides: on by default for
 * real official channels, off by default for sandbox channels (so the sandbox behaves as documented).
 */
import type { Executor } from '../../db/executor.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { activeChatOf } from './chat-states.js';

export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Only the official API enforces the window; the gateway kinds (W-API, Z-API, WAHA, Evolution) do not. */
const WINDOW_KINDS = new Set(['whatsapp_official']);

export function hasWhatsAppWindow(kind: string): boolean {
  return WINDOW_KINDS.has(kind);
}

export function windowEnforced(kind: string, config: Record<string, unknown>, settings: { enforceWhatsAppWindow?: boolean }): boolean {
  return hasWhatsAppWindow(kind) && (settings.enforceWhatsAppWindow ?? config.sandbox !== true);
}

/** When the free-form window closes (null when the channel has none or the customer never wrote). */
export function windowExpiresAt(kind: string, lastInboundAt: string | null): string | null {
  if (!hasWhatsAppWindow(kind) || !lastInboundAt) return null;
  return new Date(Date.parse(lastInboundAt) + WHATSAPP_WINDOW_MS).toISOString();
}

/** Refuses a free-form message outside the window; templates always pass. */
export function assertWindowOpen(type: string, lastInboundAt: string | null | undefined, now: Date): void {
  if (type === 'template') return;
  if (lastInboundAt && Date.parse(lastInboundAt) + WHATSAPP_WINDOW_MS > now.getTime()) return;
  throw new AppError(
    'WHATSAPP_WINDOW_CLOSED',
    lastInboundAt
      ? 'The customer last wrote more than 24 hours ago: outside that window WhatsApp accepts only a template (send one with type "template" or send-template)'
      : 'The customer has not written in this chat: WhatsApp accepts only a template until they do (send one with type "template" or send-template)',
  );
}

/** When the contact last wrote in their active chat on the channel (undefined: no active chat, or never). */
export async function activeChatLastInbound(
  db: Executor,
  target: { organizationId: string; channelId: string },
  contact: string,
): Promise<string | null | undefined> {
  const chat = await activeChatOf(tenantQueries(db, target.organizationId), target.channelId, contact)
    .select('last_inbound_at')
    .executeTakeFirst();
  return chat?.last_inbound_at;
}
