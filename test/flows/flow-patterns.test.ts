/**
 * A branch's `matches` test in linear time (docs/security.md "Flow patterns"): a pattern that makes
 * a backtracking engine run for ever, on an adversarial customer reply or a variable the tenant set,
 * leaves the process answering `/healthz` within 100 ms (in one of up to three rounds: a loaded
 * machine may miss it once, a stall would every time); the pattern is used as written (a
 * placeholder in it is not filled); a pattern RE2 refuses is 400 when the flow is saved. Both
 * databases, real HTTP.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { customerWrites } from '../chats/support.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { flowApi, outboundTexts } from './support.js';

/** Exponential for a backtracking engine: JavaScript's RegExp takes seconds from about 24 letters on. */
const EVIL = '^([a-z]+\\s?)+$';
const ADVERSARIAL = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!';
const HEALTHZ_MS = 100;

/**
 * Calls `/healthz` back to back while `act` runs and answers the longest wait between two answers:
 * a request in flight when the event loop stalls answers late, so a stall shows however it falls
 * between the calls.
 */
async function longestHealthWait(svc: TestService, act: () => Promise<void>): Promise<{ longest: number; samples: number }> {
  const state = { stop: false, samples: 0, longest: 0 };
  const polling = (async () => {
    let last = performance.now();
    while (!state.stop) {
      const res = await fetch(`${svc.url}/healthz`);
      assert.equal(res.status, 200);
      await res.arrayBuffer();
      const now = performance.now();
      state.longest = Math.max(state.longest, now - last);
      state.samples++;
      last = now;
    }
  })();
  try {
    await act();
  } finally {
    state.stop = true;
    await polling;
  }
  return state;
}

/**
 * Asserts that in one of up to three rounds (`prepare`, not measured, then `act`) `/healthz` never
 * waited HEALTHZ_MS. A stall caused by the match happens in every round; a machine too loaded to
 * schedule the process for 100 ms (the suite runs at a load average of 15 and more) rarely three
 * times in a row.
 */
async function assertHealthyWhile<T>(svc: TestService, prepare: () => Promise<T>, act: (prepared: T) => Promise<void>): Promise<void> {
  const rounds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const prepared = await prepare();
    const { longest, samples } = await longestHealthWait(svc, () => act(prepared));
    assert.ok(samples > 0);
    if (longest < HEALTHZ_MS) return;
    rounds.push(`${longest.toFixed(1)} ms (${samples} calls)`);
  }
  assert.fail(`/healthz waited ${HEALTHZ_MS} ms or more in every round: ${rounds.join(', ')}`);
}

/** Ends at step 2 when the variable is words, at step 1 when not; sends nothing, so the measured window holds little else. */
const branchingFlow = (variable: string) => [
  { type: 'branch', variable, op: 'matches', value: EVIL, goto: 'words' },
  { type: 'end' },
  { id: 'words', type: 'end' },
];
const path = (run: { log: { stepIndex: number }[] }) => run.log.map((entry) => entry.stepIndex);

