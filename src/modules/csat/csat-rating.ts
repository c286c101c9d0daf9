/**
 * Whether a customer's message is a rating from 1 to 5 (DESIGN.md §12 "Satisfaction"; docs/csat.md):
 * the whole message, trimmed, case- and accent-insensitive, is a digit 1–5 (optionally "/5" or
 * "de 5"), a known word (Portuguese, English, Spanish), one to five stars, or a known emoji. Pure.
 */
const WORDS: Record<string, number> = {
  pessimo: 1,
  horrivel: 1,
  terrible: 1,
  awful: 1,
  'muito ruim': 1,
  'very bad': 1,
  malo: 2,
  ruim: 2,
  bad: 2,
  poor: 2,
  regular: 3,
  ok: 3,
  okay: 3,
  'mais ou menos': 3,
  medio: 3,
  average: 3,
  bom: 4,
  good: 4,
  bueno: 4,
  'muito bom': 5,
  otimo: 5,
  excelente: 5,
  excellent: 5,
  great: 5,
  perfeito: 5,
  perfect: 5,
  'muy bueno': 5,
  um: 1,
  one: 1,
  dois: 2,
  two: 2,
  tres: 3,
  three: 3,
  quatro: 4,
  four: 4,
  cinco: 5,
  five: 5,
};

const EMOJI: Record<string, number> = {
  '😡': 1,
  '😠': 1,
  '👎': 1,
  '😞': 2,
  '🙁': 2,
  '☹️': 2,
  '😐': 3,
  '🙂': 4,
  '😊': 4,
  '👍': 5,
  '😀': 5,
  '😃': 5,
  '😍': 5,
  '🤩': 5,
  '❤️': 5,
  '1️⃣': 1,
  '2️⃣': 2,
  '3️⃣': 3,
  '4️⃣': 4,
  '5️⃣': 5,
};

function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.!]+$/u, '')
    .trim();
}

export function ratingOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 20) return null;
  const digit = /^([1-5])(\s*(\/|de|of)\s*5)?$/i.exec(trimmed);
  if (digit) return Number(digit[1]);
  const stars = /^(?:⭐|★|🌟){1,5}$/u.exec(trimmed);
  if (stars) return [...trimmed].length;
  // Own keys only: "constructor" or "toString" is no rating (a plain object's lookup finds Object's).
  if (Object.hasOwn(EMOJI, trimmed)) return EMOJI[trimmed]!;
  const word = folded(trimmed);
  return Object.hasOwn(WORDS, word) ? WORDS[word]! : null;
}
