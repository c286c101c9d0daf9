/** The signed-in agent's own API keys: create (the key is shown once), revoke. */
import { useCallback, useEffect, useState } from 'react';
import { auth } from '../../lib/api';
import { shortTime, ErrorAlert } from '../../lib/format';
import type { ApiKey } from '../../lib/types';

export function ApiKeys() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [name, setName] = useState('');
  const [created, setCreated] = useState('');
  const [error, setError] = useState('');
  const reload = useCallback(() => {
    auth.apiKeys().then(setKeys, (err: Error) => setError(err.message));
  }, []);
  useEffect(() => {
    reload();
  }, [reload]);
  return (
    <section aria-label="API keys">
      <p className="small muted">Keys act as you, in every organization you belong to.</p>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          auth.createApiKey(name.trim() || 'Console key').then(
            (key) => {
              setCreated(key.key);
              setName('');
              reload();
            },
            (err: Error) => setError(err.message),
          );
        }}
      >
        <label>
          Key name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        </label>
        <button type="submit">Create key</button>
      </form>
      {created ? (
        <p role="status" className="secret">
          New key (shown once): <code>{created}</code>
        </p>
      ) : null}
      <ErrorAlert message={error} />
      <ul className="plain rows">
        {keys.map((k) => (
          <li key={k.id}>
            <strong>{k.name}</strong> <code>{k.prefix}…</code>{' '}
            <span className="small muted">
              {k.scopes.join(', ')} · created {shortTime(k.createdAt)}
            </span>
            {k.revokedAt ? (
              <span className="small muted"> · revoked</span>
            ) : (
              <button
                type="button"
                className="link"
                aria-label={`Revoke key ${k.name}`}
                onClick={() => auth.revokeApiKey(k.id).then(reload, (err: Error) => setError(err.message))}
              >
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
