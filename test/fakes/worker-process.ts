/**
 * A worker in its own process, for tests that kill a worker mid-job. Runs the real Worker over the
 * database given in argv, with one test handler `test.record` that appends `<workerId> start|end`
 * lines (each followed by the time in ms) to the file named in the payload and waits `holdMs` between them.
 *   node <compiled test/fakes/worker-process.ts> (test/support/compiled-script.ts) '<DatabaseConfig JSON>' <leaseMs>
 */
import fs from 'node:fs';
import pino from 'pino';
import { openDatabase } from '../../src/db/connection.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { Worker } from '../../src/jobs/worker.js';

const [databaseJson, leaseMs] = process.argv.slice(2);
const database = openDatabase(JSON.parse(databaseJson!));
const queue = new JobQueue();
const handlers = new Map();
const worker = new Worker({
  db: database.db,
  dialect: database.dialect,
  queue,
  handlers,
  logger: pino({ level: 'silent' }),
  pgPool: database.pgPool,
  leaseMs: Number(leaseMs),
  idlePollMs: 50,
});
handlers.set('test.record', async (job: { payload: { file: string; holdMs: number } }) => {
  fs.appendFileSync(job.payload.file, `${worker.id} start ${Date.now()}\n`);
  await new Promise((resolve) => setTimeout(resolve, job.payload.holdMs));
  fs.appendFileSync(job.payload.file, `${worker.id} end ${Date.now()}\n`);
});
await worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker
    .stop(5000)
    .then(() => database.close())
    .then(() => process.exit(0));
});
