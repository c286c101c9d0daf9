/**
 * The opt-out keyword rule (customers/opt-out.ts: keywordForm, keywordIntent), pure: a customer's
 * whole message compared with the organization's keywords without case, accents or extra spaces.
 * The flag, its events and the reply: test/campaigns/opt-out.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  DEFAULT_OPT_IN_KEYWORDS,
  DEFAULT_OPT_OUT_KEYWORDS,
  keywordForm,
  keywordIntent,
  type OptOutSettings,
} from '../../src/modules/customers/opt-out.js';

const defaults: OptOutSettings = { optOutKeywords: DEFAULT_OPT_OUT_KEYWORDS, optInKeywords: DEFAULT_OPT_IN_KEYWORDS, optOutReply: null };

it('a keyword is compared upper case, without accents, inner spaces collapsed, trimmed', () => {
  assert.equal(keywordForm('  Sáir  '), 'SAIR');
  assert.equal(keywordForm('não\t quero\n\nmais'), 'NAO QUERO MAIS');
  assert.equal(keywordForm('  '), '');
});

it('the whole message as an opt-out or opt-in keyword, else nothing', () => {
  for (const text of ['SAIR', 'sair', ' Sáir ', 'parar ', 'Stop', 'cancelar', 'DESCADASTRAR'])
    assert.equal(keywordIntent(text, defaults), 'out', text);
  for (const text of ['voltar', 'START', ' Vóltar']) assert.equal(keywordIntent(text, defaults), 'in', text);
  for (const text of ['quero sair', 'sair!', 'stopp', '', '   ', 'obrigado']) assert.equal(keywordIntent(text, defaults), null, text);
});

it("the organization's own keywords, in any form; an empty keyword never matches an empty message", () => {
  const own: OptOutSettings = { optOutKeywords: ['Não  Quero', ''], optInKeywords: ['Quero   de volta', ' '], optOutReply: null };
  assert.equal(keywordIntent('nao quero', own), 'out');
  assert.equal(keywordIntent('QUERO DE VOLTA', own), 'in');
  assert.equal(keywordIntent('sair', own), null, 'the defaults are replaced');
  assert.equal(keywordIntent(' ', own), null);
  assert.equal(keywordIntent('', own), null);
  // A word in both lists opts out (the safer reading).
  assert.equal(keywordIntent('stop', { optOutKeywords: ['STOP'], optInKeywords: ['STOP'], optOutReply: null }), 'out');
});
