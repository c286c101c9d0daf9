/** The signed-in agent's own API keys: create (the key is shown once), revoke. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortTime, ErrorAlert } from '../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/api-keys';

export function ApiKeys() {
  const { data: keys = [], error: readError } = useApiKeys();
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState('');
  const [error, setError] = useState('');
  return (
    <section aria-label={t('settings.apiKeys')}>
      <p className="small muted">{t('settings.keysIntro')}</p>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          create.mutate(name.trim() || t('settings.defaultKeyName'), {
            onSuccess: (key) => {
              setCreated(key.key);
              setName('');
            },
            onError: (err) => setError(err.message),
          });
        }}
      >
        <label>
          {t('settings.keyName')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        </label>
        <button type="submit">{t('settings.createKey')}</button>
      </form>
      {created ? (
        <p role="status" className="secret">
          {t('settings.newKey')}
          <code>{created}</code>
        </p>
      ) : null}
      <ErrorAlert message={error || (readError ? t('settings.keysError', { reason: readError.message }) : '')} />
      <ul className="plain rows">
        {keys.map((k) => (
          <li key={k.id}>
            <strong>{k.name}</strong> <code>{k.prefix}…</code>{' '}
            <span className="small muted">
              {k.scopes.join(', ')} · {t('settings.created', { when: shortTime(k.createdAt) })}
            </span>
            {k.revokedAt ? (
              <span className="small muted">{t('settings.revoked')}</span>
            ) : (
              <button
                type="button"
                className="link"
                aria-label={t('settings.revokeKey', { name: k.name })}
                onClick={() => revoke.mutate(k.id, { onError: (err) => setError(err.message) })}
              >
                {t('settings.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
