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
  // The modules below are proven by rule tests that open a migrated database (or none) without
  // starting the service: a mutant costs seconds instead of the service-level files' 10-20 s each
  // (those still run in `npm test`).
  duplicates: {
    mutate: ['src/modules/customers/duplicates.ts'],
    tests: ['test/customers/duplicates-rules.test.ts'],
  },
  access: {
    mutate: ['src/access/api-keys.ts', 'src/access/access.service.ts'],
    tests: ['test/unit/api-keys.test.ts', 'test/http/access-rules.test.ts'],
    only: 'API key rules|access service rules',
  },
  idempotency: {
    mutate: ['src/http/idempotency.ts', 'src/http/idempotency-store.ts'],
    tests: ['test/http/idempotency-store.test.ts', 'test/http/idempotency-hook-rules.test.ts'],
  },
  outbound: {
    mutate: ['src/http/outbound.ts'],
    tests: ['test/unit/outbound-guard.test.ts', 'test/http/outbound-fetch.test.ts', 'test/webhooks/ssrf.test.ts'],
    // The address rule and the guarded fetch, not ssrf.test.ts's webhook suites (a service per test).
    only: 'outbound guard rules|guarded fetch|outbound address rule',
  },
  rateLimits: {
    mutate: ['src/http/rate-limit.ts'],
    // A bare Fastify app, no database; its Redis test needs the Redis of TEST_REDIS_URL (or a local one).
    tests: ['test/http/rate-limit-rules.test.ts'],
  },
  // Pure rules (no database, no service): a mutant costs about a second.
  searchText: {
    mutate: ['src/lib/search-text.ts'],
    tests: ['test/unit/search-text.test.ts'],
  },
  reportPeriod: {
    mutate: ['src/modules/reports/percentiles.ts', 'src/modules/reports/report-period.ts'],
    tests: ['test/unit/report-period.test.ts'],
  },
  csatRating: {
    mutate: ['src/modules/csat/csat-rating.ts'],
    tests: ['test/unit/csat-rating.test.ts'],
  },
  // Only the keyword rule of opt-out.ts (keywordForm, keywordIntent); the rest of the file reads and writes the database.
  optOutKeywords: {
    mutate: ['src/modules/customers/opt-out.ts:25-28', 'src/modules/customers/opt-out.ts:42-49'],
    tests: ['test/unit/opt-out-keywords.test.ts'],
  },
  flowPattern: {
    mutate: ['src/modules/flows/flow-pattern.ts'],
    tests: ['test/unit/flow-variables.test.ts'],
    only: 'flow patterns',
  },
  fileLinks: {
    mutate: ['src/modules/files/file-links.ts'],
    tests: ['test/unit/file-links.test.ts'],
  },
  businessTime: {
    mutate: ['src/modules/business-hours/business-time.ts', 'src/modules/business-hours/zoned-time.ts'],
    tests: ['test/unit/business-time.test.ts'],
  },
  // Only slaDeadline (lines 36–40); the timers around it are jobs on the database (test/sla/).
  slaDeadline: {
    mutate: ['src/modules/sla/sla-timers.ts:36-40'],
    tests: ['test/unit/sla-deadline.test.ts'],
  },
  quietHours: {
    mutate: ['src/modules/governor/quiet-hours.ts', 'src/modules/governor/traffic.ts'],
    tests: ['test/unit/quiet-hours.test.ts'],
  },
};

// MUTATE_MODULES=statuses,access runs only those (all by default); their report is named after them.
const names = process.env.MUTATE_MODULES?.split(',') ?? Object.keys(modules);
const chosen = names.map((name) => {
  if (!modules[name]) throw new Error(`MUTATE_MODULES: unknown module "${name}" (one of ${Object.keys(modules).join(', ')})`);
  return modules[name];
});
// A module without `only` runs all its tests, so a run of several modules filters only if all of them do.
// MUTATE_ONLY=<pattern> overrides it (with MUTATE_TESTS: a quick look at the pure rules).
const only = process.env.MUTATE_ONLY ?? (chosen.every((m) => m.only) ? chosen.map((m) => m.only).join('|') : undefined);
const report = `reports/mutation/${process.env.MUTATE_MODULES ? names.join('-') : 'mutation'}`;

export default {
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  tap: {
    // MUTATE_TESTS=a.test.ts,b.test.ts: only those test files (a quick look at the pure rules).
    testFiles: process.env.MUTATE_TESTS?.split(',') ?? [...new Set(chosen.flatMap((m) => m.tests))],
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
  // Added to each mutant's measured time: a mutant that loops (a redirect counter made to go down)
  // is given up on after this, instead of a minute each.
  timeoutMS: Number(process.env.MUTATE_TIMEOUT_MS ?? 20_000),
  dryRunTimeoutMinutes: 15,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${report}.html` },
  jsonReporter: { fileName: `${report}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
