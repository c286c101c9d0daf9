/**
 * The customer beside the chat: contacts, tags (add, remove), funnel stage, custom fields and
 * notes (add, edit, delete). Kept fresh by the customer events of the live stream.
 */
import { useCallback, useEffect, useState } from 'react';
import { useOrg, useOrgEvents } from '../../app/org';
import type { StreamEvent } from '../../lib/event-stream';
import type { Customer } from '../../lib/types';
import { CustomFields } from './CustomFields';
import { Notes } from './Notes';
import { ErrorAlert } from '../../lib/format';

export function CustomerPanel({ customerId, chatId }: { customerId: string; chatId: string }) {
  const { api, directory } = useOrg();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [error, setError] = useState('');
  const [tagToAdd, setTagToAdd] = useState('');

  const reload = useCallback(() => {
    api.customer(customerId).then(setCustomer, (err: Error) => setError(err.message));
  }, [api, customerId]);
  useEffect(() => {
    reload();
  }, [reload]);
  useOrgEvents((event: StreamEvent) => {
    const data = event.data as { customer_id?: string; customer?: { id?: string } };
    if (event.type.startsWith('customer.') && (data.customer_id === customerId || data.customer?.id === customerId)) reload();
  });

  const run = (action: Promise<unknown>) => {
    setError('');
    action.then(reload, (err: Error) => setError(err.message));
  };

  if (!customer) return <aside className="customer-panel" aria-label="Customer" aria-busy="true" />;
  const available = directory.tags.filter((t) => !customer.tags.some((own) => own.id === t.id));

  return (
    <aside className="customer-panel" aria-label="Customer">
      <h2>{customer.name}</h2>
      {customer.email ? <p className="small">{customer.email}</p> : null}
      <section aria-label="Contacts">
        <h3>Contacts</h3>
        <ul className="plain">
          {customer.contacts.map((c) => (
            <li key={c.id}>
              <span className="muted small">{c.type}</span> {c.value}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Tags">
        <h3>Tags</h3>
        <ul className="chips">
          {customer.tags.map((t) => (
            <li key={t.id} className="chip" style={{ borderColor: t.color }}>
              {t.name}
              <button type="button" aria-label={`Remove tag ${t.name}`} onClick={() => run(api.removeTag(customer.id, t.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        {available.length > 0 ? (
          <form
            className="inline"
            onSubmit={(e) => {
              e.preventDefault();
              if (tagToAdd) run(api.addTag(customer.id, tagToAdd).then(() => setTagToAdd('')));
            }}
          >
            <label>
              <span className="visually-hidden">Tag to add</span>
              <select value={tagToAdd} onChange={(e) => setTagToAdd(e.target.value)}>
                <option value="">Choose a tag…</option>
                {available.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={!tagToAdd}>
              Add tag
            </button>
          </form>
        ) : null}
      </section>
      <section aria-label="Funnel">
        <h3>Funnel</h3>
        <label>
          Funnel stage
          <select value={customer.stageId ?? ''} onChange={(e) => run(api.moveStage(customer.id, e.target.value || null))}>
            <option value="">Not in the funnel</option>
            {directory.stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.funnel !== 'default' ? `${s.funnel}: ` : ''}
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </section>
      <CustomFields customer={customer} onSave={(slug, value) => run(api.setField(customer.id, slug, value))} />
      <Notes customerId={customer.id} chatId={chatId} />
      <ErrorAlert message={error} />
    </aside>
  );
}
