/**
 * The customer beside the chat: name, e-mail and contacts (editable), tags (add, remove), funnel stage, custom fields and
 * notes (add, edit, delete). Kept fresh by the customer events of the live stream (app/org.tsx
 * invalidates the customers' queries).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import {
  useAddCustomerTag,
  useCustomer,
  useRemoveCustomerTag,
  useSetCustomerField,
  useSetCustomerStage,
  useSetSalePrice,
  useUpdateCustomer,
} from './api/customer';
import { CustomerDetails } from './CustomerDetails';
import { SalePrice } from './SalePrice';
import { CustomFields } from './CustomFields';
import { Notes } from './Notes';
import { PreviousChats } from './PreviousChats';
import { ErrorAlert } from '../../lib/format';

export function CustomerPanel({ customerId, chatId }: { customerId: string; chatId: string }) {
  const { orgId, directory } = useOrg();
  const { t } = useTranslation();
  const { data: customer, error: readError } = useCustomer(orgId, customerId);
  const addTag = useAddCustomerTag(orgId, customerId);
  const removeTag = useRemoveCustomerTag(orgId, customerId);
  const setStage = useSetCustomerStage(orgId, customerId);
  const setField = useSetCustomerField(orgId, customerId);
  const setSalePrice = useSetSalePrice(orgId, customerId);
  const update = useUpdateCustomer(orgId, customerId);
  const [error, setError] = useState('');
  const [tagToAdd, setTagToAdd] = useState('');

  /** Each write's refusal is shown in the panel's alert. */
  const failed = { onError: (err: Error) => setError(err.message) };
  const clear = () => setError('');

  if (!customer)
    return (
      <aside className="customer-panel" aria-label={t('customer.panel')} aria-busy={!readError}>
        <ErrorAlert message={readError ? t('customer.loadError', { reason: readError.message }) : ''} />
      </aside>
    );
  const available = directory.tags.filter((tag) => !customer.tags.some((own) => own.id === tag.id));

  return (
    <aside className="customer-panel" aria-label={t('customer.panel')}>
      <h2>{customer.name}</h2>
      <CustomerDetails customer={customer} onSave={(change) => (clear(), update.mutate(change, failed))} />
      <section aria-label={t('customer.tags')}>
        <h3>{t('customer.tags')}</h3>
        <ul className="chips">
          {customer.tags.map((tag) => (
            <li key={tag.id} className="chip" style={{ borderColor: tag.color }}>
              {tag.name}
              <button
                type="button"
                aria-label={t('customer.removeTag', { name: tag.name })}
                onClick={() => (clear(), removeTag.mutate(tag.id, failed))}
              >
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
              clear();
              if (tagToAdd) addTag.mutate(tagToAdd, { ...failed, onSuccess: () => setTagToAdd('') });
            }}
          >
            <label>
              <span className="visually-hidden">{t('customer.tagToAdd')}</span>
              <select value={tagToAdd} onChange={(e) => setTagToAdd(e.target.value)}>
                <option value="">{t('customer.chooseTag')}</option>
                {available.map((tag) => (
                  <option key={tag.id} value={tag.id}>
                    {tag.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={!tagToAdd}>
              {t('customer.addTag')}
            </button>
          </form>
        ) : null}
      </section>
      <section aria-label={t('customer.funnel')}>
        <h3>{t('customer.funnel')}</h3>
        <label>
          {t('customer.funnelStage')}
          <select value={customer.stageId ?? ''} onChange={(e) => (clear(), setStage.mutate(e.target.value || null, failed))}>
            <option value="">{t('customer.notInFunnel')}</option>
            {directory.stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.funnel !== 'default' ? `${s.funnel}: ` : ''}
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <SalePrice customer={customer} onSave={(value) => (clear(), setSalePrice.mutate(value, failed))} />
      </section>
      <CustomFields customer={customer} onSave={(slug, value) => (clear(), setField.mutate({ slug, value }, failed))} />
      <PreviousChats customerId={customer.id} chatId={chatId} />
      <Notes customerId={customer.id} chatId={chatId} />
      <ErrorAlert message={error} />
    </aside>
  );
}
