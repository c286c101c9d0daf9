/**
 * The inbox's keyboard shortcuts (DESIGN §11): `j`/`k` open the next and previous chat of the list,
 * `/` focuses the search box (any `input[type=search]` the page has), `?` shows this help. Keys
 * typed in a field are the field's.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function Shortcuts({ chatIds, openId }: { chatIds: readonly string[]; openId?: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (event.key === 'Escape') return setHelp(false);
      if (event.key === '?') return setHelp((h) => !h);
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('input[type=search]');
        if (!search) return;
        event.preventDefault();
        return search.focus();
      }
      const step = event.key === 'j' ? 1 : event.key === 'k' ? -1 : 0;
      if (!step || chatIds.length === 0) return;
      const at = openId ? chatIds.indexOf(openId) : -1;
      const next = chatIds[at === -1 ? 0 : Math.min(Math.max(at + step, 0), chatIds.length - 1)];
      if (next && next !== openId) navigate(`/inbox/${next}`);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [chatIds, openId, navigate]);
  if (!help) return null;
  return (
    <div role="dialog" aria-label={t('shortcuts.title')} className="shortcuts-help">
      <h2>{t('shortcuts.title')}</h2>
      <dl>
        <dt>
          <kbd>j</kbd> / <kbd>k</kbd>
        </dt>
        <dd>{t('shortcuts.nextPrevious')}</dd>
        <dt>
          <kbd>/</kbd>
        </dt>
        <dd>{t('shortcuts.search')}</dd>
        <dt>
          <kbd>?</kbd>
        </dt>
        <dd>{t('shortcuts.help')}</dd>
      </dl>
      <button type="button" onClick={() => setHelp(false)}>
        {t('shortcuts.close')}
      </button>
    </div>
  );
}
