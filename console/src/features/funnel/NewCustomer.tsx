/**
 * `New customer` on the funnel board (DESIGN §11): a name, a WhatsApp number and/or an e-mail, and
 * the stage (the current funnel's, the first one unless chosen). `POST …/customers` creates the
 * customer in that stage; a refusal (a number that is not one, a contact another customer holds)
 * shows the service's code in the agent's language (lib/api-errors.ts) and keeps what was typed.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { ErrorAlert } from '../../lib/format';
import type { Stage } from '../../lib/types';
import { useAddCustomer } from './api/stage-customers';

const EMPTY = { name: '', whatsapp: '', email: '', stageId: '' };

export function NewCustomer({ stages, onAdded }: { stages: Stage[]; onAdded(name: string, stage: Stage): void }) {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const add = useAddCustomer(orgId);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState('');
  const stage = stages.find((s) => s.id === form.stageId) ?? stages[0];
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!stage || add.isPending) return;
    if (!form.name.trim()) return setError(t('funnel.nameNeeded'));
    // The service wants a way to reach the customer; said here before asking it.
    if (!form.whatsapp.trim() && !form.email.trim()) return setError(t('funnel.reachNeeded'));
    setError('');
    add.mutate(
      { ...form, stageId: stage.id },
      {
        onSuccess: (customer) => {
          onAdded(customer.name, stage);
          setForm(EMPTY);
          setOpen(false);
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} disabled={stages.length === 0}>
        {t('funnel.newCustomer')}
      </button>
    );
  return (
    // noValidate: the service checks the values and the console says what it refused, in the agent's language.
    <form className="new-customer" aria-label={t('funnel.newCustomer')} onSubmit={submit} noValidate>
      <label>
        {t('funnel.name')}
        <input value={form.name} onChange={set('name')} maxLength={200} autoFocus />
      </label>
      <label>
        {t('funnel.whatsapp')}
        <input type="tel" value={form.whatsapp} onChange={set('whatsapp')} placeholder="+55 11 98765-4321" />
      </label>
      <label>
        {t('funnel.email')}
        <input type="email" inputMode="email" value={form.email} onChange={set('email')} />
      </label>
      <label>
        {t('customer.funnelStage')}
        <select value={stage?.id ?? ''} onChange={set('stageId')}>
          {stages.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={add.isPending}>
        {t('funnel.add')}
      </button>
      <button
        type="button"
        onClick={() => {
          setOpen(false);
          setError('');
        }}
      >
        {t('common.cancel')}
      </button>
      <ErrorAlert message={error} />
    </form>
  );
}
