/** The sign-in form (DESIGN §8 names its fields): a refusal is shown in a role=alert element. */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../app/session';
import { ErrorAlert } from '../../lib/format';

export function SignIn() {
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const session = await signIn(email, password);
      navigate(session.organizations.length === 1 ? `/o/${session.organizations[0]!.id}/inbox` : '/', { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form onSubmit={(e) => void submit(e)} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Conversa</h1>
        <p>Sign in to answer your customers.</p>
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
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
          Sign in
        </button>
      </form>
    </main>
  );
}
