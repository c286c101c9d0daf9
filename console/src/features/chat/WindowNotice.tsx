/** WhatsApp's 24-hour customer-service window on official channels: free-form replies only inside it. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function WindowNotice({ expiresAt }: { expiresAt: string | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const open = expiresAt !== null && new Date(expiresAt).getTime() > now;
  const left = open ? Math.max(0, new Date(expiresAt).getTime() - now) : 0;
  const hours = Math.floor(left / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  return (
    <p className={`window ${open ? 'window-open' : 'window-closed'}`} role="note" aria-label={t('chat.windowLabel')}>
      {open ? t('chat.windowOpen', { hours, minutes }) : t('chat.windowClosed')}
    </p>
  );
}
