/**
 * The emoji picker (emoji-picker-element), loaded only when an agent opens it so the inbox's first
 * load does not carry it. Its data is served by the service with the console (vite emits the JSON
 * as an asset; no CDN), in the agent's language; a pick is handed to the composer.
 *
 * The picker puts its styles in a <style> element of its shadow root, which the console's
 * Content-Security-Policy (`style-src 'self'`) refuses, leaving it unstyled (a page-long list of
 * buttons). They are moved into a constructable stylesheet, which CSP does not govern, rather than
 * allowing every inline style.
 */
import 'emoji-picker-element';
import type Picker from 'emoji-picker-element/picker';
import type { EmojiClickEvent } from 'emoji-picker-element/shared';
import ptBRTexts from 'emoji-picker-element/i18n/pt_BR';
import enData from 'emoji-picker-element-data/en/cldr/data.json?url';
import ptData from 'emoji-picker-element-data/pt/cldr/data.json?url';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export default function EmojiPanel({ onPick }: { onPick(emoji: string): void }) {
  const { i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const portuguese = i18n.language === 'pt-BR';
  useEffect(() => {
    const picker = document.createElement('emoji-picker') as Picker;
    picker.dataSource = portuguese ? ptData : enData;
    picker.locale = portuguese ? 'pt' : 'en';
    if (portuguese) picker.i18n = ptBRTexts;
    const listener = (event: Event) => {
      const unicode = (event as EmojiClickEvent).detail.unicode;
      if (unicode) onPick(unicode);
    };
    picker.addEventListener('emoji-click', listener);
    adoptStyles(picker);
    host.current?.append(picker);
    return () => {
      picker.removeEventListener('emoji-click', listener);
      picker.remove();
    };
  }, [portuguese, onPick]);
  return <div ref={host} className="emoji-panel" />;
}

function adoptStyles(picker: HTMLElement) {
  const root = picker.shadowRoot;
  const style = root?.querySelector('style');
  if (!root || !style) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(style.textContent ?? '');
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  style.remove();
}
