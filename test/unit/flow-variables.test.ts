/** The placeholder and branch rules of flows (DESIGN.md §7), as pure functions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flowDefinitionErrors } from '../../src/modules/flows/flow-definition.js';
import type { FlowStep } from '../../src/modules/flows/flow-steps.schemas.js';
import {
  MAX_PROGRAM_SIZE,
  MAX_SUBJECT_CHARS,
  estimatedProgramSize,
  patternError,
  patternMatches,
} from '../../src/modules/flows/flow-pattern.js';
import { branchHolds, branchTaken, builtInScope, lookup, render, renderDeep, scopeOf } from '../../src/modules/flows/flow-variables.js';

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

  it('branch tests: equals and contains ignore case, equals trims; matches is a case-insensitive pattern; exists is not empty', () => {
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

describe('flow patterns (matches)', () => {
  /** Exponential for a backtracking engine: JavaScript's RegExp takes seconds from about 24 letters on. */
  const EVIL = '^([a-z]+\\s?)+$';
  const ADVERSARIAL = `${'a'.repeat(39)}!`;

  it('matches in linear time: the pattern that backtracks for ever answers at once on an adversarial subject', () => {
    const started = performance.now();
    assert.equal(patternMatches(EVIL, ADVERSARIAL), false);
    assert.equal(patternMatches(EVIL, `${'a'.repeat(MAX_SUBJECT_CHARS - 1)}!`), false);
    assert.equal(patternMatches(EVIL, 'hello there friend'), true);
    const took = performance.now() - started;
    assert.ok(took < 1000, `took ${took} ms`);
  });

  it('finds the pattern anywhere unless anchored, ignoring case, in RE2 syntax', () => {
    assert.equal(patternMatches('yes', 'Oh YES please'), true);
    assert.equal(patternMatches('^yes$', 'Oh YES please'), false);
    assert.equal(patternMatches('^(?P<word>sim|yes)\\b', 'Sim, claro'), true);
    assert.equal(patternMatches('^\\d{3}\\.?\\d{3}$', '123.456'), true);
    assert.equal(patternMatches('é', 'CAFÉ'), true);
    assert.equal(patternMatches('', 'anything'), true);
  });

  it(`a subject of ${MAX_SUBJECT_CHARS} characters is matched; one character more never matches`, () => {
    const limit = 'a'.repeat(MAX_SUBJECT_CHARS);
    assert.equal(patternMatches('a', limit), true);
    assert.equal(patternMatches('^a+$', limit), true);
    assert.equal(patternMatches('a', `${limit}a`), false);
    assert.equal(patternMatches('', `${limit}a`), false);
    assert.equal(branchHolds('matches', `${limit}a`, 'a'), false);
  });

  it('refuses what RE2 cannot compile (backreferences, lookarounds, bad syntax) and programs over the size cap', () => {
    for (const pattern of ['(a)\\1', '(?=a)b', '(?!a)b', '(?<=a)b', '(?<!a)b', '([', 'a{1001}']) {
      assert.match(
        patternError(pattern) ?? 'accepted',
        /^is not a pattern RE2 accepts \(.+\); backreferences and lookarounds are not supported$/,
        pattern,
      );
    }
    assert.match(patternError('(?=a)') ?? '', /unsupported Perl syntax: `\(\?=`/);
    // A counted repeat costs its count: `^.{997}` fits (1,000 instructions, the anchor and the match included), `^.{998}` does not.
    assert.equal(patternError('^.{997}'), undefined);
    assert.equal(
      patternError('^.{998}'),
      `is too large: it compiles to ${MAX_PROGRAM_SIZE + 1} RE2 instructions, more than ${MAX_PROGRAM_SIZE}`,
    );
    for (const pattern of [EVIL, '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', '\\b(sim|yes)\\b', '(?i)abc', '\\p{L}+'])
      assert.equal(patternError(pattern), undefined, pattern);
  });

  it('a pattern far over the size cap is refused from an estimate, before the compile that would take seconds', () => {
    const huge = 'x{0,1000}'.repeat(100); // 900 characters, 200,002 instructions, about 2 s to compile
    const started = performance.now();
    assert.equal(patternError(huge), `is too large: it would compile to about 200100 RE2 instructions, more than ${MAX_PROGRAM_SIZE}`);
    assert.ok(performance.now() - started < 100, `took ${performance.now() - started} ms`);
    // The estimate follows the compiled size: repeats, groups, classes, escapes and quoted text.
    assert.equal(estimatedProgramSize('x{0,1000}x{0,1000}'), 4002);
    assert.equal(estimatedProgramSize('((x){10}){100}'), 3301);
    assert.equal(estimatedProgramSize('^.{0,160}$'), 323);
    assert.equal(estimatedProgramSize('[[:alpha:]\\]]{500}'), 501);
    assert.equal(estimatedProgramSize('\\Qa{1000}\\E\\x{e9}\\p{L}'), 13);
    // Up to four times the cap it is compiled, and the exact size decides.
    assert.equal(patternError('x{0,999}x{0,999}'), 'is too large: it compiles to 3998 RE2 instructions, more than 1000');
    // Exactly four times the cap is still compiled (the estimate refuses only above it).
    assert.equal(estimatedProgramSize('a{999}a{999}a{999}a{999}'), 4000);
    assert.equal(patternError('a{999}a{999}a{999}a{999}'), 'is too large: it compiles to 3998 RE2 instructions, more than 1000');
  });

  it('the estimate, part by part: about the compiled size less its two fixed instructions', () => {
    // [pattern, estimate]: the compiled sizes (re2js programSize) are 2 more, give or take one for
    // quoted text, `\pL` and nested repeats; an unclosed group or class is estimated all the same.
    for (const [pattern, estimate] of [
      ['abc', 3],
      ['x(a)', 4], // a group after an atom: its size added to what came before
      ['((a))', 5],
      ['x(ab', 3], // an unclosed group
      ['x\\Qab\\E', 7], // quoted text: a literal per character of `\Q…\E`
      ['x\\Qabc', 6], // quoted to the end
      ['\\E\\Qab', 5], // an `\E` before the `\Q` does not end it
      ['[^]a]x', 2], // a `]` first in a class (negated or not) is a literal
      ['[]a]x', 2],
      ['[^a]x', 2],
      ['[[:alpha:]x]y', 2],
      ['[[:alpha', 1],
      ['[a\\]b]x', 2],
      ['[a', 1],
      ['\\x{41}x', 2],
      ['\\p{L}x', 2],
      ['\\P{Lu}x', 2],
      ['\\pLx', 3],
      ['\\x{41', 1],
      ['\\d{2}', 3], // `\d` then a repeat, not an escape up to `}`
      ['a{3}', 4],
      ['a{2,}', 5], // `{n,}` counted as n + 1
      ['a{2,5}', 9],
      ['(ab){3}', 13],
      ['a{2}{3}', 8],
      ['(a{2,3}){2}', 15],
      ['{a}x{5}', 9], // `{a}` is literal text: only a repeat right at the brace counts
      ['a{x}b', 5],
    ] as const) {
      assert.equal(estimatedProgramSize(pattern), estimate, pattern);
    }
  });

  it('RE2\'s reason is given without its "error parsing regexp" prefix', () => {
    assert.equal(
      patternError('(?=a)'),
      'is not a pattern RE2 accepts (invalid or unsupported Perl syntax: `(?=`); backreferences and lookarounds are not supported',
    );
  });

  it('a refused pattern met at run time (a flow saved before the check) is a validation error, not a crash', () => {
    assert.throws(
      () => patternMatches('(a)\\1', 'aa'),
      (err: Error & { code?: string }) =>
        err.code === 'VALIDATION_ERROR' && /^The branch's matches value is not a pattern RE2 accepts/.test(err.message),
    );
  });

  it('the pattern is used as written; the values of equals and contains have their placeholders filled', () => {
    const scope = { code: 'x', reply: 'x', literal: '{{code}}', evil: '^([a-z]+\\s?)+$' };
    assert.equal(branchTaken({ variable: 'reply', op: 'matches', value: '^{{code}}$' }, scope), false);
    assert.equal(branchTaken({ variable: 'literal', op: 'matches', value: '^{{code}}$' }, scope), true);
    // A variable cannot become the pattern: `{{evil}}` is the eight characters, not the pattern the variable holds.
    assert.equal(branchTaken({ variable: 'reply', op: 'matches', value: '{{evil}}' }, scope), false);
    assert.equal(branchTaken({ variable: 'reply', op: 'equals', value: '{{code}}' }, scope), true);
    assert.equal(branchTaken({ variable: 'literal', op: 'contains', value: '{{code}}' }, scope), false);
    assert.equal(branchTaken({ variable: 'reply', op: 'contains', value: '{{code}}' }, scope), true);
    assert.equal(branchTaken({ variable: 'missing', op: 'exists' }, scope), false);
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
      { type: 'branch', variable: 'x', op: 'matches', value: '(?<!a)b', goto: 'a' },
      { type: 'branch', variable: 'x', op: 'matches', value: '.{1000}', goto: 'a' },
    ] as FlowStep[];
    assert.deepEqual(
      flowDefinitionErrors(steps).map((e) => e.field),
      [
        'steps.0.stepId',
        'steps.1.id',
        'steps.1.text',
        'steps.2.profileId',
        'steps.3.saveAs',
        'steps.4.value',
        'steps.5.value',
        'steps.6.value',
        'steps.7.value',
      ],
    );
  });
});
