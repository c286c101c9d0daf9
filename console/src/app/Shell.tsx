/** The frame of an organization's pages: navigation, organization picker, live state, sign-out. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useOrg } from './org';
import { useSession } from './session';

const STREAM_LABEL = { live: 'Live', connecting: 'Connecting…', offline: 'Offline' } as const;

export function Shell({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const { orgId, isAdmin, streamState } = useOrg();
  const [location, navigate] = useLocation();
  const current = (path: string) => (location.startsWith(path) ? 'page' : undefined);
  return (
    <div className="shell">
      <header className="topbar">
        <strong className="brand">Conversa</strong>
        <nav aria-label="Main">
          <Link href="/inbox" aria-current={current('/inbox')}>
            Inbox
          </Link>
          <Link href="/funnel" aria-current={current('/funnel')}>
            Funnel
          </Link>
          {isAdmin ? (
            <Link href="/settings" aria-current={current('/settings')}>
              Settings
            </Link>
          ) : null}
        </nav>
        <span className={`stream stream-${streamState}`} role="status" aria-label={`Updates: ${STREAM_LABEL[streamState]}`}>
          {STREAM_LABEL[streamState]}
        </span>
        {session!.organizations.length > 1 ? (
          <label className="org-picker">
            <span className="visually-hidden">Organization</span>
            <select value={orgId} onChange={(e) => navigate(`~/app/o/${e.target.value}/inbox`)}>
              {session!.organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <span className="who">{session!.profile.name}</span>
        <button type="button" onClick={() => void signOut().then(() => navigate('~/app/sign-in'))}>
          Sign out
        </button>
      </header>
      {children}
    </div>
  );
}
