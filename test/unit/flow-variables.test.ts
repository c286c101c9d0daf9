/** The placeholder and branch rules of flows (DESIGN.md §7), as pure functions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flowDefinitionErrors } from '../../src/modules/flows/flow-definition.js';
import type { FlowStep } from '../../src/modules/flows/flow-steps.schemas.js';
import { branchHolds, builtInScope, lookup, render, renderDeep, scopeOf } from '../../src/modules/flows/flow-variables.js';

describe('flow variables', () => {
  const scope = scopeOf(
    { order: { status: 'shipped', items: [{ name: 'Lamp' }] }, 'dotted.name': 'own key', count: 3, flag: false, customer: 'shadowed' },
    builtInScope(
      {
        name: 'Ana',
        email: null,
        contacts: [
          { type: 'email', value: 'ana@example.com' },
          { type: 'whatsapp', value: '+5511987654321' },
        ],
        customFields: [
          { slug: 'plan', value: 'gold' },
          { slug: 'name', value: 'field named name' },
        ],
      },
      'chat-1',
    ),
  );

  it('reads dotted paths into saved JSON, array indexes included; an own key with a dot wins; unknown is empty', () => {
    assert.equal(render('{{order.status}} {{ order.items.0.name }}', scope), 'shipped Lamp');
    assert.equal(render('{{dotted.name}}', scope), 'own key');
    assert.equal(render('[{{missing}}][{{order.nothing.deeper}}][{{order.status.length}}]', scope), '[][][]');
    assert.equal(render('{{count}} {{flag}} {{order.items}}', scope), '3 false [{"name":"Lamp"}]');
    assert.equal(lookup(scope, 'order.items.0'), (scope.order as { items: unknown[] }).items[0]);
  });

  it('the built-ins win over run variables; custom fields never hide the customer name', () => {
    assert.equal(
      render('{{customer.name}} {{customer.plan}} {{customer.phone}} {{customer.email}} {{chat.id}}', scope),
      'Ana gold +5511987654321  chat-1',
    );
  });

  it('renders every string of a body, keys as written', () => {
    assert.deepEqual(renderDeep({ '{{count}}': ['{{order.status}}', 1, null, { to: '{{customer.name}}' }] }, scope), {
      '{{count}}': ['shipped', 1, null, { to: 'Ana' }],
    });
  });

  it('branch tests: equals and contains ignore case, equals trims; matches is a case-insensitive RegExp; exists is not empty', () => {
    assert.equal(branchHolds('equals', ' YES ', 'yes'), true);
    assert.equal(branchHolds('equals', 'yes please', 'yes'), false);
    assert.equal(branchHolds('contains', 'Yes please', 'PLEASE'), true);
    assert.equal(branchHolds('matches', 'Order A-17', '^order a-\\d+$'), true);
    assert.equal(branchHolds('matches', 'Order B', '^order a'), false);
    assert.equal(branchHolds('exists', '', undefined), false);
    assert.equal(branchHolds('exists', undefined, undefined), false);
    assert.equal(branchHolds('exists', 0, undefined), true);
    assert.equal(branchHolds('equals', 3, '3'), true);
  });
});

describe('flow definition', () => {
  it('accepts a consistent flow', () => {
    const steps: FlowStep[] = [
      { id: 'ask', type: 'wait_for_reply', timeoutSeconds: 60, onTimeout: 'bye' },
      { type: 'branch', variable: 'reply', op: 'exists', goto: 'ask' },
      { id: 'bye', type: 'send_message', text: 'bye' },
    ];
    assert.deepEqual(flowDefinitionErrors(steps), []);
  });

  it('names duplicate ids, missing jump targets, empty sends and assigns, reserved saveAs, missing values and bad patterns', () => {
    const steps = [
      { id: 'a', type: 'goto', stepId: 'b' },
      { id: 'a', type: 'send_message' },
      { type: 'assign' },
      { type: 'http_request', url: 'https://x', saveAs: 'context' },
      { type: 'branch', variable: 'x', op: 'contains', goto: 'a' },
      { type: 'branch', variable: 'x', op: 'matches', value: '(', goto: 'a' },
    ] as FlowStep[];
    assert.deepEqual(
      flowDefinitionErrors(steps).map((e) => e.field),
      ['steps.0.stepId', 'steps.1.id', 'steps.1.text', 'steps.2.profileId', 'steps.3.saveAs', 'steps.4.value', 'steps.5.value'],
    );
  });
});
