/** Liveness, readiness and Prometheus metrics: the endpoints an orchestrator and a scraper call. */
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../services.js';
import { migrationsApplied } from '../../db/migrate.js';

const Check = Type.Object({ status: Type.Union([Type.Literal('ok'), Type.Literal('fail')]), detail: Type.Optional(Type.String()) });

export function healthModule(deps: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['operations'],
          operationId: 'getLiveness',
          security: [],
          summary: 'Liveness: the process is up and serving HTTP',
          response: { 200: Type.Object({ status: Type.Literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['operations'],
          operationId: 'getReadiness',
          security: [],
          summary: 'Readiness: the database answers and every migration is applied',
          response: {
            200: Type.Object({ status: Type.Literal('ready'), checks: Type.Object({ database: Check, migrations: Check }) }),
            503: Type.Object({ status: Type.Literal('not_ready'), checks: Type.Object({ database: Check, migrations: Check }) }),
          },
        },
      },
      async (_request, reply) => {
        const checks = {
          database: { status: 'ok' as 'ok' | 'fail', detail: undefined as string | undefined },
          migrations: { status: 'fail' as 'ok' | 'fail', detail: undefined as string | undefined },
        };
        try {
          await sql`select 1`.execute(deps.db);
          const applied = await migrationsApplied(deps.db as never);
          checks.migrations = applied ? { status: 'ok', detail: undefined } : { status: 'fail', detail: 'pending migrations' };
        } catch (err) {
          deps.logger.warn({ err }, 'readiness check failed');
          checks.database = { status: 'fail', detail: 'database unreachable' };
          checks.migrations = { status: 'fail', detail: 'unknown' };
        }
        const ready = checks.database.status === 'ok' && checks.migrations.status === 'ok';
        return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks } as never);
      },
    );

    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      await refreshQueueGauge(deps);
      await refreshSinkLagGauge(deps);
      deps.metrics.eventStreamsOpen.set(deps.services.eventStreams.openCount);
      deps.metrics.eventStreamsBufferedBytes.set(deps.services.eventStreams.bufferedBytes);
      reply.type(deps.metrics.registry.contentType);
      return deps.metrics.registry.metrics();
    });
  };
}

/** The queue is shared by every process, so its depth is read from the database at scrape time. */
async function refreshQueueGauge(deps: AppContext): Promise<void> {
  try {
    const rows = await deps.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    deps.metrics.jobsInQueue.reset();
    for (const status of ['queued', 'running', 'dead']) {
      deps.metrics.jobsInQueue.set({ status }, Number(rows.find((r) => r.status === status)?.count ?? 0));
    }
  } catch (err) {
    deps.logger.warn({ err }, 'reading queue depth for metrics failed');
  }
}

/** Each event sink's lag, read from the database at scrape time (any process reports every sink). */
async function refreshSinkLagGauge(deps: AppContext): Promise<void> {
  try {
    const sinks = await deps.services.eventSinks.list();
    deps.metrics.eventSinkLag.reset();
    for (const sink of sinks) deps.metrics.eventSinkLag.set({ sink: sink.id }, sink.lag);
  } catch (err) {
    deps.logger.warn({ err }, 'reading event sink lag for metrics failed');
  }
}
