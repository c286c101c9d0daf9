/**
 * "Schedule" in the composer (DESIGN §10): a text to send at a chosen date and time (the agent's
 * local time), cancelled when the customer replies unless unticked, and the chat's messages still
 * waiting, each with a cancel action. Free-form only: a template follow-up goes through the API.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { currentLocale } from '../../i18n';
import { formatDate, formatDateTime, formatTime, parseLocaleDate, parseTime } from '../../i18n/locale-format';
import { DateField, useDatePattern } from '../../lib/DateField';
import { ErrorAlert } from '../../lib/format';
import { useCancelScheduled, useScheduledMessages, useScheduleText } from './api/scheduled-messages';

function when(iso: string): string {
  return formatDateTime(new Date(iso), currentLocale());
}

export function SchedulePanel({ chatId }: { chatId: string }) {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: waiting = [], error: readError } = useScheduledMessages(orgId, chatId);
  const cancel = useCancelScheduled(orgId, chatId);
  const [error, setError] = useState('');
  return (
    <section className="schedule" aria-label={t('schedule.region')}>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {waiting.length > 0 ? t('schedule.toggleCount', { count: waiting.length }) : t('schedule.toggle')}
      </button>
      {open ? (
        <>
          <ScheduleForm chatId={chatId} />
          {readError ? <ErrorAlert message={t('schedule.loadError', { reason: readError.message })} /> : null}
          {waiting.length === 0 ? (
            <p className="small muted">{t('schedule.nothing')}</p>
          ) : (
            <ul className="scheduled-list" aria-label={t('schedule.waiting')}>
              {waiting.map((item) => {
                const text = typeof item.content.text === 'string' ? item.content.text : `[${item.type}]`;
                return (
                  <li key={item.id}>
                    <span>
                      <strong>{when(item.sendAt)}</strong> {text}
                      {item.cancelIfCustomerReplies ? <span className="small muted">{t('schedule.cancelledIfReplies')}</span> : null}
                    </span>
                    <button
                      type="button"
                      aria-label={t('schedule.cancelOne', { when: when(item.sendAt) })}
                      disabled={cancel.isPending}
                      onClick={() => {
                        setError('');
                        cancel.mutate(item.id, { onError: (err) => setError(err.message) });
                      }}
                    >
                      {t('common.cancel')}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <ErrorAlert message={error} />
        </>
      ) : null}
    </section>
  );
}

function ScheduleForm({ chatId }: { chatId: string }) {
  const { orgId } = useOrg();
  const schedule = useScheduleText(orgId, chatId);
  const [text, setText] = useState('');
  const { t } = useTranslation();
  const pattern = useDatePattern();
  // A day from now is proposed, typed as the agent would type it.
  const [day, setDay] = useState(() => formatDate(new Date(Date.now() + 24 * 3_600_000), currentLocale()));
  const [time, setTime] = useState(() => formatTime(new Date(Date.now() + 24 * 3_600_000), 'en-GB'));
  const [cancelIfReplies, setCancelIfReplies] = useState(true);
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const date = parseLocaleDate(day, currentLocale());
    const hoursMinutes = parseTime(time);
    if (!text.trim()) return;
    if (!date || !hoursMinutes) return setError(t('schedule.badDate', { pattern }));
    date.setHours(hoursMinutes[0], hoursMinutes[1]);
    setError('');
    schedule.mutate(
      { text: text.trim(), sendAt: date.toISOString(), cancelIfCustomerReplies: cancelIfReplies },
      { onSuccess: () => setText(''), onError: (err) => setError(err.message) },
    );
  }

  return (
    <form className="schedule-form" onSubmit={submit}>
      <label>
        {t('schedule.message')}
        <textarea rows={2} value={text} onChange={(e) => setText(e.target.value)} required />
      </label>
      <DateField label={t('schedule.sendAt')} value={day} onChange={setDay} required />
      <label>
        {t('schedule.sendAtTime')}
        <input type="text" inputMode="numeric" placeholder="hh:mm" value={time} onChange={(e) => setTime(e.target.value)} required />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={cancelIfReplies} onChange={(e) => setCancelIfReplies(e.target.checked)} />
        {t('schedule.cancelIfReplies')}
      </label>
      <button type="submit" disabled={schedule.isPending}>
        {t('schedule.submit')}
      </button>
      <ErrorAlert message={error} />
    </form>
  );
}
