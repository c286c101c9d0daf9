/** The `Language` (`Idioma`) select: switches the console's language for this browser's agent. */
import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGES, type Language } from './index';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-select">
      <span className="visually-hidden">{t('common.language')}</span>
      <select value={i18n.language} onChange={(e) => chooseLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
