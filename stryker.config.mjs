// Mutation testing of the rule modules (`npm run mutate`; not part of `npm test` or CI): StrykerJS
// with its tap runner, which runs our node:test files one by one (through tsx, as `npm test` does)
// and reads their TAP output. Per-test-file coverage: each mutant runs only the test files that
// reached it. SQLite only (the mutants are in rule code, not in SQL), so TEST_DATABASE_URL is
// dropped here. Scores and the surviving mutants judged acceptable: docs/testing.md.
delete process.env.TEST_DATABASE_URL;
process.env.NODE_ENV = 'test';

/**
 * Each rule module with the test files that prove its rules, and (`only`) the names of the tests in
 * them that do, when the files hold many others: every mutant runs its files again, so a focused
 * run is what keeps `npm run mutate` to minutes per module.
 */
const modules = {
  statuses: {
    mutate: ['src/modules/messages/message-status.ts'],
    tests: ['test/messages/message-status.test.ts', 'test/messages/status-watermark.test.ts'],
  },
  duplicates: {
    mutate: ['src/modules/customers/duplicates.ts'],
    tests: [
      'test/customers/customers.test.ts',
      'test/customers/customer-update-and-list.test.ts',
      'test/chats/chat-create-customer.test.ts',
    ],
    only: 'refuses|duplicate|concurrent creates|another contact type|customerId: that customer',
  },
  access: {
    mutate: ['src/access/api-keys.ts', 'src/access/access.service.ts'],
    tests: ['test/unit/api-keys.test.ts', 'test/http/access.test.ts'],
  },
  idempotency: {
    mutate: ['src/http/idempotency.ts', 'src/http/idempotency-store.ts'],
    tests: [
      'test/messages/idempotency.test.ts',
      'test/messages/idempotency-hooks.test.ts',
      'test/messages/idempotency-atomic.test.ts',
      'test/http/idempotency-purge.test.ts',
    ],
  },
  outbound: {
    mutate: ['src/http/outbound.ts'],
    tests: ['test/http/outbound-fetch.test.ts', 'test/webhooks/ssrf.test.ts'],
  },
  rateLimits: {
    mutate: ['src/http/rate-limit.ts'],
    tests: ['test/messages/rate-limit.test.ts', 'test/channels/callback-authentication.test.ts'],
    only: 'limit|plan',
  },
};

// MUTATE_MODULES=statuses,access runs only those (all by default); their report is named after them.
const names = process.env.MUTATE_MODULES?.split(',') ?? Object.keys(modules);
const chosen = names.map((name) => {
  if (!modules[name]) throw new Error(`MUTATE_MODULES: unknown module "${name}" (one of ${Object.keys(modules).join(', ')})`);
  return modules[name];
});
// A module without `only` runs all its tests, so a run of several modules filters only if all of them do.
const only = chosen.every((m) => m.only) ? chosen.map((m) => m.only).join('|') : undefined;
const report = `reports/mutation/${process.env.MUTATE_MODULES ? names.join('-') : 'mutation'}`;

export default {
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  tap: {
    testFiles: [...new Set(chosen.flatMap((m) => m.tests))],
    nodeArgs: [
      ...['-r', '{{hookFile}}', '--import', 'tsx', '--test-reporter=tap', '--test-timeout=120000'],
      ...(only ? [`--test-name-pattern=${only}`] : []),
      '{{testFile}}',
    ],
    forceBail: true,
  },
  mutate: chosen.flatMap((m) => m.mutate),
  coverageAnalysis: 'perTest',
  // Mutants only reached while modules load (constants, schemas) would need every test file for each; not worth the time.
  ignoreStatic: true,
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 15,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${report}.html` },
  jsonReporter: { fileName: `${report}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
