/**
 * Finds English left in a page shown in Portuguese: every visible text node and every accessible
 * text (aria-label, placeholder, title, alt) is compared with the English catalogue's strings
 * (placeholders as wildcards) that differ in pt-BR, and with words only English uses. Data the test
 * seeded (names, messages) is passed in `allowed` and cut out of each string before the comparison.
 */
import type { Page } from 'playwright-core';
import { en } from '../../console/src/i18n/en.ts';
import { ptBR } from '../../console/src/i18n/pt-BR.ts';
import { reportsEn, reportsPtBR } from '../../console/src/features/reports/reports-strings.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asPattern = (template: string) =>
  new RegExp(
    `^${template
      .trim()
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('.*')}$`,
    'i',
  );

// The reports' strings live with their page (loaded on demand) and are checked alike.
const portuguese = new Map(leaves({ ...ptBR, reports: reportsPtBR } as unknown as Tree));
/** English catalogue strings with a different Portuguese text (a shared `Webhooks` is not English left over). */
const ENGLISH = leaves({ ...en, reports: reportsEn } as unknown as Tree)
  .filter(([key, value]) => portuguese.get(key)?.trim() !== value.trim() && /[a-z].*[a-z].*[a-z]/i.test(value.replace(/\{\{\w+\}\}/g, '')))
  .map(([key, value]) => ({ key, pattern: asPattern(value) }));

/** Words an English sentence has and a Portuguese one does not. */
const ENGLISH_WORDS =
  /\b(the|of|to|and|is|are|this|your|with|from|for|not|yet|choose|add|send|delete|loading|could|chats?|customer|message|pending|closed|open|sign|settings)\b/i;

export function visibleTexts(page: Page): Promise<string[]> {
  // A string, not a function: the test's compiler names inner functions with a helper the page lacks.
  return page.evaluate(`(() => {
    const found = new Set();
    const visible = (el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 || box.height > 0 || el.closest('.visually-hidden') !== null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ? node.textContent.trim() : '';
      if (text && parent && !['SCRIPT', 'STYLE'].includes(parent.tagName) && visible(parent)) found.add(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label],[placeholder],[title],[alt],[aria-roledescription]')) {
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription']) {
        const value = (el.getAttribute(attr) || '').trim();
        if (value) found.add(value);
      }
    }
    return [...found];
  })()`);
}

/** The page's strings that are English, each with why. */
export async function untranslated(page: Page, allowed: RegExp[] = []): Promise<string[]> {
  const texts = await visibleTexts(page);
  const problems: string[] = [];
  for (const shown of texts) {
    const text = allowed.reduce((rest, pattern) => rest.replace(new RegExp(pattern.source, 'gi'), ''), shown).trim();
    if (!/\p{L}/u.test(text)) continue;
    const match = ENGLISH.find(({ pattern }) => pattern.test(text));
    if (match) problems.push(`${JSON.stringify(shown)} is the English of ${match.key}`);
    else if (ENGLISH_WORDS.test(text)) problems.push(`${JSON.stringify(shown)} reads as English`);
  }
  return problems;
}
