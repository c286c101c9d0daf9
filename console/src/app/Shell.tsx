/** The frame of an organization's pages: navigation, organization picker, live state, sign-out. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LanguageSelect } from '../i18n/LanguageSelect';
import {
  useMessageNotifications,
  useNotificationPermission,
  useSoundSetting,
  useUnreadTitle,
} from '../features/notifications/use-notifications';
import { useOrg } from './org';
import { useSession } from './session';

export function Shell({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const { orgId, can, streamState } = useOrg();
  const [location, navigate] = useLocation();
  const { t } = useTranslation();
  const streamLabel = t(`app.${streamState}`);
  const notifications = useNotificationPermission();
  const sound = useSoundSetting();
  useUnreadTitle();
  useMessageNotifications();
  const current = (path: string) => (location.startsWith(path) ? 'page' : undefined);
  return (
    <div className="shell">
      <header className="topbar">
        <strong className="brand">Conversa</strong>
        <nav aria-label={t('app.mainNav')}>
          <Link href="/inbox" aria-current={current('/inbox')}>
            {t('app.inbox')}
          </Link>
          <Link href="/funnel" aria-current={current('/funnel')}>
            {t('app.funnel')}
          </Link>
          {can('reports.read') ? (
            <Link href="/reports" aria-current={current('/reports')}>
              {t('app.reports')}
            </Link>
          ) : null}
          {can('campaigns.manage') ? (
            <Link href="/campaigns" aria-current={current('/campaigns')}>
              {t('app.campaigns')}
            </Link>
          ) : null}
          {can('settings.manage') ? (
            <Link href="/settings" aria-current={current('/settings')}>
              {t('app.settings')}
            </Link>
          ) : null}
          {can('auditLog.read') ? (
            <Link href="/audit" aria-current={current('/audit')}>
              {t('app.audit')}
            </Link>
          ) : null}
        </nav>
        <span className={`stream stream-${streamState}`} role="status" aria-label={t('app.updates', { state: streamLabel })}>
          {streamLabel}
        </span>
        {session!.organizations.length > 1 ? (
          <label className="org-picker">
            <span className="visually-hidden">{t('app.organization')}</span>
            <select value={orgId} onChange={(e) => navigate(`~/app/o/${e.target.value}/inbox`)}>
              {session!.organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {notifications.permission === 'default' ? (
          <button type="button" onClick={notifications.ask}>
            {t('notify.enable')}
          </button>
        ) : null}
        <label className="check sound-toggle">
          <input type="checkbox" checked={sound.on} onChange={(e) => sound.set(e.target.checked)} />{' '}
          <span aria-hidden="true" className="sound-icon">
            ♪
          </span>
          <span className="sound-text">{t('notify.sound')}</span>
        </label>
        <LanguageSelect />
        <span className="who">{session!.profile.name}</span>
        <button type="button" onClick={() => void signOut().then(() => navigate('~/app/sign-in'))}>
          {t('app.signOut')}
        </button>
      </header>
      {children}
    </div>
  );
}
