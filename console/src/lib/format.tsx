/** Small display helpers shared by the pages. */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { formatDate, formatTime } from '../i18n/locale-format';
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
  return date.toDateString() === today.toDateString() ? formatTime(date, currentLocale()) : formatDate(date, currentLocale());
}

const TICKS = { pending: '◷', sent: '✓', delivered: '✓✓', read: '✓✓', failed: '!' } as const;

/** The status of an outbound message: ✓ sent, ✓✓ delivered, blue ✓✓ read, ! failed. */
export function StatusTick({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status in TICKS ? (status as keyof typeof TICKS) : undefined;
  const label = known ? t(`ticks.${known}`) : status;
  return (
    <span className={`tick tick-${status}`} role="img" aria-label={label} title={label}>
      {known ? TICKS[known] : '?'}
    </span>
  );
}

/** A refusal or failure, announced to screen readers (role=alert); nothing when there is none. */
export function ErrorAlert({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="error">
      {message}
    </p>
  ) : null;
}

/** A closed chat's satisfaction rating (1–5, docs/csat.md) as stars, named for screen readers. */
export function RatingStars({ rating }: { rating: number | null | undefined }) {
  const { t } = useTranslation();
  if (!rating) return null;
  const label = t('rating.label', { rating });
  return (
    <span className="rating" role="img" aria-label={label} title={label}>
      {'★'.repeat(rating)}
      {'☆'.repeat(5 - rating)}
    </span>
  );
}
