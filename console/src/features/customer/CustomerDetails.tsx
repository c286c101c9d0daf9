/**
 * The customer's name, e-mail and contacts, editable beside the chat (DESIGN §11 "Context"): the
 * name and e-mail are saved when the field is left, a contact is added or removed at once, each with
 * `PUT …/customers/{id}` (contacts replace the stored list, so the whole list is sent). The
 * service keeps a customer reachable: removing the last contact of a customer without an e-mail is
 * refused, and the refusal shows in the panel's alert.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SavedOnLeave } from '../../lib/SavedOnLeave';
import type { Customer } from '../../lib/types';
import type { CustomerChange } from './api/customer';

const NEW_TYPES = ['whatsapp', 'phone', 'email'] as const;

export function CustomerDetails({ customer, onSave }: { customer: Customer; onSave(change: CustomerChange): void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<(typeof NEW_TYPES)[number]>('whatsapp');
  const [value, setValue] = useState('');
  const kept = customer.contacts.map((c) => ({ type: c.type, value: c.value, label: c.label ?? null }));
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    onSave({ contacts: [...kept, { type, value: value.trim() }] });
    setValue('');
  };
  return (
    <section aria-label={t('customer.details')} className="customer-details">
      <label>
        {t('customer.name')}
        <SavedOnLeave
          stored={customer.name}
          maxLength={200}
          onLeave={(text) => {
            const name = text.trim();
            if (name && name !== customer.name) onSave({ name });
          }}
        />
      </label>
      <label>
        {t('customer.email')}
        <SavedOnLeave
          type="email"
          stored={customer.email ?? ''}
          onLeave={(text) => {
            const email = text.trim();
            if (email !== (customer.email ?? '')) onSave({ email: email || null });
          }}
        />
      </label>
      <h3>{t('customer.contacts')}</h3>
      <ul className="plain" aria-label={t('customer.contacts')}>
        {customer.contacts.map((c, i) => (
          <li key={c.id}>
            <span className="muted small">
              {(NEW_TYPES as readonly string[]).includes(c.type)
                ? t(`customer.contactTypes.${c.type as (typeof NEW_TYPES)[number]}`)
                : c.type}
            </span>{' '}
            {c.value}{' '}
            <button
              type="button"
              className="link"
              aria-label={t('customer.removeContact', { value: c.value })}
              onClick={() => onSave({ contacts: kept.filter((_, k) => k !== i) })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form className="inline-form" aria-label={t('customer.addContact')} onSubmit={add}>
        <label>
          <span className="visually-hidden">{t('customer.contactType')}</span>
          <select value={type} onChange={(e) => setType(e.target.value as (typeof NEW_TYPES)[number])}>
            {NEW_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {t(`customer.contactTypes.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">{t('customer.newContact')}</span>
          <input value={value} onChange={(e) => setValue(e.target.value)} placeholder={t('customer.newContact')} />
        </label>
        <button type="submit">{t('customer.addContact')}</button>
      </form>
    </section>
  );
}
