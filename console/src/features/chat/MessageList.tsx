/** The messages of a chat, both directions, with status ticks and media previews; newest at the bottom. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { fileUrl } from './api/messages';
import { shortTime, StatusTick } from '../../lib/format';
import type { Message } from '../../lib/types';

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
  if (type === 'template')
    return (
      <p>
        <em>{t('messages.template', { name: text(content, 'name') ?? '' })}</em>
      </p>
    );
  if (type === 'location')
    return <p>{t('messages.location', { place: text(content, 'name') ?? `${String(content.latitude)}, ${String(content.longitude)}` })}</p>;
  return <p className="text">{body ?? caption ?? `[${type}]`}</p>;
}

export function MessageList({
  messages,
  loaded,
  hasOlder,
  loadOlder,
}: {
  messages: Message[];
  loaded: boolean;
  hasOlder: boolean;
  loadOlder(): void;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLLIElement>(null);
  const lastId = messages[messages.length - 1]?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);
  return (
    <div className="messages">
      {hasOlder ? (
        <button type="button" className="link" onClick={loadOlder}>
          {t('messages.older')}
        </button>
      ) : null}
      <ol role="log" aria-label={t('messages.log')} aria-busy={!loaded} aria-live="polite">
        {messages.map((m) => (
          <li key={m.id} className={`message ${m.direction}`}>
            {/* A deleted message keeps its content in the organization's records (DESIGN.md §9). */}
            {m.deletedAt ? (
              <p className="small">
                <em>{t('messages.deleted')}</em>
              </p>
            ) : null}
            <Body message={m} />
            <span className="meta">
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
        ))}
        <li ref={end} aria-hidden="true" className="end" />
      </ol>
    </div>
  );
}
