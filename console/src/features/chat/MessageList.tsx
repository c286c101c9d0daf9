/**
 * The chat's timeline: its messages, both directions, with status ticks and media previews, and
 * among them by time the agents' private notes (docs/composer.md), set apart; newest at the bottom.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { memberName, useOrg } from '../../app/org';
import { fileUrl } from './api/messages';
import { shortTime, StatusTick } from '../../lib/format';
import type { Message } from '../../lib/types';
import type { ChatNote } from './api/chat-notes';
import { useTemplates } from './api/templates';
import { fillTemplate, sentValues, templateBody } from './template-text';

function text(content: Record<string, unknown>, key: string): string | undefined {
  const value = content[key];
  return typeof value === 'string' ? value : undefined;
}

function Body({ message }: { message: Message }) {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const { content, type } = message;
  // An uploaded file is read through the API with the session (its signed link is for providers,
  // and names PUBLIC_URL, which the agent's browser may not reach). A customer's media are shown
  // only once downloaded into our files (`fileId`): never from the vendor's or a stranger's URL.
  const fileId = text(content, 'file_id') ?? text(content, 'fileId');
  const url = fileId ? fileUrl(orgId, fileId) : message.direction === 'inbound' ? undefined : text(content, 'url');
  const caption = text(content, 'caption');
  const body = text(content, 'text');
  if (type === 'image' && url)
    return (
      <figure>
        <img src={url} alt={caption ?? t('messages.image')} loading="lazy" />
        {caption ? <figcaption>{caption}</figcaption> : null}
      </figure>
    );
  if (type === 'video' && url)
    return (
      <figure>
        <video src={url} controls preload="metadata" />
        {caption ? <figcaption>{caption}</figcaption> : null}
      </figure>
    );
  if (type === 'audio' && url) return <audio src={url} controls preload="metadata" aria-label={t('messages.audio')} />;
  if (type === 'document' && url)
    return (
      <p>
        {t('messages.documentPrefix')}
        <a href={url} target="_blank" rel="noreferrer">
          {text(content, 'filename') ?? t('messages.document')}
        </a>
        {caption ? (
          <>
            <br />
            {caption}
          </>
        ) : null}
      </p>
    );
  if (type === 'template') return <TemplateMessage message={message} />;
  if (type === 'location')
    return <p>{t('messages.location', { place: text(content, 'name') ?? `${String(content.latitude)}, ${String(content.longitude)}` })}</p>;
  return <p className="text">{body ?? caption ?? `[${type}]`}</p>;
}

/**
 * A sent template as the customer read it: its body (from the channel's approved templates, by name
 * and language) filled with the values the message was sent with, under the template's name. A
 * template no longer listed shows its name only.
 */
function TemplateMessage({ message }: { message: Message }) {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const { data: templates = [] } = useTemplates(orgId, message.channelId);
  const name = text(message.content, 'name') ?? '';
  const language = text(message.content, 'language');
  const template = templates.find((tpl) => tpl.name === name && (!language || tpl.language === language));
  const body = templateBody(template?.components);
  return (
    <>
      <p className="small muted">
        <em>{t('messages.template', { name })}</em>
      </p>
      {body ? <p className="text">{fillTemplate(body, sentValues(message.content))}</p> : null}
    </>
  );
}

/** The member who sent an outbound message (from the console or with their API key), so a shared inbox shows who answered. */
function SenderName({ profileId }: { profileId: string }) {
  const { directory } = useOrg();
  return <span className="sender">{memberName(directory, profileId)} · </span>;
}

type Entry = { note: ChatNote; message?: undefined } | { message: Message; note?: undefined };

/** Messages and notes by time. While older messages are unread, older notes wait with them (so
 * they never stack above the first page). The sort is stable: messages keep the store's order. */
function timeline(messages: Message[], notes: ChatNote[], hasOlder: boolean): Entry[] {
  const from = hasOlder ? messages[0]?.createdAt : undefined;
  const entries: Entry[] = [
    ...messages.map((message) => ({ message })),
    ...notes.filter((n) => !from || n.createdAt >= from).map((note) => ({ note })),
  ];
  const at = (e: Entry) => (e.message ?? e.note).createdAt;
  return entries.sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
}

function NoteItem({ note }: { note: ChatNote }) {
  const { t } = useTranslation();
  return (
    <li className="message note">
      <p className="note-label small">{t('chatNotes.label', { name: note.authorName ?? t('common.someone') })}</p>
      <p className="text">{note.content}</p>
      <span className="meta">{shortTime(note.createdAt)}</span>
    </li>
  );
}

export function MessageList({
  messages,
  notes = [],
  loaded,
  hasOlder,
  loadOlder,
}: {
  messages: Message[];
  notes?: ChatNote[];
  loaded: boolean;
  hasOlder: boolean;
  loadOlder(): void;
}) {
  const { t } = useTranslation();
  const pane = useRef<HTMLDivElement>(null);
  // Whether the agent is at the newest message: then the pane stays there as content grows (an image
  // or a preview laying out after the message arrived); scrolled up to read, it stays put.
  const pinned = useRef(true);
  const entries = timeline(messages, notes, hasOlder);
  const last = entries[entries.length - 1];
  const lastId = last?.message?.id ?? last?.note?.id;
  useEffect(() => {
    pinned.current = true;
    if (pane.current) pane.current.scrollTop = pane.current.scrollHeight;
  }, [lastId]);
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const el = pane.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
  };
  return (
    <div className="messages" ref={pane} onScroll={onScroll}>
      {hasOlder ? (
        <button type="button" className="link" onClick={loadOlder}>
          {t('messages.older')}
        </button>
      ) : null}
      <ol role="log" aria-label={t('messages.log')} aria-busy={!loaded} aria-live="polite">
        {entries.map(({ message: m, note }) =>
          note ? (
            <NoteItem key={note.id} note={note} />
          ) : (
            <li key={m.id} className={`message ${m.direction}`}>
              {/* A deleted message keeps its content in the organization's records (DESIGN.md §9). */}
              {m.deletedAt ? (
                <p className="small">
                  <em>{t('messages.deleted')}</em>
                </p>
              ) : null}
              <Body message={m} />
              <span className="meta">
                {m.direction === 'outbound' && m.senderProfileId ? <SenderName profileId={m.senderProfileId} /> : null}
                {shortTime(m.createdAt)} {m.direction === 'outbound' ? <StatusTick status={m.status} /> : null}
                {m.editedAt ? t('messages.edited') : null}
                {m.source === 'phone' ? t('messages.fromPhone') : null}
              </span>
              {(m.reactions ?? []).length > 0 ? (
                <span className="reactions" aria-label={t('messages.reactions')}>
                  {(m.reactions ?? []).map((r) => r.emoji).join(' ')}
                </span>
              ) : null}
              {m.error ? <span className="error small">{m.error.message}</span> : null}
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
