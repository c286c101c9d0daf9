import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  customerNeedle,
  escapeLike,
  foldText,
  ftsPhrase,
  ftsWordPrefixes,
  messageWords,
  phoneDigits,
  tsPrefixQuery,
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
  assert.equal(ftsWordPrefixes(['pedido', 'nao']), '"pedido"* "nao"*');
  assert.equal(tsPrefixQuery(['pedido', 'nao']), 'pedido:* & nao:*');
  assert.equal(messageWords('a b c d e f g h i j').length, 8);
});

it('escapes LIKE wildcards and the escape character', () => {
  assert.equal(escapeLike('50%_off\\x'), '50\\%\\_off\\\\x');
  assert.equal(escapeLike('plain'), 'plain');
});
