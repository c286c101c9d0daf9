/** The SLA countdown of a chat row: time left when a deadline is near, `overdue` once it passed. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minutesOf, slaCountdown, TICK_MS, type Countdown, type SlaFields } from './sla-countdown';

/** The time now, redrawn every `intervalMs` (every row shares the redraw of its list). */
export function useNow(intervalMs = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The sentence a screen reader hears (and the row's name carries): `First reply due in 12 min`. */
export function useSlaLabel(): (countdown: Countdown) => string {
  const { t } = useTranslation();
  return (countdown) => {
    const minutes = minutesOf(countdown.leftMs);
    const time =
      minutes < 60
        ? t('sla.minutes', { value: minutes })
        : t('sla.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
    const key = countdown.target === 'firstResponse' ? 'firstResponse' : 'resolution';
    return countdown.overdue ? t(`sla.${key}Overdue`, { time }) : t(`sla.${key}Due`, { time });
  };
}

export function SlaBadge({ chat, now }: { chat: SlaFields; now: number }) {
  const { t } = useTranslation();
  const label = useSlaLabel();
  const countdown = slaCountdown(chat, now);
  if (!countdown) return null;
  const text = countdown.overdue ? t('sla.overdue') : t('sla.minutes', { value: minutesOf(countdown.leftMs) });
  const full = label(countdown);
  return (
    <span className={`sla-badge${countdown.overdue ? ' sla-overdue' : ''}`} role="img" aria-label={full} title={full}>
      ⏱ {text}
    </span>
  );
}
