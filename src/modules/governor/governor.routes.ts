/**
 * The governor of a channel, visible (DESIGN.md §10, docs/governor.md): `GET
 * /api/{organizationId}/channels/{channelId}/governor`, the budgets, the queue, the next release
 * and the current signal. A supervisor's view (`reports.read`); another organization's channel is 404.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import type { AppContext } from '../services.js';
import { GovernorStatus, governorStatus } from './governor-view.js';

const ChannelParams = Type.Object({ organizationId: Uuid, channelId: Uuid });

export function governorModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { governor } = deps.services;
    const onRequest = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'directory:read',
      organizationRoute: true,
      permission: 'reports.read',
    });

    app.get(
      '/api/:organizationId/channels/:channelId/governor',
      {
        onRequest,
        schema: {
          tags: ['directory'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'getChannelGovernor',
          summary: "The channel's outbound governor: budgets, queue of held messages, next release, current signal",
          description:
            'Every outbound message leaves through its channel’s governor (docs/governor.md): throughput (`settings.maxPerSecond`), ' +
            'the per-recipient gap of bulk traffic, the portfolio’s messaging limit, warm-up, quiet hours and the provider’s signals. ' +
            'A held message stays `pending` until its release.',
          params: ChannelParams,
          response: { 200: Envelope(GovernorStatus), ...errorResponses('CHANNEL_NOT_FOUND') },
        },
      },
      async (req) => {
        const data = await governorStatus(
          { db: deps.db, clock: deps.clock, store: governor.store },
          req.params.organizationId,
          req.params.channelId,
        );
        return { success: true as const, data };
      },
    );
  };
}
