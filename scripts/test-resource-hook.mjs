// Loaded first in every test process (scripts/run-tests.mjs passes `--import` to the runner, whose
// children inherit it): nearly the same answers as node:test's own resource hook (below), at a fraction of its cost.
//
// node:test (Node 20) keeps a map from every async resource's id to the test that made it, filled
// by an async hook: `it()` and `before()` find their suite through it, and an uncaught exception or
// unhandled rejection is blamed on its test, which then fails at once with the error. The hook's
// `destroy` callback, which empties the map, makes V8 track every promise until it is collected:
// 8-9 % of a test process's processor time in a profile of test/http/fuzz.test.ts, and more in the
// garbage collector.
//
// Here each resource carries its test itself, as AsyncLocalStorage carries its store: at `init`
// the new resource gets the test of the code creating it (a test's own resource is its test), and
// nothing needs forgetting. The runner's map is then filled only where the runner reads it: it reads
// `executionAsyncId()`, taken from `node:async_hooks` when it loads, and the one installed below
// first maps the current resource's id to the current test. The runner's own `init` still sees every
// AsyncResource (a test is one), so tests are in its map as before.
//
// A resource belongs to the test whose code created it, as with AsyncLocalStorage; the runner's
// hook followed `triggerAsyncId` instead. They differ only where a callback is attached in one
// test to a promise made in another, or outside any test (a `.then` from a module-level timer),
// and for errors in a reporter's own async work, which the runner re-throws and which here go to
// its diagnostic. In the suite's processes the reporter is the runner's built-in serializer.
//
// An earlier try (dropped) skipped promises instead: an error thrown in a timer a test awaited after
// an `await` then lost its test, and the test hung until its timeout. test/unit/test-runner-hook.test.ts
// checks that such errors, rejections, and `it()` after an `await` in a suite still find their test.
import asyncHooks, { AsyncResource } from 'node:async_hooks';

const TEST = Symbol('conversa.test-of-resource');
const { createHook, executionAsyncId, executionAsyncResource } = asyncHooks;

/** A node:test Test (or Suite, or hook): an AsyncResource that makes subtests. */
function isTest(resource) {
  return resource instanceof AsyncResource && typeof resource.createSubtest === 'function';
}

let runnerInit;
let runnerDestroy;
/** The one resource id this file has mapped for a lookup: the runner reads it at once, so one is enough. */
let lookupId;

/** Stores a resource's test where no spread, inspection or comparison of the resource sees it. */
function carry(resource, test) {
  Object.defineProperty(resource, TEST, { value: test, configurable: true });
}

asyncHooks.createHook = function createHookForTheTestRunner(callbacks) {
  // Only the runner's own call (its `setup`): any other hook keeps what it asked for.
  const caller = (new Error().stack ?? '').split('\n')[2] ?? '';
  if (runnerInit || !caller.includes('node:internal/test_runner/harness') || typeof callbacks.init !== 'function')
    return createHook.call(this, callbacks);
  runnerInit = callbacks.init;
  runnerDestroy = callbacks.destroy;
  // Tells test/unit/test-runner-hook.test.ts that the replacement is the hook running.
  globalThis[Symbol.for('conversa.test-resource-hook')] = true;
  return createHook.call(this, {
    init(asyncId, type, triggerAsyncId, resource) {
      if (isTest(resource)) {
        carry(resource, resource);
        runnerInit(asyncId, type, triggerAsyncId, resource);
        return;
      }
      const test = executionAsyncResource()[TEST];
      if (test !== undefined) carry(resource, test);
    },
  });
};

asyncHooks.executionAsyncId = function executionAsyncIdMappedToItsTest() {
  const id = executionAsyncId();
  const test = runnerInit && executionAsyncResource()[TEST];
  // The runner's init maps a resource to the test its trigger is mapped to: the test itself here.
  if (test !== undefined && id !== test.asyncId() && id !== lookupId) {
    if (lookupId !== undefined) runnerDestroy?.(lookupId);
    runnerInit(id, 'TEST_LOOKUP', test.asyncId(), undefined);
    lookupId = id;
  }
  return id;
};
