/**
 * Brazil's national holidays for any year, computed (nothing to update each year): the fixed dates
 * of federal law and the one movable national holiday, Sexta-feira Santa (Good Friday, Easter − 2).
 * Carnaval (Monday and Tuesday, Easter − 48 and − 47) and Corpus Christi (Easter + 60) are not
 * national holidays but "pontos facultativos" of the federal government: many businesses close,
 * many do not, so they are listed only on request (`withOptional`). Ash Wednesday (a half day) is not
 * listed. Sources: Lei 662/1949 with Lei 10.607/2002 (fixed dates), Lei 6.802/1980 (Nossa Senhora
 * Aparecida), Lei 14.759/2023 (Consciência Negra, from 2024), and the federal government's yearly
 * portaria of holidays and pontos facultativos (Sexta-feira Santa as a holiday, the optional days).
 * docs/business-hours.md keeps the decision.
 */

export interface Holiday {
  /** YYYY-MM-DD */
  date: string;
  name: string;
  optional: boolean;
}

const FIXED: [string, string, number?][] = [
  ['01-01', 'Confraternização Universal'],
  ['04-21', 'Tiradentes'],
  ['05-01', 'Dia do Trabalho'],
  ['09-07', 'Independência do Brasil'],
  ['10-12', 'Nossa Senhora Aparecida'],
  ['11-02', 'Finados'],
  ['11-15', 'Proclamação da República'],
  ['11-20', 'Dia Nacional de Zumbi e da Consciência Negra', 2024],
  ['12-25', 'Natal'],
];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher), as UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const DAY_MS = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The year's national holidays (and, with `withOptional`, the pontos facultativos), in date order. */
export function brazilianHolidays(year: number, withOptional = false): Holiday[] {
  const easter = easterSunday(year).getTime();
  const relative = (days: number) => isoDate(new Date(easter + days * DAY_MS));
  const list: Holiday[] = FIXED.filter(([, , since]) => since === undefined || year >= since).map(([monthDay, name]) => ({
    date: `${year}-${monthDay}`,
    name,
    optional: false,
  }));
  list.push({ date: relative(-2), name: 'Sexta-feira Santa', optional: false });
  if (withOptional) {
    list.push(
      { date: relative(-48), name: 'Carnaval (segunda-feira)', optional: true },
      { date: relative(-47), name: 'Carnaval (terça-feira)', optional: true },
      { date: relative(60), name: 'Corpus Christi', optional: true },
    );
  }
  return list.sort((x, y) => x.date.localeCompare(y.date));
}
