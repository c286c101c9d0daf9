/**
 * The `conversa` command: serve | worker | migrate | doctor | admin …. Reads config once, then hands
 * over to the runtime; this file only listens, prints and shuts down gracefully (STYLE.md 1).
 */
import { Command } from 'commander';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { listeningConfig } from './listening-config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemo } from '../modules/organizations/demo-seed.js';
import { inspectorUrl } from '../modules/dev-inspector/inspector-access.js';
import { demoBanner, inspectorLine } from './demo-banner.js';
import { jobHandlersFor } from '../modules/jobs.js';
import { createDeps, createImapRunner, createRuntime, createSinkRunner, createWorker } from '../runtime.js';
import { createServices } from '../modules/services.js';
import { registerAdminCommands } from './admin-commands.js';
import { registerDoctorCommand } from './doctor.js';
import { example } from './admin-context.js';

function config(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`conversa: invalid configuration: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
}

/** Longest a graceful stop may take before the process exits anyway (in-flight requests, jobs). */
const SHUTDOWN_DEADLINE_MS = 20_000;

function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) {
      // A second signal means "now": the operator does not want to wait for the drain.
      console.error(`conversa: ${signal} received again, exiting at once`);
      process.exit(1);
    }
    stopping = true;
    console.error(`conversa: ${signal} received, shutting down`);
    const deadline = setTimeout(() => {
      console.error(`conversa: shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s, exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    stop().then(
      () => process.exit(0),
      (err) => {
        console.error('conversa: shutdown failed', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => handler('SIGTERM'));
  process.on('SIGINT', () => handler('SIGINT'));
}

/** The whole `conversa` command tree, built without running anything (main.ts parses argv with it; tests walk it). */
export function buildProgram(): Command {
  const program = new Command('conversa')
    .description('Conversa customer-conversation platform')
    .addHelpText('after', example('npx conversa serve', 'npm run -s conversa -- admin list-orgs | jq .', 'npx conversa doctor'));

  program
    .command('serve')
    .description('Run the HTTP API (and, unless WORKER=off, a worker in the same process)')
    .addHelpText('after', example('npm start', 'WORKER=off PORT=8080 conversa serve'))
    .action(async () => {
      const cfg = config();
      const started = performance.now();
      const runtime = await createRuntime(cfg, { defaultMetrics: true });
      await runtime.app.listen({ port: cfg.port, host: cfg.host });
      // The demo is seeded once the port is bound: with PORT=0 only then is the inspector's address known.
      const served = listeningConfig(cfg, (runtime.app.server.address() as AddressInfo).port);
      if (cfg.seedDemo) {
        const { devInspector } = runtime.services;
        const inspectorAddress = inspectorUrl(served);
        devInspector.listensAt(inspectorAddress);
        const demo = await seedDemo(runtime.deps.db, runtime.services, {
          inspectorUrl: (organizationId) => devInspector.deliveryUrl(organizationId),
        }).catch((err: unknown) => {
          runtime.deps.logger.warn({ err }, 'demo seed skipped');
          return undefined;
        });
        const inspector = { token: devInspector.token(), url: inspectorAddress };
        if (demo?.credentials) console.log(demoBanner({ credentials: demo.credentials, content: demo.content }, served, inspector));
        // A restart prints no credentials, but the inspector's address with its token again (stdout, not the log).
        else if (demo) console.log(inspectorLine(inspector));
      }
      // Logged after the banner: whoever waits for this line (a script, the tests) finds the banner printed.
      runtime.deps.logger.info(
        { dialect: runtime.deps.dialect, worker: cfg.worker, startupMs: Math.round(performance.now() - started) },
        `Conversa listening on ${served.publicUrl}`,
      );
      onShutdown(() => runtime.close());
    });

  program
    .command('worker')
    .description('Run a worker process alone (no HTTP)')
    .addHelpText('after', example('DATABASE_URL=postgres://conversa@db/conversa conversa worker'))
    .action(async () => {
      const cfg = config();
      const deps = await createDeps(cfg, { defaultMetrics: true });
      // The service graph and the modules' job handlers, without the HTTP app: a worker never listens.
      const services = createServices(deps);
      // Without LISTEN/NOTIFY (SQLite across processes) new jobs are found by polling, so poll often.
      const worker = createWorker(deps, jobHandlersFor(services), { idlePollMs: deps.dialect === 'postgres' ? 1000 : 100 });
      await worker.start();
      const sinks = createSinkRunner(deps);
      sinks.start();
      const imap = createImapRunner(deps, services);
      imap.start();
      deps.logger.info({ workerId: worker.id, dialect: deps.dialect }, 'Conversa worker started');
      onShutdown(async () => {
        await sinks.stop();
        await imap.stop();
        await worker.stop();
        await services.close();
        await deps.database.close();
      });
    });

  program
    .command('migrate')
    .description('Apply pending database migrations and exit (prints JSON: the migrations applied)')
    .addHelpText('after', example('DATABASE_URL=postgres://conversa@db/conversa npm run -s conversa -- migrate'))
    .action(async () => {
      const cfg = config();
      const database = openDatabase(cfg.database);
      try {
        const applied = await migrateToLatest(database.db as never);
        // JSON alone on stdout, like every data command: `{ "applied": [] }` when the database was up to date.
        console.log(JSON.stringify({ applied }));
      } finally {
        await database.close();
      }
    });

  registerAdminCommands(program, () => config());
  // The doctor reports a bad configuration as a failed check instead of stopping.
  registerDoctorCommand(program, () => loadConfig());
  return program;
}
