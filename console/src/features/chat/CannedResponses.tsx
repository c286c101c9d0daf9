/**
 * Canned responses in the reply box (DESIGN §11 "The composer", docs/composer.md): a reply that is
 * `/` and a word so far opens the list of saved replies whose shortcut starts with that word (or
 * whose title holds it); ↑/↓ move, Enter or a click picks, Escape closes. Picking puts the reply's
 * `rendered` text (filled in for this chat's customer) in the box, for the agent to edit and send.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrg } from '../../app/org';
import { ErrorAlert } from '../../lib/format';
import { useCannedResponses, type CannedResponse } from './api/canned-responses';

/** The list's id, for the reply box's aria-controls. */
export const CANNED_LIST_ID = 'canned-responses';
const optionId = (id: string) => `canned-${id}`;

/** What the reply box needs: whether the list is open, its keys, and the list to show. */
export function useCannedPicker(chatId: string, text: string, pick: (text: string) => void) {
  const { orgId } = useOrg();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const typed = /^\/(\S*)$/.exec(text);
  const q = typed && dismissed !== text ? typed[1]! : null;
  const query = useCannedResponses(orgId, chatId, q);
  const items = q !== null ? (query.data ?? []) : [];
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [q]);
  const open = q !== null;
  const choose = (item: CannedResponse | undefined) => item && pick(item.rendered ?? item.content);

  /** True when the key was the list's (the box must not also act on it, e.g. send on Enter). */
  function onKeyDown(e: KeyboardEvent): boolean {
    if (!open) return false;
    if (e.key === 'Escape') return (setDismissed(text), true);
    if (items.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + items.length) % items.length);
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') return (choose(items[active]), true);
    return false;
  }

  return {
    open,
    onKeyDown,
    activeDescendant: open && items[active] ? optionId(items[active].id) : undefined,
    list: open ? (
      <CannedList items={items} active={active} error={query.error?.message} loading={query.isFetching} onPick={choose} />
    ) : null,
  };
}

function CannedList({
  items,
  active,
  error,
  loading,
  onPick,
}: {
  items: CannedResponse[];
  active: number;
  error?: string;
  loading: boolean;
  onPick(item: CannedResponse): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="canned">
      <ErrorAlert message={error ? t('canned.loadError', { reason: error }) : ''} />
      {!loading && !error && items.length === 0 ? <p className="muted small">{t('canned.none')}</p> : null}
      <ul id={CANNED_LIST_ID} role="listbox" aria-label={t('canned.list')}>
        {items.map((item, i) => (
          <li
            key={item.id}
            id={optionId(item.id)}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the reply box keeps its focus.
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(item);
            }}
          >
            <span className="shortcut">/{item.shortcut}</span> {item.title}
            <span className="muted small preview">{item.rendered ?? item.content}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
