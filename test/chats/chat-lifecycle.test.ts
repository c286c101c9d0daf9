import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allowedFrom, canTransition } from '../../src/modules/chats/chat-lifecycle.js';
import { CHAT_STATUSES } from '../../src/modules/shared/chat-states.js';

test('the transitions of DESIGN §6, and no other', () => {
  const allowed = new Set([
    'pending→in_progress',
    'pending→closed',
    'in_progress→await_closing',
    'in_progress→pending',
    'await_closing→in_progress',
    'await_closing→closed',
  ]);
  for (const from of CHAT_STATUSES) {
    for (const to of CHAT_STATUSES) {
      assert.equal(canTransition(from, to), allowed.has(`${from}→${to}`), `${from} → ${to}`);
    }
  }
});

test('allowedFrom lists the states a change may start from', () => {
  assert.deepEqual(allowedFrom('closed').sort(), ['await_closing', 'pending']);
  assert.deepEqual(allowedFrom('in_progress').sort(), ['await_closing', 'pending']);
  assert.deepEqual(allowedFrom('pending'), ['in_progress']);
});
