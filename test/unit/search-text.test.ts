import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  customerNeedle,
  escapeLike,
  foldText,
  ftsPhrase,
  ftsWords,
  holdsWords,
  longerTermsRange,
  messageWords,
  phoneDigits,
  splitsAsTheIndex,
  trigramWordPatterns,
  tsWords,
} from '../../src/lib/search-text.js';

it('folds accents and case', () => {
  assert.equal(foldText('  João CONCEIÇÃO '), 'joao conceicao');
  assert.equal(foldText('Ñandú über'), 'nandu uber');
});

it('reads a phone as its digits, only when it looks like one', () => {
  assert.equal(phoneDigits('+55 (11) 99876-5432'), '5511998765432');
  assert.equal(phoneDigits('9876.5432'), '98765432');
  assert.equal(phoneDigits('rua 12'), undefined);
  assert.equal(phoneDigits('12 rua'), undefined, 'the whole text, not its start');
  assert.equal(phoneDigits('  '), undefined);
});

it('needs 3 characters for a customer substring', () => {
  assert.equal(customerNeedle('Jo'), undefined);
  assert.equal(customerNeedle('Joã'), 'joa');
  assert.equal(customerNeedle('(11) 9'), '119');
  assert.equal(customerNeedle('1-2'), undefined, 'two digits');
});

it('keeps query syntax out of FTS5 and tsquery', () => {
  assert.equal(ftsPhrase('a "b" OR c'), '"a ""b"" OR c"');
  assert.deepEqual(messageWords('Pedido: "não" & chegou | !x :*'), ['pedido', 'nao', 'chegou', 'x']);
  assert.equal(ftsWords(['pedido', 'nao']), '"pedido" AND "nao"*', 'whole words, the last a prefix');
  assert.equal(ftsWords(['pedido', 'nao'], ['naoe', 'nao']), '"pedido" AND ("nao" OR "naoe")', 'the last as the terms it covers');
  assert.equal(ftsWords(['ped'], []), '("ped")');
  assert.equal(tsWords(['pedido', 'nao']), 'pedido & nao:*');
  assert.equal(messageWords('a b c d e f g h i j').length, 8);
});

it('checks a text for the words of a search as the message index answers them', () => {
  const text = 'O PEDIDO nº 123 não chegou; garantia-estendida?';
  assert.equal(holdsWords(text, ['pedido', 'nao']), true, 'accents and case folded');
  assert.equal(holdsWords(text, ['nao', 'garant']), true, 'the last word a prefix of a word');
  assert.equal(holdsWords(text, ['garant', 'nao']), false, 'the others whole');
  assert.equal(holdsWords(text, ['123', 'estendida']), true, 'split at punctuation');
  assert.equal(holdsWords(text, ['edido']), false, 'a prefix, not any substring');
  assert.equal(splitsAsTheIndex(text), true);
  assert.equal(splitsAsTheIndex('Conceição — “ok”\n\tÀ vista'), true, 'accents, punctuation, white space');
  // SQLite's tokenizer keeps an emoji later than Unicode 6.1 inside the word (`obrigado🤔`) and splits at U+FE0F.
  assert.equal(splitsAsTheIndex('obrigado🤔 valeu'), false);
  assert.equal(splitsAsTheIndex('ok\uFE0Fsim'), false);
});

it('bounds the index terms longer than a word', () => {
  assert.deepEqual(longerTermsRange('garantia'), { from: 'garantia0', before: 'garantib' });
  assert.deepEqual(longerTermsRange('59'), { from: '590', before: '5:' });
  assert.deepEqual(longerTermsRange('ñz'), { from: 'ñz0', before: 'ñ{' });
});

it('escapes LIKE wildcards and the escape character', () => {
  assert.equal(escapeLike('50%_off\\x'), '50\\%\\_off\\\\x');
  assert.equal(escapeLike('plain'), 'plain');
});

it('asks the trigram index one word at a time, with the spaces beside each', () => {
  assert.deepEqual(trigramWordPatterns('cliente 123456'), ['%cliente %', '% 123456%']);
  assert.deepEqual(trigramWordPatterns('ana maria silva'), ['%ana %', '% maria %', '% silva%']);
  assert.deepEqual(trigramWordPatterns('cliente 0'), ['%cliente %', '% 0%'], 'a short word after a space is askable');
  assert.deepEqual(trigramWordPatterns('a silva'), ['% silva%'], 'one letter with nothing known before it is not');
  assert.deepEqual(trigramWordPatterns('ab silva'), ['%ab %', '% silva%']);
  assert.deepEqual(trigramWordPatterns('50% off'), ['%50\\% %', '% off%'], 'wildcards escaped');
  assert.deepEqual(trigramWordPatterns('silva'), [], 'one word: the needle itself');
  assert.deepEqual(trigramWordPatterns(' silva '), [], 'spaces around one word');
});
