/**
 * The console's languages (i18next with react-i18next): Brazilian Portuguese and English. The
 * language is the one the agent chose in this browser (localStorage), else the first of the
 * browser's languages the console has (`pt-*` → pt-BR), else English; `<html lang>` follows it.
 * Formats of numbers, money and dates read `currentLocale()` (locale-format.ts does the work).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ptBR } from './pt-BR';
import type { StoreText } from './store-text';
import type { reportsEn } from '../features/reports/reports-strings';

export const LANGUAGES = [
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'en', name: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'conversa.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    // The reports' strings join when their page loads (features/reports/reports-strings.ts).
    resources: { translation: typeof en & { reports: typeof reportsEn } };
  }
}

function offered(tag: string | null | undefined): Language | undefined {
  const lower = (tag ?? '').toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode): the browser's language still applies
  }
}

export function initialLanguage(): Language {
  const candidates = [storedLanguage(), ...(navigator.languages ?? []), navigator.language];
  for (const tag of candidates) {
    const language = offered(tag);
    if (language) return language;
  }
  return 'en';
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'pt-BR': { translation: ptBR } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  // React escapes what it renders; escaping here too would show `&amp;` in names.
  interpolation: { escapeValue: false },
  returnNull: false,
});

function followLanguage(language: string): void {
  document.documentElement.lang = language;
}
followLanguage(i18n.language);
i18n.on('languageChanged', followLanguage);

/** The agent's choice, remembered in this browser. */
export function chooseLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not remembered, but still applied
  }
  void i18n.changeLanguage(language);
}

/** The stores' words (store-text.ts) in the agent's language at the time of the failure. */
export const storeText: StoreText = (key, reason) => i18n.t(key, { reason });

/** The locale the Intl formats use now. */
export function currentLocale(): string {
  return i18n.language || 'en';
}

export { i18n };
