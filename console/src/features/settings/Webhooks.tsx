/** Webhook endpoints: add (the secret is shown once), delete, the delivery log of each and replay. */
import { useCallback, useEffect, useState } from 'react';
import { useOrg } from '../../app/org';
import { shortTime, ErrorAlert } from '../../lib/format';
import type { WebhookDelivery, WebhookEndpoint } from '../../lib/types';

export function Webhooks() {
  const { api } = useOrg();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[]>([]);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(() => {
    api.webhooks().then(setEndpoints, (err: Error) => setError(err.message));
  }, [api]);
  useEffect(() => {
    reload();
  }, [reload]);

  return (
    <section aria-label="Webhooks">
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          api.createWebhook(url).then(
            (created) => {
              setSecret(created.secret);
              setUrl('');
              reload();
            },
            (err: Error) => setError(err.message),
          );
        }}
      >
        <label>
          Webhook URL
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://example.com/hooks" />
        </label>
        <button type="submit">Add webhook</button>
      </form>
      {secret ? (
        <p role="status" className="secret">
          Signing secret (shown once): <code>{secret}</code>
        </p>
      ) : null}
      <ErrorAlert message={error} />
      <ul className="plain rows">
        {endpoints.map((ep) => (
          <li key={ep.id}>
            <div className="row-line">
              <code>{ep.url}</code>
              <span className="muted small">{ep.enabled === false ? 'disabled' : 'enabled'}</span>
              <button type="button" className="link" aria-expanded={open === ep.id} onClick={() => setOpen(open === ep.id ? null : ep.id)}>
                Deliveries
              </button>
              <button
                type="button"
                className="link"
                aria-label={`Delete webhook ${ep.url}`}
                onClick={() => api.deleteWebhook(ep.id).then(reload, (err: Error) => setError(err.message))}
              >
                Delete
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
  const { api } = useOrg();
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [message, setMessage] = useState('');
  const reload = useCallback(() => {
    api.deliveries(endpointId).then(
      (page) => setDeliveries(page.data),
      () => setDeliveries([]),
    );
  }, [api, endpointId]);
  useEffect(() => {
    reload();
  }, [reload]);
  if (!deliveries) return <p className="loading">Loading…</p>;
  if (deliveries.length === 0) return <p className="muted">No deliveries yet.</p>;
  return (
    <>
      <table className="deliveries">
        <caption className="visually-hidden">Delivery log</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last answer</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
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
                    api.replay(endpointId, d.id).then(
                      () => (setMessage('Sent again.'), reload()),
                      (err: Error) => setMessage(err.message),
                    )
                  }
                >
                  Replay
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
