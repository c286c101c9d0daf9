/** Small display helpers shared by the pages. */
import type { Channel } from './types';

const KIND_LABEL: Record<string, string> = {
  whatsapp_official: 'WhatsApp',
  whatsapp_wapi: 'WhatsApp',
  whatsapp_zapi: 'WhatsApp',
  whatsapp_waha: 'WhatsApp',
  whatsapp_evolution: 'WhatsApp',
  email: 'E-mail',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

export function channelLabel(channel: Channel | undefined, fallback: string): string {
  if (!channel) return fallback.slice(0, 8);
  return channel.name || KIND_LABEL[channel.kind] || channel.kind;
}

export function shortTime(iso: string): string {
  const date = new Date(iso);
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString([], { day: 'numeric', month: 'short' });
}

const TICKS: Record<string, { mark: string; label: string }> = {
  pending: { mark: '◷', label: 'Pending' },
  sent: { mark: '✓', label: 'Sent' },
  delivered: { mark: '✓✓', label: 'Delivered' },
  read: { mark: '✓✓', label: 'Read' },
  failed: { mark: '!', label: 'Failed' },
};

/** The status of an outbound message: ✓ sent, ✓✓ delivered, blue ✓✓ read, ! failed. */
export function StatusTick({ status }: { status: string }) {
  const tick = TICKS[status] ?? { mark: '?', label: status };
  return (
    <span className={`tick tick-${status}`} role="img" aria-label={tick.label} title={tick.label}>
      {tick.mark}
    </span>
  );
}

export const STATUS_NAMES: Record<string, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  await_closing: 'Await closing',
  closed: 'Closed',
};

/** A refusal or failure, announced to screen readers (role=alert); nothing when there is none. */
export function ErrorAlert({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="error">
      {message}
    </p>
  ) : null;
}
