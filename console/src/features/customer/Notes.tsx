/** The customer's notes: add, edit in place, delete. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { memberName, useOrg } from '../../app/org';
import { shortTime, ErrorAlert } from '../../lib/format';
import type { Note } from '../../lib/types';
import { useAddNote, useDeleteNote, useEditNote, useNotes } from './api/notes';

export function Notes({ customerId }: { customerId: string; chatId: string }) {
  const { orgId, directory } = useOrg();
  const { t } = useTranslation();
  // Note events are customer events: app/org.tsx invalidates the customers' queries, notes included.
  const { data: notes = [], error: readError } = useNotes(orgId, customerId);
  const add = useAddNote(orgId, customerId);
  const edit = useEditNote(orgId, customerId);
  const remove = useDeleteNote(orgId, customerId);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState('');
  /** Resolves when the change is saved; a refusal is shown in the alert and the form keeps its text. */
  const run = (saving: Promise<unknown>) => {
    setError('');
    return saving.then(
      () => true,
      (err: Error) => (setError(err.message), false),
    );
  };

  return (
    <section aria-label={t('notes.region')}>
      <h3>{t('notes.region')}</h3>
      <NoteForm submitLabel={t('notes.add')} onSubmit={(title, content) => run(add.mutateAsync({ title, content }))} />
      <ul className="notes plain">
        {notes.map((n) =>
          editing === n.id ? (
            <li key={n.id}>
              <NoteForm
                submitLabel={t('notes.save')}
                initial={n}
                onSubmit={(title, content) =>
                  run(edit.mutateAsync({ noteId: n.id, title, content })).then((saved) => (saved && setEditing(null), saved))
                }
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
                <button type="button" className="link" aria-label={t('notes.editOne', { title: n.title })} onClick={() => setEditing(n.id)}>
                  {t('common.edit')}
                </button>
                <button
                  type="button"
                  className="link"
                  aria-label={t('notes.deleteOne', { title: n.title })}
                  onClick={() => void run(remove.mutateAsync(n.id))}
                >
                  {t('common.delete')}
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      <ErrorAlert message={error || (readError ? t('notes.loadError', { reason: readError.message }) : '')} />
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
  onSubmit(title: string, content: string): Promise<boolean>;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    void onSubmit(title.trim(), content).then((saved) => {
      if (saved && !initial) {
        setTitle('');
        setContent('');
      }
    });
  };
  return (
    <form className="note-form" onSubmit={submit}>
      <label>
        {initial ? t('notes.title') : t('notes.newTitle')}
        <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
      </label>
      <label>
        {initial ? t('notes.text') : t('notes.newText')}
        <textarea rows={2} value={content} onChange={(e) => setContent(e.target.value)} />
      </label>
      <button type="submit">{submitLabel}</button>
      {onCancel ? (
        <button type="button" className="link" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      ) : null}
    </form>
  );
}
