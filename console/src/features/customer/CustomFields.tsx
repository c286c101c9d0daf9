/**
 * The customer's custom fields, one input per definition, saved when the input is left (or changed,
 * for choices). Numbers and dates are typed in the agent's language (`1.299,90`, `dd/mm/aaaa` in
 * pt-BR) and read with Intl; what cannot be read is refused in an alert, not stored as a guess.
 */
import { useState } from 'react';
import { SavedOnLeave } from '../../lib/SavedOnLeave';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { currentLocale } from '../../i18n';
import { formatDate, formatNumber, isoDay, parseLocaleDate, parseLocaleNumber } from '../../i18n/locale-format';
import { useDatePattern } from '../../lib/DateField';
import { ErrorAlert } from '../../lib/format';
import type { Customer, FieldDefinition } from '../../lib/types';

const UNREADABLE = Symbol('unreadable');

function parse(def: FieldDefinition, raw: string | boolean | string[]): unknown {
  if (raw === '' || (Array.isArray(raw) && raw.length === 0)) return null;
  if (def.type === 'number') return parseLocaleNumber(String(raw), currentLocale()) ?? UNREADABLE;
  if (def.type === 'date') {
    const date = parseLocaleDate(String(raw), currentLocale());
    return date ? isoDay(date) : UNREADABLE;
  }
  return raw;
}

/** A stored value as the agent reads it: numbers and dates in their language. */
function shownValue(def: FieldDefinition, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (def.type === 'number' && typeof value === 'number') return formatNumber(value, currentLocale());
  if (def.type === 'date') {
    const [y, m, d] = String(value).slice(0, 10).split('-').map(Number);
    return y && m && d ? formatDate(new Date(y, m - 1, d), currentLocale()) : String(value);
  }
  return String(value);
}

export function CustomFields({ customer, onSave }: { customer: Customer; onSave(slug: string, value: unknown): void }) {
  const { directory } = useOrg();
  const { t, i18n } = useTranslation();
  const pattern = useDatePattern();
  const [error, setError] = useState('');
  if (directory.fields.length === 0) return null;
  const valueOf = (slug: string) => customer.customFields.find((f) => f.slug === slug)?.value;
  return (
    <section aria-label={t('customer.customFields')}>
      <h3>{t('customer.fields')}</h3>
      {directory.fields.map((def) => {
        const value = valueOf(def.slug);
        const key = `${def.slug}:${JSON.stringify(value ?? null)}:${i18n.language}`;
        if (def.type === 'boolean')
          return (
            <label key={key} className="check">
              <input type="checkbox" defaultChecked={value === true} onChange={(e) => onSave(def.slug, e.target.checked)} /> {def.name}
            </label>
          );
        if (def.type === 'select' || def.type === 'multiselect')
          return (
            <label key={key}>
              {def.name}
              <select
                multiple={def.type === 'multiselect'}
                defaultValue={(value as string | string[] | undefined) ?? (def.type === 'multiselect' ? [] : '')}
                onChange={(e) =>
                  onSave(
                    def.slug,
                    parse(def, def.type === 'multiselect' ? [...e.target.selectedOptions].map((o) => o.value) : e.target.value),
                  )
                }
              >
                {def.type === 'select' ? <option value="">—</option> : null}
                {(def.options ?? []).map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </label>
          );
        const inputType = ({ email: 'email', url: 'url', phone: 'tel' } as Record<string, string>)[def.type] ?? 'text';
        return (
          <label key={def.slug}>
            {def.name}
            <SavedOnLeave
              type={inputType}
              inputMode={def.type === 'number' ? 'decimal' : def.type === 'date' ? 'numeric' : undefined}
              placeholder={def.type === 'date' ? pattern : undefined}
              stored={shownValue(def, value)}
              onLeave={(text) => {
                const parsed = parse(def, text);
                if (parsed === UNREADABLE) {
                  const example = def.type === 'date' ? pattern : formatNumber(1299.9, currentLocale());
                  return setError(t('customer.badValue', { field: def.name, example }));
                }
                setError('');
                onSave(def.slug, parsed);
              }}
            />
          </label>
        );
      })}
      <ErrorAlert message={error} />
    </section>
  );
}
