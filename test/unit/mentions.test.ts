import assert from 'node:assert/strict';
import { it } from 'node:test';
import { mentionedProfiles } from '../../src/modules/chat-notes/mentions.js';

const members = [
  { profileId: 'ana', name: 'Ana Souza', email: 'ana.souza@loja.com.br' },
  { profileId: 'ana2', name: 'Ana Lima', email: 'alima@loja.com.br' },
  { profileId: 'joao', name: 'João', email: 'joao@loja.com.br' },
  { profileId: 'pedro', name: 'Pedro Álvares', email: 'pedro@loja.com.br' },
];

it('resolves @ mentions by whole name, first name, joined name or e-mail local part, accents ignored', () => {
  assert.deepEqual(mentionedProfiles('veja @Ana Souza', members), ['ana']);
  assert.deepEqual(mentionedProfiles('@joao, pode ver?', members), ['joao']);
  assert.deepEqual(mentionedProfiles('@pedroalvares', members), ['pedro']);
  assert.deepEqual(mentionedProfiles('@alima.', members), ['ana2']);
  assert.deepEqual(mentionedProfiles('@ana.souza', members), ['ana']);
  assert.deepEqual(mentionedProfiles('@ana', members), ['ana', 'ana2'], 'a shared first name mentions both');
  assert.deepEqual(mentionedProfiles('sem menção, e-mail ana@x.com', members), []);
  assert.deepEqual(mentionedProfiles('@maria', members), []);
});
