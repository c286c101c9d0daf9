/**
 * A customer's message read as a satisfaction rating (csat/csat-rating.ts), pure: digits with or
 * without "/5", "de 5", "of 5"; words in three languages, folded; one to five stars; known emoji.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ratingOf } from '../../src/modules/csat/csat-rating.js';

it('ratings: digits, words, stars and emoji; anything else is no rating', () => {
  for (const [text, rating] of [
    ['5', 5],
    [' 3 ', 3],
    ['1', 1],
    ['4/5', 4],
    ['4 / 5', 4],
    ['2 de 5', 2],
    ['3 OF 5', 3],
    ['ótimo', 5],
    ['Ruim!', 2],
    ['MUITO   BOM', null],
    ['muito bom', 5],
    ['Péssimo...', 1],
    ['ok.', 3],
    ['Bom !', 4],
    ['⭐⭐⭐⭐', 4],
    ['★', 1],
    ['🌟🌟', 2],
    ['⭐⭐⭐⭐⭐', 5],
    ['👍', 5],
    ['😡', 1],
    ['3️⃣', 3],
    [' 🙂 ', 4],
  ] as const) {
    assert.equal(ratingOf(text), rating, text);
  }
  for (const text of [
    '6',
    '0',
    '10',
    '45',
    '4/6',
    '4/55',
    'x4/5',
    '4/5x',
    '4 5',
    '⭐⭐⭐⭐⭐⭐',
    '⭐4',
    'a⭐',
    '⭐a',
    'obrigado',
    'tudo bem, 5 estrelas para vocês',
    '',
    '   ',
    'constructor',
    'toString',
    '.ok',
    'b!om',
    'bom bom bom bom bom bom bom',
  ])
    assert.equal(ratingOf(text), null, text);
});

it('a message of up to 20 characters is read, a longer one is not', () => {
  assert.equal(ratingOf(`${' '.repeat(30)}5${' '.repeat(30)}`), 5, 'trimmed first');
  assert.equal(ratingOf('5 de 5'.padEnd(20, '!')), null, '20 characters that are not a rating');
  assert.equal(ratingOf('mais ou menos!!!!!!!'), 3, '20 characters');
  assert.equal(ratingOf('mais ou menos!!!!!!!!'), null, '21 characters');
});
