/**
 * Reports (DESIGN §12, docs/reports.md) for supervisors, admins and owners (`reports.read`): one
 * set of filters (period, grouping, team, channel) for every kind; each kind with its totals as
 * text, a chart (chart.js, loaded with this page only) or, for agents, a table, and its CSV.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18n as i18next } from '../../i18n';
import { REPORTS_CATALOGUES, type reportsEn } from './reports-strings';
import { memberName, useOrg } from '../../app/org';
import { formatDate, formatNumber, isoDay, parseLocaleDate } from '../../i18n/locale-format';
import { DateField, useDatePattern } from '../../lib/DateField';
import { channelLabel, ErrorAlert } from '../../lib/format';
import { BarChart } from './BarChart';
import { ChannelSelect, TeamSelect } from '../directory/DirectorySelects';
import { downloadReportCsv, REPORT_KINDS, useReport, type GroupBy, type Report, type ReportFilters, type ReportKind } from './api/reports';

// The page's strings join the catalogues as its chunk loads.
for (const [language, strings] of Object.entries(REPORTS_CATALOGUES)) i18next.addResourceBundle(language, 'translation', { reports: strings }, true, false);

const PRESETS = [7, 30, 90] as const;
const GROUPS: GroupBy[] = ['day', 'agent', 'team', 'channel'];
const SOURCES = ['Console', 'Api', 'Flow', 'Sequence', 'Campaign', 'Phone'] as const;
const DAY = 86_400_000;

/** The last `days` local days, today included: `[from, to)` as the API takes them. */
export function presetPeriod(days: number, today = new Date()): { from: Date; last: Date } {
  const last = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return { from: new Date(last.getFullYear(), last.getMonth(), last.getDate() - (days - 1)), last };
}

function nextDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
}

