/**
 * `GET /api/{organizationId}/events?after=<cursor>`: the organization's events in order, and
 * `GET /api/{organizationId}/events/stream`: the same events pushed as server-sent events (scope
 * events:read on both).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { OrgParams } from '../../http/schemas.js';
import { CURSOR_PATTERN } from './event-cursor.js';

const Cursor = (description: string) =>
  Type.String({ pattern: CURSOR_PATTERN, description, examples: ['ccKmP2GW1sKRQQNZJSrV0kGMrksNqGJpeG-aI1A'] });

const EventsQuery = Type.Object(
  {
    after: Type.Optional(Cursor('nextCursor of the previous page (or an event stream id); absent = from the first event')),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
);

const FeedEvent = Type.Object({
  id: Type.String({ description: 'The event id; webhooks carry it as `webhook-id`' }),
  type: Type.String({ examples: ['message.status_updated'] }),
  data: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
});

const EventsPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(FeedEvent),
  nextCursor: Type.String({ description: 'Pass as `after` to continue; unchanged when there is nothing newer. Opaque.' }),
});

const StreamQuery = Type.Object(
  {
    lastEventId: Type.Optional(
      Cursor('For clients that cannot send the Last-Event-ID header: resume after this event id. The header wins when both are sent.'),
    ),
  },
  { additionalProperties: false },
);

const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({
      pattern: `^$|${CURSOR_PATTERN}`,
      description: 'The id of the last event received (EventSource sends it when it reconnects): everything after it is sent first',
    }),
  ),
});

const STREAM_DESCRIPTION = `Server-sent events (text/event-stream) of the organization's event log: the events of \`GET /events\`
(and of the webhooks), each as \`id: <cursor>\`, \`event: <type>\`, \`data: <the feed's JSON for it>\`. The stream opens with
an \`event: ready\` whose id is where it starts (the log's current end, or the cursor resumed from), so a client that saw no
event yet can still resume without loss. A reconnect with \`Last-Event-ID\` (or \`?lastEventId=\`) first receives every event
after it, then the live ones, none twice. A comment line (\`: keep-alive\`) comes every 15 s. One API key or session may
have EVENT_STREAM_MAX_PER_CREDENTIAL (10) streams open, an organization EVENT_STREAM_MAX_PER_ORG (100): 429 RATE_LIMITED beyond.`;

export function eventsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { eventFeed: events, eventStreams: streams } = deps.services;
    const authenticate = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'events:read',
      organizationRoute: true,
      permission: 'events.read',
    });
    // Streams never finish by themselves: end them as closing starts, so clients reconnect elsewhere.
    app.addHook('preClose', async () => streams.closeAll());

    app.get(
      '/api/:organizationId/events',
      {
        onRequest: authenticate,
        schema: {
          tags: ['events'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'listEvents',
          summary: 'Events of the organization after a cursor, oldest first (catch up on missed webhooks)',
          params: OrgParams,
          querystring: EventsQuery,
          response: { 200: EventsPage },
        },
      },
      async (req) => ({
        success: true as const,
        ...(await events.listAfter(req.params.organizationId, req.query.after, req.query.limit ?? 100)),
      }),
    );

    app.get(
      '/api/:organizationId/events/stream',
      {
        onRequest: authenticate,
        schema: {
          tags: ['events'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'streamEvents',
          summary: 'The organization events as they happen (server-sent events), resumable with Last-Event-ID',
          description: STREAM_DESCRIPTION,
          params: OrgParams,
          querystring: StreamQuery,
          headers: StreamHeaders,
          response: {
            200: {
              description: 'An endless text/event-stream',
              content: {
                'text/event-stream': {
                  schema: Type.String({ examples: ['id: ccKmP2GW1sKRQQNZJSrV0kGMrksNqGJpeG-aI1A\nevent: chat.created\ndata: {…}\n\n'] }),
                },
              },
            },
          },
        },
      },
      async (req, reply) => {
        const stream = await streams.open({
          organizationId: req.params.organizationId,
          credentialId: principalOf(req).credentialId,
          lastEventId: req.headers['last-event-id'] || req.query.lastEventId,
          bufferedInResponse: () => reply.raw.writableLength,
          stillAuthorized: () =>
            authenticate.call(app, req, reply).then(
              () => true,
              () => false,
            ),
        });
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store, no-transform')
          .header('x-accel-buffering', 'no')
          .send(stream as never); // a stream: the schema documents the text it writes
      },
    );
  };
}
