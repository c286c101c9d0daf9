/**
 * Numbers, money, dates and times shown and read in the agent's language, with `Intl` only (no
 * hand-written separators): `1.299,90` and `R$ 1.299,90` in pt-BR, `1,299.9` in English. Plain
 * TypeScript, no React, so test/console/locale-format.test.ts checks it without a browser.
 */

/**
 * Intl formatters by locale and options, made once. Making one loads the locale's data and costs
 * far more than formatting with it: the inbox formats a time for every chat row at every render,
 * and `new Intl.DateTimeFormat` was the console's busiest function in the browser tests' profiles.
 * The caches stay small: two languages, the fixed options below and the currencies campaigns show.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F, O>(cache: Map<string, F>, Format: new (locale: string, options: O) => F, locale: string, options: O): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) cache.set(key, (format = new Format(locale, options)));
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, Intl.NumberFormat, locale, options);
}

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, Intl.DateTimeFormat, locale, options);
}

const SHORT_DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const SHORT_TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** The decimal and grouping separators of a locale, as Intl writes them. */
function separators(locale: string): { decimal: string; group: string } {
  const parts = numberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/**
 * A number as the agent typed it in their locale, or null when it is not one: in pt-BR `1.299,90`
 * is 1299.9 and `1500,50` is 1500.5; a lone group separator followed by exactly three digits
 * (`1.500`) is a thousands mark, as it would be written there. Currency signs and spaces are ignored.
 */
export function parseLocaleNumber(input: string, locale: string): number | null {
  const { decimal, group } = separators(locale);
  // Intl groups with a narrow no-break space in some locales; people type a plain one.
  let text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/[^\d.,+-]/g, '');
  if (!/\d/.test(text)) return null;
  const groupChars = group.trim() === '' ? '' : group;
  if (groupChars) {
    // Group marks only stand between digit triples; anything else is not this locale's number.
    const escaped = groupChars.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const [whole, ...rest] = text.split(decimal);
    if (rest.length > 1) return null;
    if (new RegExp(escaped).test(whole!) && !new RegExp(`^[+-]?\\d{1,3}(${escaped}\\d{3})+$`).test(whole!)) return null;
    text = whole!.split(groupChars).join('') + (rest.length ? `.${rest[0]}` : '');
  } else {
    text = text.replace(decimal, '.');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

export function formatMoney(value: number, locale: string, currency = 'BRL'): string {
  return numberFormat(locale, { style: 'currency', currency }).format(value);
}

export function formatDate(date: Date, locale: string): string {
  return dateTimeFormat(locale, SHORT_DATE).format(date);
}

export function formatTime(date: Date, locale: string): string {
  return dateTimeFormat(locale, SHORT_TIME).format(date);
}

export function formatDateTime(date: Date, locale: string): string {
  return `${formatDate(date, locale)} ${formatTime(date, locale)}`;
}

/** The order of day, month and year in the locale's short date, from Intl. */
function dateOrder(locale: string): ('day' | 'month' | 'year')[] {
  return dateTimeFormat(locale, SHORT_DATE)
    .formatToParts(new Date(2001, 10, 22))
    .map((p) => p.type)
    .filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
}

/** The hint shown in a date field: `dd/mm/aaaa` in pt-BR, `mm/dd/yyyy` in English. */
export function datePattern(locale: string, letters: { day: string; month: string; year: string }): string {
  const sample = formatDate(new Date(2001, 10, 22), locale);
  return sample.replace('22', letters.day).replace('11', letters.month).replace('2001', letters.year);
}

/** A date typed in the locale's order (`22/11/2026` in pt-BR) as a local-midnight Date, or null. */
export function parseLocaleDate(input: string, locale: string): Date | null {
  const numbers = input.trim().split(/\D+/).filter(Boolean).map(Number);
  if (numbers.length !== 3) return null;
  const at: Record<string, number> = {};
  dateOrder(locale).forEach((part, i) => (at[part] = numbers[i]!));
  const { day, month, year } = at as { day: number; month: number; year: number };
  const fullYear = year < 100 ? 2000 + year : year;
  const date = new Date(fullYear, month - 1, day);
  if (date.getFullYear() !== fullYear || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** `HH:MM` (24-hour, as both languages type it in the console) → [hours, minutes], or null. */
export function parseTime(input: string): [number, number] | null {
  const match = /^\s*(\d{1,2})[:h.]?(\d{2})\s*$/.exec(input);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? [hours, minutes] : null;
}

/** `YYYY-MM-DD` of a local date (the value the API's date fields take). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
