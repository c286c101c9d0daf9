/**
 * "Schedule" in the composer (DESIGN §10): a text to send at a chosen date and time (the agent's
 * local time), cancelled when the customer replies unless unticked, and the chat's messages still
 * waiting, each with a cancel action. Free-form only: a template follow-up goes through the API.
 */
import { useState, type FormEvent } from 'react';
import { useOrg } from '../../app/org';
import { ErrorAlert } from '../../lib/format';
import { useCancelScheduled, useScheduledMessages, useScheduleText } from './api/scheduled-messages';

/** `YYYY-MM-DDTHH:MM` of a date in the browser's zone (the value a datetime-local input takes). */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function SchedulePanel({ chatId }: { chatId: string }) {
  const { orgId } = useOrg();
  const [open, setOpen] = useState(false);
  const { data: waiting = [], error: readError } = useScheduledMessages(orgId, chatId);
  const cancel = useCancelScheduled(orgId, chatId);
  const [error, setError] = useState('');
  return (
    <section className="schedule" aria-label="Scheduled messages">
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Schedule{waiting.length > 0 ? ` (${waiting.length})` : ''}
      </button>
      {open ? (
        <>
          <ScheduleForm chatId={chatId} />
          {readError ? <ErrorAlert message={`Could not load the scheduled messages: ${readError.message}`} /> : null}
          {waiting.length === 0 ? (
            <p className="small muted">Nothing scheduled in this chat.</p>
          ) : (
            <ul className="scheduled-list" aria-label="Waiting to be sent">
              {waiting.map((item) => {
                const text = typeof item.content.text === 'string' ? item.content.text : `[${item.type}]`;
                return (
                  <li key={item.id}>
                    <span>
                      <strong>{when(item.sendAt)}</strong> {text}
                      {item.cancelIfCustomerReplies ? <span className="small muted"> · cancelled if the customer replies</span> : null}
                    </span>
                    <button
                      type="button"
                      aria-label={`Cancel the message scheduled for ${when(item.sendAt)}`}
                      disabled={cancel.isPending}
                      onClick={() => {
                        setError('');
                        cancel.mutate(item.id, { onError: (err) => setError(err.message) });
                      }}
                    >
                      Cancel
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
  const [sendAt, setSendAt] = useState(() => localInputValue(new Date(Date.now() + 24 * 3_600_000)));
  const [cancelIfReplies, setCancelIfReplies] = useState(true);
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const date = new Date(sendAt);
    if (!text.trim() || Number.isNaN(date.getTime())) return;
    setError('');
    schedule.mutate(
      { text: text.trim(), sendAt: date.toISOString(), cancelIfCustomerReplies: cancelIfReplies },
      { onSuccess: () => setText(''), onError: (err) => setError(err.message) },
    );
  }

  return (
    <form className="schedule-form" onSubmit={submit}>
      <label>
        Message to schedule
        <textarea rows={2} value={text} onChange={(e) => setText(e.target.value)} required />
      </label>
      <label>
        Send at
        <input type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} required />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={cancelIfReplies} onChange={(e) => setCancelIfReplies(e.target.checked)} />
        Cancel if the customer replies
      </label>
      <button type="submit" disabled={schedule.isPending}>
        Schedule message
      </button>
      <ErrorAlert message={error} />
    </form>
  );
}