describeEachDatabase('flows: matches in linear time', (env) => {
  it('an adversarial customer reply against a backtracking pattern leaves /healthz answering within 100 ms', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const api = flowApi(svc, org);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650301');
    const flowId = await api.createFlow([{ type: 'wait_for_reply', timeoutSeconds: 60, saveAs: 'answer' }, ...branchingFlow('answer')]);
    // A first reply of words before the clock starts: the first calls of the reply's path (slower,
    // once per process) are not what is measured.
    const first = await api.startRun(flowId, chatId);
    await api.until(first.id, ['waiting']);
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650301', 'Hello there');
    assert.deepEqual(path(await api.until(first.id, ['completed', 'failed'])), [0, 1, 3], 'the reply is words');

    await assertHealthyWhile(
      svc,
      async () => {
        const run = await api.startRun(flowId, chatId);
        await api.until(run.id, ['waiting']);
        return run;
      },
      async (run) => {
        await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650301', ADVERSARIAL);
        const done = await api.until(run.id, ['completed', 'failed']);
        assert.equal(done.status, 'completed', JSON.stringify(done));
        assert.deepEqual(done.variables, { answer: ADVERSARIAL });
        assert.deepEqual(path(done), [0, 1, 2], 'the reply is not words');
      },
    );
  });

  it('the same on a variable the tenant set when starting the run; a subject of words matches', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const api = flowApi(svc, org);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650302');
    const flowId = await api.createFlow(branchingFlow('name'));
    // A first run of words before the clock starts: the routes' and the runner's first calls
    // (slower, once per process) are not what is measured.
    const words = await api.until((await api.startRun(flowId, chatId, { name: 'Ana Maria de Souza' })).id, ['completed', 'failed']);
    assert.equal(words.status, 'completed', JSON.stringify(words));
    assert.deepEqual(path(words), [0, 2]);

    await assertHealthyWhile(
      svc,
      async () => undefined,
      async () => {
        const done = await api.until((await api.startRun(flowId, chatId, { name: ADVERSARIAL })).id, ['completed', 'failed']);
        assert.equal(done.status, 'completed', JSON.stringify(done));
        assert.deepEqual(path(done), [0, 1], 'the subject is not words');
      },
    );
  });

  it('the pattern is used as written: a placeholder in it is not filled, so no variable (a reply) can write the pattern', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const api = flowApi(svc, org);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650303');
    const flowId = await api.createFlow([
      { type: 'branch', variable: 'answer', op: 'matches', value: '^{{code}}$', goto: 'hit' },
      { type: 'send_message', text: 'miss' },
      { type: 'end' },
      { id: 'hit', type: 'send_message', text: 'hit' },
    ]);
    // Filled, the pattern would be ^x$ and hold for "x".
    const filled = await api.until((await api.startRun(flowId, chatId, { code: 'x', answer: 'x' })).id, ['completed', 'failed']);
    assert.equal(filled.status, 'completed', JSON.stringify(filled));
    // As written, it holds for the text "{{code}}" itself.
    const literal = await api.until((await api.startRun(flowId, chatId, { code: 'x', answer: '{{code}}' })).id, ['completed', 'failed']);
    assert.equal(literal.status, 'completed', JSON.stringify(literal));
    assert.deepEqual(await outboundTexts(svc, chatId), ['miss', 'hit']);

    // equals and contains still fill theirs.
    const equals = await api.createFlow([
      { type: 'branch', variable: 'answer', op: 'equals', value: '{{code}}', goto: 'hit' },
      { type: 'send_message', text: 'equals miss' },
      { type: 'end' },
      { id: 'hit', type: 'send_message', text: 'equals hit' },
    ]);
    await api.until((await api.startRun(equals, chatId, { code: 'x', answer: 'X' })).id, ['completed']);
    assert.deepEqual(await outboundTexts(svc, chatId), ['miss', 'hit', 'equals hit']);
  });

  it('a pattern RE2 refuses (backreference, lookaround, too large) is 400 at save naming the step; one saved before fails its run', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const api = flowApi(svc, org);
    const steps = [
      { id: 'start', type: 'send_message', text: 'hi' },
      { type: 'branch', variable: 'reply', op: 'matches', value: '^(a)\\1$', goto: 'start' },
      { type: 'branch', variable: 'reply', op: 'matches', value: '^(?!no)', goto: 'start' },
      { type: 'branch', variable: 'reply', op: 'matches', value: '.{999}', goto: 'start' },
      { type: 'branch', variable: 'reply', op: 'matches', value: EVIL, goto: 'start' },
    ];
    const refused = await api.call('POST', '/flows', { name: 'Patterns', steps });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.json.error.code, 'VALIDATION_ERROR');
    assert.deepEqual(
      refused.json.error.details.map((d: { field: string; message: string }) => [d.field, d.message]),
      [
        [
          'steps.1.value',
          'is not a pattern RE2 accepts (invalid escape sequence: `\\1`); backreferences and lookarounds are not supported',
        ],
        [
          'steps.2.value',
          'is not a pattern RE2 accepts (invalid or unsupported Perl syntax: `(?!`); backreferences and lookarounds are not supported',
        ],
        ['steps.3.value', 'is too large: it compiles to 1001 RE2 instructions, more than 1000'],
      ],
    );
    const flowId = await api.createFlow([steps[0], steps[4]]);
    const replaced = await api.call('PUT', `/flows/${flowId}`, { steps: [steps[0], steps[2]] });
    assert.equal(replaced.status, 400, replaced.text);
    assert.deepEqual(
      replaced.json.error.details.map((d: { field: string }) => d.field),
      ['steps.1.value'],
    );

    // A flow saved before patterns were checked this way: its run fails with the reason.
    await svc.db
      .updateTable('flows')
      .set({ steps: JSON.stringify([steps[2]]) })
      .where('id', '=', flowId)
      .execute();
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650304');
    const failed = await api.until((await api.startRun(flowId, chatId, { reply: 'yes' })).id, ['completed', 'failed']);
    assert.equal(failed.status, 'failed', JSON.stringify(failed));
    assert.match(failed.log.at(-1).error, /^VALIDATION_ERROR: The branch's matches value is not a pattern RE2 accepts/);
  });
});
