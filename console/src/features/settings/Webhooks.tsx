/** Webhook endpoints: add (the secret is shown once), delete, the delivery log of each and replay. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { shortTime, ErrorAlert } from '../../lib/format';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useReplayDelivery, useWebhooks } from './api/webhooks';

export function Webhooks() {
  const { orgId } = useOrg();
  const { data: endpoints = [], error: readError } = useWebhooks(orgId);
  const { t } = useTranslation();
  const create = useCreateWebhook(orgId);
  const remove = useDeleteWebhook(orgId);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState('');

  return (
    <section aria-label={t('settings.webhooks')}>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          create.mutate(url, {
            onSuccess: (created) => {
              setSecret(created.secret);
              setUrl('');
            },
            onError: (err) => setError(err.message),
          });
        }}
      >
        <label>
          {t('settings.webhookUrl')}
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://example.com/hooks" />
        </label>
        <button type="submit">{t('settings.addWebhook')}</button>
      </form>
      {secret ? (
        <p role="status" className="secret">
          {t('settings.secret')}
          <code>{secret}</code>
        </p>
      ) : null}
      <ErrorAlert message={error || (readError ? t('settings.webhooksError', { reason: readError.message }) : '')} />
      <ul className="plain rows">
        {endpoints.map((ep) => (
          <li key={ep.id}>
            <div className="row-line">
              <code>{ep.url}</code>
              <span className="muted small">{ep.enabled === false ? t('settings.disabled') : t('settings.enabled')}</span>
              <button type="button" className="link" aria-expanded={open === ep.id} onClick={() => setOpen(open === ep.id ? null : ep.id)}>
                {t('settings.deliveries')}
              </button>
              <button
                type="button"
                className="link"
                aria-label={t('settings.deleteWebhook', { url: ep.url })}
                onClick={() => remove.mutate(ep.id, { onError: (err) => setError(err.message) })}
              >
                {t('common.delete')}
              </button>
            </div>
            {open === ep.id ? <Deliveries endpointId={ep.id} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const { orgId } = useOrg();
  const { data: deliveries, error } = useDeliveries(orgId, endpointId);
  const replay = useReplayDelivery(orgId, endpointId);
  const [message, setMessage] = useState('');
  const { t } = useTranslation();
  if (error) return <ErrorAlert message={t('settings.deliveriesError', { reason: error.message })} />;
  if (!deliveries) return <p className="loading">{t('common.loading')}</p>;
  if (deliveries.length === 0) return <p className="muted">{t('settings.noDeliveries')}</p>;
  return (
    <>
      <table className="deliveries">
        <caption className="visually-hidden">{t('settings.deliveryLog')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('settings.event')}</th>
            <th scope="col">{t('settings.deliveryStatus')}</th>
            <th scope="col">{t('settings.attempts')}</th>
            <th scope="col">{t('settings.lastAnswer')}</th>
            <th scope="col">{t('settings.createdColumn')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('settings.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id}>
              <td>{String(d.eventType ?? '')}</td>
              <td>{d.status}</td>
              <td>{String(d.attemptCount ?? d.attempts?.length ?? 0)}</td>
              <td>{d.lastStatusCode ? String(d.lastStatusCode) : String(d.lastError ?? '—')}</td>
              <td>{shortTime(d.createdAt)}</td>
              <td>
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    replay.mutate(d.id, { onSuccess: () => setMessage(t('settings.sentAgain')), onError: (err) => setMessage(err.message) })
                  }
                >
                  {t('settings.replay')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p role="status" className="small">
        {message}
      </p>
    </>
  );
}
