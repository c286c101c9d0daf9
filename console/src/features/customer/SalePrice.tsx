/**
 * The customer's sale value (`salePrice`, what the funnel board shows and sums), typed in the
 * agent's language (`1.299,90` in pt-BR, `1,299.90` in English, with or without the currency sign)
 * and read with Intl (locale-format.ts); saved when the field is left with `PUT …/customers/{id}`.
 * Emptying it clears the value; what cannot be read is refused in an alert, not stored as a guess.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { currentLocale } from '../../i18n';
import { formatMoney, formatNumber, parseLocaleNumber } from '../../i18n/locale-format';
import { ErrorAlert } from '../../lib/format';
import { SavedOnLeave } from '../../lib/SavedOnLeave';
import type { Customer } from '../../lib/types';

export function SalePrice({ customer, onSave }: { customer: Customer; onSave(value: number | null): void }) {
  const { currency } = useOrg();
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const locale = currentLocale();
  const shown = customer.salePrice === null ? '' : formatNumber(customer.salePrice, locale);
  return (
    <>
      <label>
        {t('customer.salePrice', { currency })}
        <SavedOnLeave
          type="text"
          inputMode="decimal"
          stored={shown}
          placeholder={formatMoney(1299.9, locale, currency)}
          onLeave={(text) => {
            const raw = text.trim();
            if (raw === shown) return;
            const value = raw === '' ? null : parseLocaleNumber(raw, locale);
            if (raw !== '' && (value === null || value < 0))
              return setError(t('customer.badSalePrice', { example: formatNumber(1299.9, locale) }));
            setError('');
            onSave(value);
          }}
        />
      </label>
      <ErrorAlert message={error} />
    </>
  );
}
