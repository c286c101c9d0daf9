/** The sign-in form (DESIGN §8 names its fields): a refusal is shown in a role=alert element. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { useSession } from '../../app/session';
import { ErrorAlert } from '../../lib/format';

export function SignIn() {
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const session = await signIn(email, password);
      navigate(session.organizations.length === 1 ? `/o/${session.organizations[0]!.id}/inbox` : '/', { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('signIn.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <LanguageSelect />
      <form onSubmit={(e) => void submit(e)} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Conversa</h1>
        <p>{t('signIn.intro')}</p>
        <label>
          {t('signIn.email')}
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          {t('signIn.password')}
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <ErrorAlert message={error} />
        <button type="submit" disabled={busy}>
          {t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}
