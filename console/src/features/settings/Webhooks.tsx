/** Webhook endpoints: add (the secret is shown once), delete, the delivery log of each and replay. */
import { useState } from 'react';
import { useOrg } from '../../app/org';
import { shortTime, ErrorAlert } from '../../lib/format';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useReplayDelivery, useWebhooks } from './api/webhooks';

export function Webhooks() {
  const { orgId } = useOrg();
  const { data: endpoints = [], error: readError } = useWebhooks(orgId);
  const create = useCreateWebhook(orgId);
  const remove = useDeleteWebhook(orgId);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState('');

  return (
    <section aria-label="Webhooks">
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
      <ErrorAlert message={error || (readError ? `Could not load the webhooks: ${readError.message}` : '')} />
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
                onClick={() => remove.mutate(ep.id, { onError: (err) => setError(err.message) })}
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
  const { orgId } = useOrg();
  const { data: deliveries, error } = useDeliveries(orgId, endpointId);
  const replay = useReplayDelivery(orgId, endpointId);
  const [message, setMessage] = useState('');
  if (error) return <ErrorAlert message={`Could not load the deliveries: ${error.message}`} />;
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
                    replay.mutate(d.id, { onSuccess: () => setMessage('Sent again.'), onError: (err) => setMessage(err.message) })
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
