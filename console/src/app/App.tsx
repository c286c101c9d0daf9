/** Routes (wouter, under /app): sign-in, the organization picker, and one organization's pages. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, Route, Router, Switch, useParams } from 'wouter';
import { SignIn } from '../features/auth/SignIn';
import { Inbox } from '../features/inbox/Inbox';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { OrgProvider } from './org';
import { SessionProvider, useSession } from './session';
import { Shell } from './Shell';

// Pages an agent opens less often load on demand, so the inbox's first paint carries less code.
const FunnelBoard = lazy(() => import('../features/funnel/FunnelBoard'));
const Settings = lazy(() => import('../features/settings/Settings'));
const AuditLog = lazy(() => import('../features/audit/AuditLog'));
// Reports carry chart.js (~60 kB gzip): only supervisors and up open them, never on the first load.
const Reports = lazy(() => import('../features/reports/Reports'));
const Campaigns = lazy(() => import('../features/campaigns/Campaigns'));

export function App() {
  return (
    <SessionProvider>
      <Router base="/app">
        <Routes />
      </Router>
    </SessionProvider>
  );
}

function Routes() {
  const { session, loading } = useSession();
  const { t } = useTranslation();
  if (loading) return <p className="loading">{t('common.loading')}</p>;
  if (!session) {
    return (
      <Switch>
        <Route path="/sign-in" component={SignIn} />
        <Route>
          <Redirect to="/sign-in" replace />
        </Route>
      </Switch>
    );
  }
  return (
    <Switch>
      <Route path="/o/:org" nest>
        <OrgPages />
      </Route>
      <Route>
        {session.organizations.length === 1 ? <Redirect to={`/o/${session.organizations[0]!.id}/inbox`} replace /> : <OrgPicker />}
      </Route>
    </Switch>
  );
}

function OrgPicker() {
  const { session, signOut } = useSession();
  const { t } = useTranslation();
  return (
    <main className="picker">
      <LanguageSelect />
      <h1>{t('app.chooseOrganization')}</h1>
      {session!.organizations.length === 0 ? <p>{t('app.noOrganization')}</p> : null}
      <ul>
        {session!.organizations.map((o) => (
          <li key={o.id}>
            <Link href={`/o/${o.id}/inbox`}>{o.name}</Link>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => void signOut()}>
        {t('app.signOut')}
      </button>
    </main>
  );
}

function OrgPages() {
  const { org } = useParams<{ org: string }>();
  const { session } = useSession();
  const { t } = useTranslation();
  const membership = session!.organizations.find((o) => o.id === org);
  if (!membership) return <Redirect to="~/app/" replace />;
  return (
    <OrgProvider
      key={org}
      orgId={org}
      role={membership.role}
      permissions={membership.permissions}
      profileId={session!.profile.id}
      currency={membership.currency}
    >
      <Shell>
        <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
          <Switch>
            <Route path="/inbox/:chatId?" component={Inbox} />
            <Route path="/funnel" component={FunnelBoard} />
            <Route path="/campaigns" component={Campaigns} />
            <Route path="/settings" component={Settings} />
            <Route path="/audit" component={AuditLog} />
            <Route path="/reports" component={Reports} />
            <Route>
              <Redirect to="/inbox" replace />
            </Route>
          </Switch>
        </Suspense>
      </Shell>
    </OrgProvider>
  );
}
