/** The customer's notes: add, edit in place, delete. */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { memberName, useOrg, useOrgEvents } from '../../app/org';
import { shortTime, ErrorAlert } from '../../lib/format';
import type { Note } from '../../lib/types';

export function Notes({ customerId }: { customerId: string; chatId: string }) {
  const { api, directory } = useOrg();
  const [notes, setNotes] = useState<Note[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(() => {
    api.notes(customerId).then(setNotes, () => setNotes([]));
  }, [api, customerId]);
  useEffect(() => {
    reload();
  }, [reload]);
  useOrgEvents((event) => {
    if (event.type.startsWith('customer.note_') && (event.data as { customer_id?: string }).customer_id === customerId) reload();
  });
  const run = (action: Promise<unknown>) => {
    setError('');
    return action.then(reload, (err: Error) => {
      setError(err.message);
      throw err;
    });
  };

  return (
    <section aria-label="Notes">
      <h3>Notes</h3>
      <NoteForm submitLabel="Add note" onSubmit={(title, content) => run(api.addNote(customerId, title, content))} />
      <ul className="notes plain">
        {notes.map((n) =>
          editing === n.id ? (
            <li key={n.id}>
              <NoteForm
                submitLabel="Save note"
                initial={n}
                onSubmit={(title, content) => run(api.editNote(customerId, n.id, title, content)).then(() => setEditing(null))}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li key={n.id} className="note">
              <strong>{n.title}</strong>
              {n.content ? <p>{n.content}</p> : null}
              <span className="small muted">
                {memberName(directory, n.authorProfileId)} · {shortTime(n.createdAt)}
              </span>
              <span className="note-actions">
                <button type="button" className="link" aria-label={`Edit note ${n.title}`} onClick={() => setEditing(n.id)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="link"
                  aria-label={`Delete note ${n.title}`}
                  onClick={() => void run(api.deleteNote(customerId, n.id)).catch(() => {})}
                >
                  Delete
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      <ErrorAlert message={error} />
    </section>
  );
}

function NoteForm({
  submitLabel,
  initial,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  initial?: Note;
  onSubmit(title: string, content: string): Promise<unknown>;
  onCancel?(): void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    onSubmit(title.trim(), content).then(
      () => {
        if (!initial) {
          setTitle('');
          setContent('');
        }
      },
      () => {},
    );
  };
  return (
    <form className="note-form" onSubmit={submit}>
      <label>
        {initial ? 'Title' : 'Note title'}
        <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
      </label>
      <label>
        {initial ? 'Text' : 'Note text'}
        <textarea rows={2} value={content} onChange={(e) => setContent(e.target.value)} />
      </label>
      <button type="submit">{submitLabel}</button>
      {onCancel ? (
        <button type="button" className="link" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </form>
  );
}
