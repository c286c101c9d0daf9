/**
 * The admin API's event sinks (`/admin/v1/event-sinks`, DESIGN §13): the operator streams the event
 * log, of one organization or all, into NATS JetStream, RabbitMQ or Kafka. Registered by
 * admin.routes.ts behind its admin guard; the streaming itself is sink-runner.ts, in the workers.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { EmptyEnvelope, Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { CreateEventSinkBody, EventSink, UpdateEventSinkBody } from './event-sinks.schemas.js';

const SinkParams = Type.Object({ sinkId: Uuid });
const security = [{ adminToken: [] }];
const tags = ['admin'];

const DELIVERY_RULES = [
  "Each event is published at least once, in the order of its organization's log, resumed from the sink's stored place after any restart or failure.",
  'Every copy carries the event id for deduplication: JetStream `Nats-Msg-Id`, AMQP `message_id`, a Kafka `event-id` header.',
  'The body is the event as the feed carries it plus its organization: `{ id, organizationId, type, data, createdAt }`.',
  'NATS: subject `<subject>.<organizationId>.<event type>` (a JetStream stream on `<subject>.>` is created when none captures it).',
  'RabbitMQ: topic exchange `<exchange>` (declared durable), routing key `<organizationId>.<event type>`, persistent messages; bind your queues to it.',
  'Kafka: topic `<topic>`, keyed by organization id.',
].join(' ');

export function eventSinkRoutes(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { eventSinks } = deps.services;
    app.post(
      '/event-sinks',
      {
        schema: {
          tags,
          security,
          operationId: 'adminCreateEventSink',
          summary: 'Stream the event log into a broker',
          description: DELIVERY_RULES,
          body: CreateEventSinkBody,
          response: { 201: Envelope(EventSink), ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await eventSinks.create(req.body) }),
    );
    app.get(
      '/event-sinks',
      {
        schema: {
          tags,
          security,
          operationId: 'adminListEventSinks',
          summary: 'List event sinks, with their lag and failures',
          response: { 200: Envelope(Type.Array(EventSink)) },
        },
      },
      async () => ({ success: true as const, data: await eventSinks.list() }),
    );
    app.get(
      '/event-sinks/:sinkId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminGetEventSink',
          summary: 'Get an event sink: state, lag, failures',
          params: SinkParams,
          response: { 200: Envelope(EventSink), ...errorResponses('EVENT_SINK_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await eventSinks.get(req.params.sinkId) }),
    );
    app.patch(
      '/event-sinks/:sinkId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminUpdateEventSink',
          summary: 'Change an event sink (URL, event types, enabled); it keeps its place',
          params: SinkParams,
          body: UpdateEventSinkBody,
          response: { 200: Envelope(EventSink), ...errorResponses('EVENT_SINK_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await eventSinks.update(req.params.sinkId, req.body) }),
    );
    app.delete(
      '/event-sinks/:sinkId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminDeleteEventSink',
          summary: 'Remove an event sink (its streaming stops within a batch)',
          params: SinkParams,
          response: { 200: EmptyEnvelope, ...errorResponses('EVENT_SINK_NOT_FOUND') },
        },
      },
      async (req) => {
        await eventSinks.remove(req.params.sinkId);
        return { success: true as const, data: {} };
      },
    );
  };
}
