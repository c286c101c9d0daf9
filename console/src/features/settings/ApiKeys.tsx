/** The signed-in agent's own API keys: create (the key is shown once), revoke. */
import { useState } from 'react';
import { shortTime, ErrorAlert } from '../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/api-keys';

export function ApiKeys() {
  const { data: keys = [], error: readError } = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState('');
  const [error, setError] = useState('');
  return (
    <section aria-label="API keys">
      <p className="small muted">Keys act as you, in every organization you belong to.</p>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          create.mutate(name.trim() || 'Console key', {
            onSuccess: (key) => {
              setCreated(key.key);
              setName('');
            },
            onError: (err) => setError(err.message),
          });
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
      <ErrorAlert message={error || (readError ? `Could not load the keys: ${readError.message}` : '')} />
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
                onClick={() => revoke.mutate(k.id, { onError: (err) => setError(err.message) })}
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
