/** A report's answer (docs/reports.md): figures per group, and over the whole period. */
import type { GroupBy, ReportKind } from './report-period.js';

export type Figures = Record<string, number | null>;
export type ReportRow = { key: string | null; [figure: string]: number | string | null };

export interface Report {
  kind: ReportKind;
  from: string;
  to: string;
  groupBy: GroupBy;
  timeZone: string;
  /** Whether durations count business time only (the organization has business hours). */
  businessTime: boolean;
  /** The figures' names, in order (the CSV's columns after `key`). */
  columns: string[];
  rows: ReportRow[];
  total: Figures;
}
