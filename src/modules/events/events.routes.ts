/** `GET /api/{organizationId}/events?after=<cursor>`: the organization's events in order (scope events:read). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { OrgParams, errorResponses } from '../../http/schemas.js';

const EventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,15}$', description: 'nextCursor of the previous page; absent = from the first event' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
);

const EventsPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The event id; webhooks carry it as `webhook-id`' }),
      type: Type.String({ examples: ['message.status_updated'] }),
      data: Type.Record(Type.String(), Type.Unknown()),
      createdAt: Type.String({ format: 'date-time' }),
    }),
  ),
  nextCursor: Type.String({ description: 'Pass as `after` to continue; unchanged when there is nothing newer' }),
});

export function eventsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const events = deps.services.eventFeed;
    app.get(
      '/api/:organizationId/events',
      {
        onRequest: deps.requireApiKey({ scheme: 'x-api-key', scope: 'events:read', organizationRoute: true }),
        schema: {
          tags: ['events'],
          security: [{ apiKeyHeader: [] }],
          summary: 'Events of the organization after a cursor, oldest first (catch up on missed webhooks)',
          params: OrgParams,
          querystring: EventsQuery,
          response: { 200: EventsPage, ...errorResponses },
        },
      },
      async (req) => ({
        success: true as const,
        ...(await events.listAfter(req.params.organizationId, req.query.after, req.query.limit ?? 100)),
      }),
    );
  };
}
