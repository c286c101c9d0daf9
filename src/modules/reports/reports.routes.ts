/**
 * `GET /api/{organizationId}/reports/{kind}` (DESIGN.md §12, docs/reports.md): supervisors and up
 * (`reports.read`), a key with `chats:read`. JSON, or CSV with `?format=csv` or `Accept: text/csv`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { Envelope, errorResponses } from '../../http/schemas.js';
import { reportCsv } from './report-csv.js';
import { ReportParams, ReportQuerystring, ReportSchema } from './reports.schemas.js';

export function reportsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:read', organizationRoute: true, permission: 'reports.read' });

    app.get(
      '/api/:organizationId/reports/:kind',
      {
        onRequest: read,
        schema: {
          tags: ['reports'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'getReport',
          summary: 'A report over a period, grouped by day, agent, team or channel (JSON or CSV)',
          description:
            'Kinds: `conversations` (opened, closed, reopened), `first-response` and `resolution` (count, median and p90 in ms, in ' +
            'business time when the organization has business hours), `messages` (inbound; outbound by source), `agents` (per ' +
            'agent), `campaigns` (messages with source campaign), `satisfaction` (ratings). Each figure is defined in docs/reports.md.',
          params: ReportParams,
          querystring: ReportQuerystring,
          response: { 200: Envelope(ReportSchema), ...errorResponses('VALIDATION_ERROR', 'TEAM_NOT_FOUND', 'CHANNEL_NOT_FOUND') },
        },
      },
      async (req, reply) => {
        const { organizationId, kind } = req.params;
        const { format, ...query } = req.query;
        const report = await deps.services.reports.report(organizationId, kind, query);
        const csv = format === 'csv' || (format === undefined && /\btext\/csv\b/.test(req.headers.accept ?? ''));
        if (csv) {
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${report.kind}-${report.from.slice(0, 10)}-${report.to.slice(0, 10)}.csv"`)
            .send(reportCsv(report));
        }
        return { success: true as const, data: report };
      },
    );
  };
}
