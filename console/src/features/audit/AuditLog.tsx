/**
 * The audit log for owners and admins (DESIGN §14, issue 26): every change made by a person or a
 * key — who (the member, or the key and its member, or the operator's admin token), from which
 * address, what (action, resource, each changed field before → after), when — newest first, a page
 * at a time. Filters: the member, the action (`customer.updated`), the resource type (`customer`)
 * and a period typed in the agent's language. The service decides who may read it: anyone else
 * gets its 403, shown in their language (lib/api-errors.ts).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { memberName, useOrg, type Directory } from '../../app/org';
import { currentLocale } from '../../i18n';
import { formatDateTime, parseLocaleDate } from '../../i18n/locale-format';
import { DateField, useDatePattern } from '../../lib/DateField';
import { ErrorAlert } from '../../lib/format';
import { useAuditLog, type AuditEntry, type AuditFilters } from './api/audit-log';

/** The names of the organization's stages, teams, tags, channels and members by id. */
function namesOf(directory: Directory): Map<string, string> {
  const names = new Map<string, string>();
  for (const s of directory.stages) names.set(s.id, s.name);
  for (const t of directory.teams) names.set(t.id, t.name);
  for (const t of directory.tags) names.set(t.id, t.name);
  for (const c of directory.channels) names.set(c.id, c.name);
  for (const m of directory.members) names.set(m.profileId, m.name);
  return names;
}

/**
 * A stored value as a short line: an id the directory knows as its name (a stage move reads
 * `Lead → Won`), other strings as they are, the rest as JSON; nothing as an em dash.
 */
function shown(value: unknown, names: Map<string, string>): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : (names.get(value) ?? value);
  return JSON.stringify(value);
}

function endOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
}

export default function AuditLog() {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const pattern = useDatePattern();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [resourceType, setResourceType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [filters, setFilters] = useState<AuditFilters>({});
  const [formError, setFormError] = useState('');
  const log = useAuditLog(orgId, filters);
  const { directory } = useOrg();
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  const names = useMemo(() => namesOf(directory), [directory]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const locale = currentLocale();
    const start = from.trim() ? parseLocaleDate(from, locale) : undefined;
    const end = to.trim() ? parseLocaleDate(to, locale) : undefined;
    if (start === null || end === null) return setFormError(t('dateField.invalid', { pattern }));
    setFormError('');
    setFilters({
      ...(actor ? { actor } : {}),
      ...(action.trim() ? { action: action.trim() } : {}),
      ...(resourceType.trim() ? { resourceType: resourceType.trim() } : {}),
      ...(start ? { from: start.toISOString() } : {}),
      ...(end ? { to: endOfDay(end).toISOString() } : {}),
    });
  };

  const who = (entry: AuditEntry) => {
    if (entry.actor.type === 'admin') return t('audit.operator');
    const name = memberName(directory, entry.actor.profileId);
    return entry.actor.type === 'api-key' ? t('audit.viaKey', { name }) : name;
  };

  return (
    <main className="audit">
      <h1>{t('audit.title')}</h1>
      <p className="small muted">{t('audit.help')}</p>
      <form className="audit-filters" aria-label={t('audit.filters')} onSubmit={apply}>
        <label>
          {t('audit.actor')}
          <select value={actor} onChange={(e) => setActor(e.target.value)}>
            <option value="">{t('audit.anyone')}</option>
            {directory.members.map((m) => (
              <option key={m.profileId} value={m.profileId}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.action')}
          <input value={action} onChange={(e) => setAction(e.target.value)} />
        </label>
        <label>
          {t('audit.resource')}
          <input value={resourceType} onChange={(e) => setResourceType(e.target.value)} />
        </label>
        <DateField label={t('audit.from')} value={from} onChange={setFrom} />
        <DateField label={t('audit.to')} value={to} onChange={setTo} />
        <button type="submit">{t('audit.apply')}</button>
      </form>
      <ErrorAlert message={formError || (log.error ? t('audit.loadError', { reason: log.error.message }) : '')} />
      {log.isSuccess && entries.length === 0 ? <p>{t('audit.none')}</p> : null}
      {entries.length > 0 ? (
        <table className="audit-table">
          <caption className="visually-hidden">{t('audit.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.when')}</th>
              <th scope="col">{t('audit.who')}</th>
              <th scope="col">{t('audit.address')}</th>
              <th scope="col">{t('audit.what')}</th>
              <th scope="col">{t('audit.changes')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.createdAt}>{formatDateTime(new Date(entry.createdAt), currentLocale())}</time>
                </td>
                <td>{who(entry)}</td>
                <td>
                  <code>{entry.actor.ip}</code>
                </td>
                <td>
                  <code>{entry.action}</code>
                  <br />
                  <span className="small muted">
                    {entry.resourceType}
                    {entry.resourceId ? ` ${entry.resourceId.slice(0, 8)}` : ''}
                  </span>
                </td>
                <td>
                  {entry.changes && Object.keys(entry.changes).length > 0 ? (
                    <ul className="plain audit-changes">
                      {Object.entries(entry.changes).map(([field, change]) => (
                        <li key={field}>
                          <code>{field}</code>: <del>{shown(change.before, names)}</del> → <ins>{shown(change.after, names)}</ins>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="muted small">{t('audit.noChanges')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {log.hasNextPage ? (
        <button type="button" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t('audit.more')}
        </button>
      ) : null}
    </main>
  );
}
