/**
 * The reply box: text (Enter sends, Shift+Enter a new line), an attachment uploaded through the
 * files API and sent with its caption, on official WhatsApp channels the template picker, and
 * "Schedule" (SchedulePanel: a message sent later, the chat's waiting ones), canned responses after
 * a `/` (CannedResponses.tsx). The
 * message shows at once as pending (by its tempId) and is replaced by the stored one.
 */
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import type { Channel, ChatRow, Message } from '../../lib/types';
import { ErrorAlert } from '../../lib/format';
import { sendErrorText } from './send-error';
import { addChatNote } from './api/chat-notes';
import { replyToChat, sendAttachment, uploadFile } from './api/messages';
import { useSendTemplate, useTemplates } from './api/templates';
import { SchedulePanel } from './SchedulePanel';
import { NewConversation } from './NewConversation';
import { CANNED_LIST_ID, useCannedPicker } from './CannedResponses';
import { TemplateFields, useTemplateChoice } from './TemplateFields';

// The picker and its data load on the first open only (bundle size, DESIGN §11).
const EmojiPanel = lazy(() => import('./EmojiPanel'));

function tempId(): string {
  return `tmp-${crypto.randomUUID()}`;
}

export function ReplyBox({
  chat,
  channel,
  onSent,
  onRefresh,
  onNoteAdded,
  onDiscard,
}: {
  chat: ChatRow;
  channel?: Channel;
  onSent(m: Message): void;
  onRefresh(): void;
  onNoteAdded(): void;
  /** Removes a reply's optimistic copy (its send failed). */
  onDiscard(tempId: string): void;
}) {
  const { orgId, profileId } = useOrg();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** The last send failed: its text stays in the box and `Retry` sends it again. */
  const [failed, setFailed] = useState(false);
  /**
   * The failed send's id (its Idempotency-Key) and what it sent: a Retry of the same reply reuses it,
   * so if the first try was stored and only its answer lost, the service answers that one again.
   */
  const lastTry = useRef<{ id: string; what: string; fileId?: string } | null>(null);
  /** The `Private note` mode: what is written goes to the team (…/notes), never to the customer. */
  const [noteMode, setNoteMode] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  /** An emoji goes where the cursor is, and the cursor after it. */
  const insertEmoji = useCallback((emoji: string) => {
    const area = textArea.current;
    const at = area ? area.selectionStart : undefined;
    setText((current) => {
      const start = at ?? current.length;
      const end = area ? area.selectionEnd : start;
      requestAnimationFrame(() => {
        area?.focus();
        area?.setSelectionRange(start + emoji.length, start + emoji.length);
      });
      return current.slice(0, start) + emoji + current.slice(end);
    });
  }, []);
  const closed = chat.status === 'closed';
  const canned = useCannedPicker(chat.id, text, (picked) => {
    setText(picked);
    requestAnimationFrame(() => textArea.current?.setSelectionRange(picked.length, picked.length));
  });

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = text.trim();
    if (noteMode) return submitNote(content);
    if (busy || (!content && !file)) return;
    setBusy(true);
    setError('');
    setFailed(false);
    const what = JSON.stringify([content, file?.name, file?.size, file?.lastModified]);
    const retried = lastTry.current?.what === what ? lastTry.current : null;
    const id = retried?.id ?? tempId();
    lastTry.current = { id, what, ...(retried?.fileId ? { fileId: retried.fileId } : {}) };
    try {
      if (file) {
        // The file uploaded by a failed try is sent again as it is: the same body under the same key.
        const fileId = lastTry.current.fileId ?? (await uploadFile(orgId, file)).id;
        lastTry.current.fileId = fileId;
        await sendAttachment(orgId, chat.id, fileId, content, id);
        onRefresh();
      } else {
        const now = new Date().toISOString();
        onSent({
          id,
          chatId: chat.id,
          channelId: chat.channelId,
          direction: 'outbound',
          type: 'text',
          status: 'pending',
          content: { text: content },
          senderProfileId: profileId,
          tempId: id,
          createdAt: now,
          updatedAt: now,
          error: null,
          source: 'console',
          reactions: [],
          edits: [],
          editedAt: null,
          deletedAt: null,
        });
        onSent(await replyToChat(orgId, chat.id, { content, tempId: id }));
      }
      lastTry.current = null;
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      // No ghost bubble: the reply was not sent. A send that did reach the service shows up in the
      // read that follows, under its stored id.
      onDiscard(id);
      setError(sendErrorText(err, t));
      setFailed(true);
      onRefresh();
    } finally {
      setBusy(false);
    }
  }

  async function submitNote(content: string) {
    if (busy || !content) return;
    setBusy(true);
    setError('');
    try {
      await addChatNote(orgId, chat.id, content);
      setText('');
      onNoteAdded();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (closed)
    return (
      <div className="reply-closed">
        <p className="muted">{t('reply.closed')}</p>
        <NewConversation chat={chat} channel={channel} />
        <SchedulePanel chatId={chat.id} />
      </div>
    );
  return (
    <div className="reply">
      <SchedulePanel chatId={chat.id} />
      {channel?.templates ? <TemplatePicker chat={chat} channel={channel} onSent={onRefresh} /> : null}
      {canned.list}
      <label className="check note-toggle">
        <input type="checkbox" checked={noteMode} onChange={(e) => setNoteMode(e.target.checked)} /> {t('chatNotes.mode')}
      </label>
      <form className={`reply-box ${noteMode ? 'note-mode' : ''}`} onSubmit={(e) => void submit(e)}>
        <label className="visually-hidden" htmlFor="reply-text">
          {t('reply.message')}
        </label>
        <textarea
          ref={textArea}
          id="reply-text"
          rows={2}
          placeholder={noteMode ? t('chatNotes.placeholder') : t('reply.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-controls={canned.open ? CANNED_LIST_ID : undefined}
          aria-activedescendant={canned.activeDescendant}
          onKeyDown={(e) => {
            if (canned.onKeyDown(e)) return e.preventDefault();
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <button
          type="button"
          className="emoji-toggle"
          aria-label={t('reply.emoji')}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((o) => !o)}
        >
          <span aria-hidden="true">☺</span>
        </button>
        <label className="attach">
          <span className="visually-hidden">{t('reply.attach')}</span>
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M21 11.5 12.5 20a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5" />
          </svg>
          <input ref={fileInput} type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" disabled={busy}>
          {noteMode ? t('chatNotes.add') : t('reply.send')}
        </button>
      </form>
      {emojiOpen ? (
        <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
          <EmojiPanel onPick={insertEmoji} />
        </Suspense>
      ) : null}
      {file ? <p className="small muted">{t('reply.attachment', { name: file.name })}</p> : null}
      <ErrorAlert message={error} />
      {failed ? (
        <button type="button" onClick={() => void submit()} disabled={busy}>
          {t('reply.retry')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The template picker (TemplateFields: the select, the variables, the preview), so the agent sends
 * what they have read. A sent template resets the picker, and the button waits while a send is
 * under way: a second click cannot send it twice.
 */
function TemplatePicker({ chat, channel, onSent }: { chat: ChatRow; channel: Channel; onSent(): void }) {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const { data: templates = [], error: readError } = useTemplates(orgId, channel.id);
  const send = useSendTemplate(orgId, chat.id);
  const choice = useTemplateChoice(templates);
  const [error, setError] = useState('');
  if (readError) return <ErrorAlert message={t('reply.templatesError', { reason: readError.message })} />;
  if (templates.length === 0) return null;
  return (
    <form
      className="template-picker"
      onSubmit={(e) => {
        e.preventDefault();
        if (!choice.template || !choice.ready || send.isPending) return;
        setError('');
        send.mutate(
          { templateId: choice.template.id, variables: choice.values },
          {
            onSuccess: () => {
              choice.reset();
              onSent();
            },
            onError: (err) => setError(sendErrorText(err, t)),
          },
        );
      }}
    >
      <TemplateFields choice={choice} onChange={() => setError('')} />
      <button type="submit" disabled={!choice.ready || send.isPending}>
        {t('reply.sendTemplate')}
      </button>
      <ErrorAlert message={error} />
    </form>
  );
}
