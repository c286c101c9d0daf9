import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allowedPrevious, canTransition } from '../../src/modules/messages/message-status.js';

describe('message status machine', () => {
  it('moves forward, steps may be skipped', () => {
    assert.equal(canTransition('pending', 'sent'), true);
    assert.equal(canTransition('pending', 'delivered'), true);
    assert.equal(canTransition('pending', 'read'), true);
    assert.equal(canTransition('sent', 'read'), true);
    assert.equal(canTransition('delivered', 'read'), true);
  });

  it('never moves back or repeats', () => {
    assert.equal(canTransition('read', 'delivered'), false);
    assert.equal(canTransition('delivered', 'sent'), false);
    assert.equal(canTransition('sent', 'pending'), false);
    assert.equal(canTransition('delivered', 'delivered'), false);
    assert.equal(canTransition('read', 'read'), false);
  });

  it('fails only from pending or sent, and failed is final', () => {
    assert.equal(canTransition('pending', 'failed'), true);
    assert.equal(canTransition('sent', 'failed'), true);
    assert.equal(canTransition('delivered', 'failed'), false);
    assert.equal(canTransition('read', 'failed'), false);
    assert.equal(canTransition('failed', 'sent'), false);
    assert.equal(canTransition('failed', 'read'), false);
  });

  it('lists the statuses a conditional update may start from', () => {
    assert.deepEqual(allowedPrevious('sent'), ['pending']);
    assert.deepEqual(allowedPrevious('delivered'), ['pending', 'sent']);
    assert.deepEqual(allowedPrevious('read'), ['pending', 'sent', 'delivered']);
    assert.deepEqual(allowedPrevious('failed'), ['pending', 'sent']);
    assert.deepEqual(allowedPrevious('pending'), []);
  });
});
