/**
 * What every kept answer shares (access/kept-answers.ts): an answer is frozen with the objects it
 * holds directly, since every later request gets the same one; a forget by tag drops only the
 * answers tagged so.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { AccessChanges, Forget } from '../../src/access/access-changes.js';
import { KeptAnswers } from '../../src/access/kept-answers.js';

/** As AccessChanges while changes can be heard. */
function fakeChanges() {
  const listeners = new Set<(forget: Forget) => void>();
  const changes = { live: true, subscribe: (listener: (forget: Forget) => void) => listeners.add(listener) };
  return { changes: changes as unknown as AccessChanges, emit: (forget: Forget) => listeners.forEach((l) => l(forget)) };
}

type Target = { organizationId: string; config: Record<string, unknown>; settings: { caps: number[] } };

it('a kept answer is frozen with what it holds directly, so no caller changes it for the next', async () => {
  const kept = new KeptAnswers<Target>(fakeChanges().changes);
  const read = async (): Promise<Target> => ({ organizationId: 'o', config: { token: 'a' }, settings: { caps: [1] } });
  const target = await kept.of('k', read, (t) => ({ organizationId: t.organizationId }));
  assert.equal(await kept.of('k', read, () => ({})), target, 'the same answer, kept');
  assert.throws(() => Object.assign(target, { organizationId: 'p' }), TypeError);
  assert.throws(() => Object.assign(target.config, { token: 'b' }), TypeError);
  assert.throws(() => Object.assign(target.settings, { caps: [] }), TypeError);
});

it('a forget drops the answers tagged with what changed, and only those', async () => {
  const { changes, emit } = fakeChanges();
  const kept = new KeptAnswers<string>(changes);
  let reads = 0;
  const read = (answer: string) => async () => (reads++, answer);
  await kept.of('a', read('A'), () => ({ channelId: 'c1', organizationId: 'o1' }));
  await kept.of('b', read('B'), () => ({ channelId: 'c2', organizationId: 'o1' }));
  emit({ channelId: 'c1' });
  await kept.of('a', read('A'), () => ({ channelId: 'c1', organizationId: 'o1' }));
  await kept.of('b', read('B'), () => ({ channelId: 'c2', organizationId: 'o1' }));
  assert.equal(reads, 3, 'c1 read again, c2 kept');
  emit({ organizationId: 'o1' });
  await kept.of('b', read('B'), () => ({ channelId: 'c2', organizationId: 'o1' }));
  assert.equal(reads, 4);
});
