/** The customer's custom fields, one input per definition, saved when the input is left (or changed, for choices). */
import { useOrg } from '../../app/org';
import type { Customer, FieldDefinition } from '../../lib/types';

function parse(def: FieldDefinition, raw: string | boolean | string[]): unknown {
  if (raw === '' || (Array.isArray(raw) && raw.length === 0)) return null;
  if (def.type === 'number') return Number(raw);
  return raw;
}

export function CustomFields({ customer, onSave }: { customer: Customer; onSave(slug: string, value: unknown): void }) {
  const { directory } = useOrg();
  if (directory.fields.length === 0) return null;
  const valueOf = (slug: string) => customer.customFields.find((f) => f.slug === slug)?.value;
  return (
    <section aria-label="Custom fields">
      <h3>Fields</h3>
      {directory.fields.map((def) => {
        const value = valueOf(def.slug);
        const key = `${def.slug}:${JSON.stringify(value ?? null)}`;
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
        const inputType =
          ({ number: 'number', date: 'date', email: 'email', url: 'url', phone: 'tel' } as Record<string, string>)[def.type] ?? 'text';
        const shown = value === undefined || value === null ? '' : def.type === 'date' ? String(value).slice(0, 10) : String(value);
        return (
          <label key={key}>
            {def.name}
            <input
              type={inputType}
              defaultValue={shown}
              onBlur={(e) => {
                if (e.target.value !== shown) onSave(def.slug, parse(def, e.target.value));
              }}
            />
          </label>
        );
      })}
    </section>
  );
}
