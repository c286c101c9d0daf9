/**
 * A report as CSV (`?format=csv` or `Accept: text/csv`): one header line (`key`, then the figures in
 * the order of the JSON rows), one line per row, then the `total` row with key `total`. RFC 4180
 * quoting; an empty cell for a null figure.
 */
import type { Report } from './report-types.js';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function reportCsv(report: Report): string {
  const columns = ['key', ...report.columns];
  const lines = [columns.join(',')];
  for (const row of [...report.rows, { ...report.total, key: 'total' }]) {
    lines.push(columns.map((c) => cell((row as Record<string, unknown>)[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
