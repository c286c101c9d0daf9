/** Request durations by route template (not raw URL, which would explode label cardinality) and status. */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics.js';

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