export default function Reports() {
  const { orgId, can } = useOrg();
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const pattern = useDatePattern();
  const initial = presetPeriod(30);
  const [preset, setPreset] = useState<string>('30');
  const [fromText, setFromText] = useState(formatDate(initial.from, locale));
  const [toText, setToText] = useState(formatDate(initial.last, locale));
  const [range, setRange] = useState(initial);
  const period = useMemo(() => ({ from: isoDay(range.from), to: isoDay(nextDay(range.last)) }), [range]);
  const [periodError, setPeriodError] = useState('');
  const [groupBy, setGroupBy] = useState<GroupBy>('day');
  const [teamId, setTeamId] = useState('');
  const [channelId, setChannelId] = useState('');

  // The fields show the period in the language's order: written again when the language changes.
  useEffect(() => {
    setFromText(formatDate(range.from, locale));
    setToText(formatDate(range.last, locale));
  }, [locale, range]);

  const filters = useMemo<ReportFilters>(
    () => ({ ...period, groupBy, teamId: teamId || undefined, channelId: channelId || undefined }),
    [period, groupBy, teamId, channelId],
  );

  if (!can('reports.read'))
    return (
      <main className="reports">
        <p>{t('reports.notAllowed')}</p>
      </main>
    );

  const choosePreset = (value: string) => {
    setPreset(value);
    if (value === 'custom') return;
    setPeriodError('');
    setRange(presetPeriod(Number(value)));
  };
  const applyDates = (event?: FormEvent) => {
    event?.preventDefault();
    const from = parseLocaleDate(fromText, locale);
    const last = parseLocaleDate(toText, locale);
    if (!from || !last || from.getFullYear() < 2000 || last.getFullYear() < 2000) return setPeriodError(t('reports.badDates', { pattern }));
    if (last < from) return setPeriodError(t('reports.toBeforeFrom'));
    if ((last.getTime() - from.getTime()) / DAY > 365) return setPeriodError(t('reports.tooLong'));
    setPeriodError('');
    if (from.getTime() === range.from.getTime() && last.getTime() === range.last.getTime()) return;
    setPreset('custom');
    setRange({ from, last });
  };

  return (
    <main className="reports">
      <h1>{t('reports.title')}</h1>
      <form className="report-filters" aria-label={t('reports.filters')} onSubmit={applyDates}>
        <label>
          {t('reports.period')}
          <select value={preset} onChange={(e) => choosePreset(e.target.value)}>
            {PRESETS.map((days) => (
              <option key={days} value={String(days)}>
                {t('reports.lastDays', { count: days })}
              </option>
            ))}
            <option value="custom">{t('reports.custom')}</option>
          </select>
        </label>
        <DateField label={t('reports.from')} value={fromText} onChange={setFromText} onBlur={() => applyDates()} />
        <DateField label={t('reports.to')} value={toText} onChange={setToText} onBlur={() => applyDates()} />
        <label>
          {t('reports.groupBy')}
          <select value={groupBy} onChange={(e) => setGroupBy(e.target.value as GroupBy)}>
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`reports.by.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <TeamSelect label={t('inbox.team')} value={teamId} onChange={setTeamId} emptyLabel={t('inbox.allTeams')} />
        <ChannelSelect label={t('inbox.channel')} value={channelId} onChange={setChannelId} emptyLabel={t('inbox.allChannels')} />
        <button type="submit">{t('reports.apply')}</button>
        <ErrorAlert message={periodError} />
      </form>
      <div className="report-grid">
        {REPORT_KINDS.map((kind) => (
          <ReportCard key={kind} kind={kind} filters={filters} orgId={orgId} />
        ))}
      </div>
    </main>
  );
}

function ReportCard({ kind, filters, orgId }: { kind: ReportKind; filters: ReportFilters; orgId: string }) {
  const { t, i18n } = useTranslation();
  const { directory } = useOrg();
  const { data: report, error, isPending } = useReport(orgId, kind, filters);
  const [downloadError, setDownloadError] = useState('');
  const [downloading, setDownloading] = useState(false);
  const title = t(`reports.kind.${kind}`);
  const headingId = `report-${kind}`;
  const locale = i18n.language;

  const keyLabel = (key: string | null, groupBy: string): string => {
    if (groupBy === 'day' && key) {
      const [y, m, d] = key.split('-').map(Number);
      return formatDate(new Date(y!, m! - 1, d!), locale);
    }
    if (groupBy === 'agent') return memberName(directory, key);
    if (key === null) return t('reports.none');
    if (groupBy === 'team') return directory.teams.find((team) => team.id === key)?.name ?? key.slice(0, 8);
    if (groupBy === 'channel')
      return channelLabel(
        directory.channels.find((c) => c.id === key),
        key,
      );
    return key;
  };

  const download = () => {
    setDownloadError('');
    setDownloading(true);
    downloadReportCsv(orgId, kind, filters)
      .catch((err: Error) => setDownloadError(t('reports.downloadError', { reason: err.message })))
      .finally(() => setDownloading(false));
  };

  return (
    <section className="report-card" aria-labelledby={headingId}>
      <header>
        <h2 id={headingId}>{title}</h2>
        <button type="button" onClick={download} disabled={downloading} aria-label={t('reports.downloadCsvOf', { report: title })}>
          {t('reports.downloadCsv')}
        </button>
      </header>
      <ErrorAlert message={error ? t('reports.loadError', { reason: error.message }) : downloadError} />
      {isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {report ? (
        <>
          <Totals report={report} />
          {kind === 'agents' ? (
            <AgentsTable report={report} />
          ) : (
            <BarChart
              label={t('reports.chartOf', { report: title, by: t(`reports.by.${report.groupBy as GroupBy}`) })}
              locale={locale}
              stacked={kind === 'messages'}
              {...chartOf(kind, report, (key) => keyLabel(key, report.groupBy), t)}
            />
          )}
          {report.businessTime && (kind === 'first-response' || kind === 'resolution' || kind === 'agents') ? (
            <p className="small muted">{t('reports.businessTime')}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

type T = TFunction;
type FigureKey = keyof typeof reportsEn.figure;
/** A figure's name in the agent's language (the columns are the API's: docs/reports.md). */
const figureName = (t: T, column: string) => t(`reports.figure.${column as FigureKey}`);

const minutes = (ms: number | string | null | undefined) => (typeof ms === 'number' ? Math.round(ms / 6_000) / 10 : null);
const figure = (value: number | string | null | undefined) => (typeof value === 'number' ? value : null);

/** What each kind draws: its labels (the rows' keys) and datasets. */
function chartOf(kind: ReportKind, report: Report, label: (key: string | null) => string, t: T) {
  const rows = report.rows;
  const labels = rows.map((row) => label(row.key));
  const series = (column: string, name = figureName(t, column)) => ({ label: name, data: rows.map((row) => figure(row[column])) });
  switch (kind) {
    case 'conversations':
      return { labels, datasets: ['opened', 'closed', 'reopened'].map((c) => series(c)) };
    case 'first-response':
    case 'resolution':
      return {
        labels,
        datasets: ['medianMs', 'p90Ms'].map((c) => ({
          label: t('reports.inMinutes', { figure: figureName(t, c) }),
          data: rows.map((row) => minutes(row[c])),
        })),
      };
    case 'messages':
      return { labels, datasets: [series('inbound'), ...SOURCES.map((s) => series(`outbound${s}`))] };
    case 'satisfaction':
      return {
        labels: [1, 2, 3, 4, 5].map((n) => t('reports.stars', { count: n })),
        datasets: [{ label: t('reports.figure.rated'), data: [1, 2, 3, 4, 5].map((n) => figure(report.total[`rating${n}`])) }],
      };
    default:
      return { labels, datasets: ['messages', 'delivered', 'read', 'failed'].map((c) => series(c)) };
  }
}

function useFigureText() {
  const { t, i18n } = useTranslation();
  return (column: string, value: number | string | null | undefined): string => {
    if (typeof value !== 'number') return '—';
    if (column.endsWith('Ms')) return duration(value, i18n.language, t);
    if (column === 'csatPercent') return `${formatNumber(value, i18n.language)}%`;
    return formatNumber(value, i18n.language);
  };
}

function duration(ms: number, locale: string, t: T): string {
  const min = ms / 60_000;
  if (min < 120) return t('reports.minutes', { value: formatNumber(Math.round(min * 10) / 10, locale) });
  return t('reports.hours', { value: formatNumber(Math.round(min / 6) / 10, locale) });
}

/** The totals over the period, as text (what the chart shows, readable without it). */
function Totals({ report }: { report: Report }) {
  const { t } = useTranslation();
  const text = useFigureText();
  const columns = report.kind === 'satisfaction' ? ['rated', 'average', 'csatPercent'] : report.columns.filter((c) => !c.startsWith('outbound') || c === 'outbound');
  return (
    <dl className="report-totals" aria-label={t('reports.totals')}>
      {columns.map((column) => (
        <div key={column}>
          <dt>{figureName(t, column)}</dt>
          <dd>{text(column, report.total[column])}</dd>
        </div>
      ))}
    </dl>
  );
}

function AgentsTable({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { directory } = useOrg();
  const text = useFigureText();
  if (report.rows.length === 0) return <p className="muted">{t('reports.noAgents')}</p>;
  return (
    <div className="table-scroll">
    <table className="report-table">
      <caption className="visually-hidden">{t('reports.kind.agents')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('reports.by.agent')}</th>
          {report.columns.map((c) => (
            <th key={c} scope="col">
              {figureName(t, c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {report.rows.map((row) => (
          <tr key={row.key ?? 'none'}>
            <th scope="row">{memberName(directory, row.key)}</th>
            {report.columns.map((c) => (
              <td key={c}>{text(c, row[c])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
