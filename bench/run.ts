/**
 * `npm run bench [-- <scenario>...]`: runs the load scenarios, each printing a table against a bare
 * Fastify route measured in the same run. BENCH_SECONDS sets each load's duration (default 5);
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) adds PostgreSQL runs.
 */
import { dropBenchDatabases } from './lib.js';
import { scenarios } from './scenarios/index.js';

dropBenchDatabases();

const wanted = process.argv.slice(2);
for (const scenario of scenarios) {
  if (wanted.length > 0 && !wanted.includes(scenario.name)) continue;
  console.log(`\n# ${scenario.name}: ${scenario.description}`);
  await scenario.run();
}
dropBenchDatabases();
process.exit(0);
