/**
 * A date typed in the agent's language (`dd/mm/aaaa` in pt-BR, `mm/dd/yyyy` in English), read with
 * Intl (i18n/locale-format.ts). Not the browser's native date input, whose order follows the
 * browser's build rather than the language chosen in the console (DESIGN §11).
 */
import { useTranslation } from 'react-i18next';
import { datePattern } from '../i18n/locale-format';

/** The hint for the current language, e.g. `dd/mm/aaaa`. */
export function useDatePattern(): string {
  const { t, i18n } = useTranslation();
  return datePattern(i18n.language, { day: t('dateField.day'), month: t('dateField.month'), year: t('dateField.year') });
}

export function DateField({
  label,
  value,
  onChange,
  onBlur,
  required,
}: {
  label: string;
  value: string;
  onChange(text: string): void;
  onBlur?(text: string): void;
  required?: boolean;
}) {
  const pattern = useDatePattern();
  return (
    <label className="date-field">
      {label}
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={pattern}
        title={pattern}
        value={value}
        required={required}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => onBlur?.(e.target.value)}
      />
    </label>
  );
}
