/**
 * How a search box's text becomes what the indexes are asked (migration 0037): pure, so each rule is
 * unit-tested. Accents and case are folded the way the indexes fold them (SQLite's tokenizers remove
 * diacritics; PostgreSQL stores `unaccent(lower(…))` and the query goes through `unaccent` too).
 */

/** Lower case without diacritics: `João` → `joao`. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** The digits of a text that looks like (part of) a phone number: `(11) 99999-0000` → `11999990000`. */
export function phoneDigits(text: string): string | undefined {
  if (!/^[+\d\s().-]+$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  return digits.length > 0 ? digits : undefined;
}

/**
 * The substring a customer search looks for in the customer index: a phone's digits (contacts are
 * stored as digits), else the folded text. Undefined under 3 characters: the trigram indexes cannot
 * answer shorter substrings, so the caller falls back to a prefix of the name.
 */
export function customerNeedle(text: string): string | undefined {
  const needle = phoneDigits(text.trim()) ?? foldText(text);
  return [...needle].length >= 3 ? needle : undefined;
}

/**
 * PostgreSQL's trigram index asked one word at a time: the needle's space-separated words as `like`
 * patterns, each with the spaces the needle puts beside it (they tell pg_trgm where a word starts or
 * ends, which is what makes a short word such as the `0` of `cliente 0` askable). Each pattern is a
 * substring of the needle, so whatever holds the needle matches every one; words the index could
 * not answer (one or two letters with no space beside them) are left out. Empty when the needle is
 * one word: the needle's own pattern says it all.
 */
export function trigramWordPatterns(needle: string): string[] {
  const words = needle.split(' ');
  if (words.filter((word) => word !== '').length < 2) return [];
  return words.flatMap((word, i) => {
    if (word === '') return [];
    const before = i > 0 ? ' ' : '';
    const after = i < words.length - 1 ? ' ' : '';
    // pg_trgm pads a word's known start with two blanks and its known end with one.
    const askable = before !== '' || [...word].length + (after ? 1 : 0) >= 3;
    return askable ? [`%${before}${escapeLike(word)}${after}%`] : [];
  });
}

/** An FTS5 phrase matching the text literally (quotes doubled, so no query syntax gets through). */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * SQLite's message index term of an organization (migration 0048): `o` and its id's hex digits, one
 * token for the unicode61 tokenizer, as the index's triggers write it.
 */
export function ftsOrganizationTerm(organizationId: string): string {
  return `o${organizationId.replaceAll('-', '').toLowerCase()}`;
}

/** The words of a text, folded: runs of letters and digits, as the message index's tokenizer splits them. */
export function textWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The words of a message search, folded; at most 8. */
export function messageWords(text: string): string[] {
  return textWords(text).slice(0, 8);
}

/**
 * Whether `textWords` splits a text exactly as SQLite's message index does (FTS5 `unicode61`): only
 * for text within the Latin blocks, their combining diacritics and general punctuation
 * (U+0020–U+036F, U+2000–U+206F, and white space). Beyond them the two differ: FTS5's tables are
 * Unicode 6.1's, so a later emoji (🤔) is part of the word beside it there, and a variation
 * selector (U+FE0F) splits words there while `foldText` removes it.
 */
export function splitsAsTheIndex(text: string): boolean {
  return !/[^\s -\u036f\u2000-\u206f]/.test(text); // control characters other than spaces: not checked here
}

/**
 * Whether a text holds every word of a message search: each whole, the last one as a word prefix
 * (what the message index answers, `ftsWords` and `tsWords`), for a text `splitsAsTheIndex`.
 */
export function holdsWords(text: string, words: readonly string[]): boolean {
  const own = textWords(text);
  return words.every((word, i) => (i === words.length - 1 ? own.some((o) => o.startsWith(word)) : own.includes(word)));
}

/**
 * SQLite FTS5: every word whole, the last one as a prefix (`"joao" AND "pedi"*`); with `lastTerms`
 * (the index's terms that start with the last word, found beforehand) the last one as those terms
 * (`"joao" AND ("pedi" OR "pedido")`). Whole terms let FTS5 read its lists newest first and stop at
 * the page; a prefix makes it merge every entry of every term of the prefix first.
 */
export function ftsWords(words: readonly string[], lastTerms?: readonly string[]): string {
  const last = words.at(-1)!;
  const lastQuery = lastTerms ? `(${[last, ...lastTerms.filter((t) => t !== last)].map(ftsPhrase).join(' OR ')})` : `${ftsPhrase(last)}*`;
  return [...words.slice(0, -1).map(ftsPhrase), lastQuery].join(' AND ');
}

/** PostgreSQL tsquery: every word whole, the last one as a prefix (`joao & pedi:*`); words hold no operator. */
export function tsWords(words: readonly string[]): string {
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

/**
 * The bounds of the index terms that start with `word` and are longer: from `word0` (no token
 * character sorts below the digits) to before `word` with its last character raised by one.
 */
export function longerTermsRange(word: string): { from: string; before: string } {
  const chars = [...word];
  const last = chars.pop()!;
  return { from: `${word}0`, before: `${chars.join('')}${String.fromCodePoint(last.codePointAt(0)! + 1)}` };
}

/** A LIKE pattern's special characters escaped with a backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
