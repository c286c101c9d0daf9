/**
 * The search box above the chat list (DESIGN §11 "Search", docs/search.md): typed text is read
 * after a pause (one read per pause, not per key); the answer lists the chats (customers' and
 * messages') and the matching messages, each a link to its chat. `/` focuses it (Shortcuts.tsx
 * finds it as the page's `input[type=search]`); Escape clears it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOrg } from '../../app/org';
import { ErrorAlert, shortTime } from '../../lib/format';
import { useSearch } from './api/search';

/** How long typing pauses before the text is searched. */
const DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function Search() {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const result = useSearch(orgId, q);
  const clear = () => setText('');
  const data = q ? result.data : undefined;
  return (
    <div className="search">
      <input
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') clear();
        }}
      />
      {q ? (
        <section className="search-results" aria-label={t('search.results')} aria-busy={result.isFetching}>
          <ErrorAlert message={result.error ? t('search.error', { reason: result.error.message }) : ''} />
          {data && data.chats.length === 0 && data.messages.length === 0 ? <p className="muted">{t('search.nothing')}</p> : null}
          {data && data.chats.length > 0 ? (
            <ul aria-label={t('search.chats')}>
              {data.chats.map((chat) => (
                <li key={chat.id}>
                  <Link href={`/inbox/${chat.id}`} onClick={clear}>
                    {chat.customerName || chat.contact}
                    <span className="muted small"> · {t(`status.${chat.status}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {data && data.messages.length > 0 ? (
            <ul aria-label={t('search.messages')}>
              {data.messages.map((m) => (
                <li key={m.id}>
                  <Link href={`/inbox/${m.chatId}`} onClick={clear}>
                    <span className="customer">{m.customerName}</span> <span className="muted small">{shortTime(m.createdAt)}</span>
                    <span className="preview">{m.preview}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
