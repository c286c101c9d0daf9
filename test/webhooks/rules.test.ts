import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, loadConfig } from '../../src/config.js';
import {
  filterMatches,
  generateSecret,
  isEventPattern,
  orderingKey,
  secretProblem,
  webhookBody,
} from '../../src/modules/webhooks/webhook-rules.js';

describe('webhook rules', () => {
  it('matches event filters: empty = all, exact types, families, *', () => {
    assert.ok(filterMatches([], 'customer.created'));
    assert.ok(filterMatches(['*'], 'anything.at_all'));
    assert.ok(filterMatches(['customer.*'], 'customer.tag_added'));
    assert.ok(!filterMatches(['customer.*'], 'customers.created'));
    assert.ok(!filterMatches(['customer.*'], 'message.status_updated'));
    assert.ok(filterMatches(['message.received', 'message.status_updated'], 'message.status_updated'));
    assert.ok(!filterMatches(['message.status_updated'], 'message.status_updated.extra'));
    for (const ok of ['*', 'customer.*', 'message.status_updated', 'a.b.c']) assert.ok(isEventPattern(ok), ok);
    for (const bad of ['', 'Customer', 'customer.', '*.created', 'customer.*.x', 'a b']) assert.ok(!isEventPattern(bad), bad);
  });

  it('generates and checks secrets in the Standard Webhooks format', () => {
    const secret = generateSecret();
    assert.equal(Buffer.from(secret.slice(6), 'base64').length, 24);
    assert.equal(secretProblem(secret), undefined);
    assert.ok(secretProblem('whsec_short'));
    assert.ok(secretProblem('nope_' + Buffer.alloc(32).toString('base64')));
    assert.ok(secretProblem('whsec_' + Buffer.alloc(65).toString('base64')));
  });

  it('shapes message.status_updated exactly as the spec writes it', () => {
    const body = webhookBody({
      id: 'evt_1',
      type: 'message.status_updated',
      createdAt: '2026-01-01T00:00:00.000Z',
      data: { message_id: 'm', status: 'read', chat_id: 'c' },
    });
    assert.deepEqual(body, {
      event: 'message.status_updated',
      data: { message_id: 'm', status: 'read', timestamp: '2026-01-01T00:00:00.000Z' },
    });
    assert.deepEqual(webhookBody({ id: 'e', type: 'customer.created', createdAt: 'x', data: { id: 'c' } }), {
      event: 'customer.created',
      data: { id: 'c' },
    });
  });

  it('orders by the subject of the event', () => {
    assert.equal(orderingKey({ message_id: 'm1', chat_id: 'c' }), 'message_id:m1');
    assert.equal(orderingKey({ customer_id: 'c1' }), 'customer_id:c1');
    assert.equal(orderingKey({ name: 'x' }), null);
  });

  it('reads WEBHOOK_RETRY_SCHEDULE_MS, about a day by default', () => {
    assert.deepEqual(loadConfig({ WEBHOOK_RETRY_SCHEDULE_MS: '50, 100' }).webhookRetryScheduleMs, [50, 100]);
    const total = DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    assert.ok(total > 20 * 3600_000 && total < 28 * 3600_000, `${total} ms`);
    assert.deepEqual(loadConfig({}).webhookRetryScheduleMs, DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS);
    for (const bad of ['5s', '0', '1,,2', '-5']) assert.throws(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE_MS: bad }), ConfigError, bad);
  });
});
