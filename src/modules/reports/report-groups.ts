/**
 * Figures gathered per group key (docs/reports.md "Grouping"): counts added, durations collected,
 * then the rows in order. With `groupBy=day` the key the database gave is a UTC hour, folded here
 * into the organization's local date, and every day of the period has a row (zeros included) so a
 * chart has no gaps; other groupings list the keys that have figures (null: none, e.g. unassigned).
 */
import { localDateOf, type ReportQuery } from './report-period.js';
import type { Figures, ReportRow } from './report-types.js';

const NONE = '\u0000none';

export class Groups {
  private readonly rows = new Map<string, Figures>();
  private readonly days = new Map<string, string>();
  readonly total: Figures;

  constructor(
    private readonly q: ReportQuery,
    private readonly columns: readonly string[],
  ) {
    this.total = this.blank();
    if (q.groupBy === 'day') {
      const last = localDateOf(Date.parse(q.to) - 1, q.timeZone);
      for (let day = localDateOf(Date.parse(q.from), q.timeZone); day <= last; day = nextDate(day)) this.row(day);
    }
  }

  /** The group of a key as the database gave it. */
  keyOf(raw: string | null): string {
    if (raw === null) return NONE;
    if (this.q.groupBy !== 'day') return raw;
    // A day's report folds thousands of rows into a few thousand hours: each hour is converted once.
    let day = this.days.get(raw);
    if (day === undefined) {
      day = localDateOf(Date.parse(`${raw}:00:00Z`), this.q.timeZone);
      this.days.set(raw, day);
    }
    return day;
  }

  add(raw: string | null, column: string, n: number): void {
    const row = this.row(this.keyOf(raw));
    row[column] = (row[column] ?? 0) + n;
    this.total[column] = (this.total[column] ?? 0) + n;
  }

  /** Adds to the row of a key already folded (a local date the service computed itself). */
  addTo(key: string, column: string, n: number): void {
    const row = this.row(key);
    row[column] = (row[column] ?? 0) + n;
    this.total[column] = (this.total[column] ?? 0) + n;
  }

  /** Sets a figure computed elsewhere (a median) on the row of a group key already folded. */
  set(key: string, column: string, value: number | null): void {
    this.row(key)[column] = value;
  }

  figures(key: string): Figures {
    return this.row(key);
  }

  keys(): string[] {
    return [...this.rows.keys()];
  }

  result(): ReportRow[] {
    const keys = [...this.rows.keys()].sort((a, b) => (a === NONE ? 1 : b === NONE ? -1 : a < b ? -1 : a > b ? 1 : 0));
    return keys.map((key) => ({ key: key === NONE ? null : key, ...this.rows.get(key)! }));
  }

  private row(key: string): Figures {
    let row = this.rows.get(key);
    if (!row) {
      row = this.blank();
      this.rows.set(key, row);
    }
    return row;
  }

  private blank(): Figures {
    return Object.fromEntries(this.columns.map((c) => [c, 0]));
  }
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
