/** The admin API's event-sink shapes (DESIGN §13): what is created, changed and answered. */
import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../event-log/catalogue.js';
import { Timestamp, Uuid } from '../../http/schemas.js';
import { SINK_KINDS } from './sink-publisher.js';

const EventTypes = Type.Array(Type.Union(EVENT_TYPES.map((type) => Type.Literal(type))), {
  minItems: 1,
  uniqueItems: true,
  description: 'Only these event types; all when absent',
});
const Name = (description: string) => Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.-]+$', description });

const sinkFields = {
  url: Type.String({
    minLength: 1,
    maxLength: 2000,
    description:
      'The broker: `nats://[user:pass@|token@]host:4222`, `amqp[s]://user:pass@host:5672/vhost`, `kafka[s]://[user:pass@]host:9092[,host:9092]`. Credentials are masked in every answer.',
  }),
  events: Type.Union([EventTypes, Type.Null()]),
  enabled: Type.Boolean({ description: 'A disabled sink keeps its place and resumes from it when enabled again' }),
};

export const CreateEventSinkBody = Type.Object(
  {
    kind: Type.Union(SINK_KINDS.map((kind) => Type.Literal(kind))),
    url: sinkFields.url,
    organizationId: Type.Optional(Type.Union([Uuid, Type.Null()], { description: "Only this organization's events; all when absent" })),
    events: Type.Optional(sinkFields.events),
    subject: Type.Optional(Name('NATS: the subject prefix (default `conversa`): subjects are `<prefix>.<organizationId>.<event type>`')),
    exchange: Type.Optional(Name('RabbitMQ: the topic exchange (default `conversa`): routing keys are `<organizationId>.<event type>`')),
    topic: Type.Optional(Name('Kafka: the topic (default `conversa-events`), keyed by organization')),
    start: Type.Optional(
      Type.Union([Type.Literal('now'), Type.Literal('oldest')], {
        description: "`now` (default): events from the sink's creation on; `oldest`: every event still kept (RETENTION_EVENTS_DAYS) first",
      }),
    ),
    enabled: Type.Optional(sinkFields.enabled),
  },
  { additionalProperties: false },
);
export type CreateEventSinkInput = Static<typeof CreateEventSinkBody>;

export const UpdateEventSinkBody = Type.Partial(Type.Object(sinkFields), { additionalProperties: false, minProperties: 1 });
export type UpdateEventSinkInput = Static<typeof UpdateEventSinkBody>;

export const EventSink = Type.Object({
  id: Uuid,
  kind: Type.Union(SINK_KINDS.map((kind) => Type.Literal(kind))),
  url: Type.String({ description: 'Credentials masked' }),
  organizationId: Type.Union([Uuid, Type.Null()]),
  events: Type.Union([Type.Array(Type.String()), Type.Null()]),
  target: Type.String({ description: 'The NATS subject prefix, RabbitMQ exchange or Kafka topic' }),
  enabled: Type.Boolean(),
  state: Type.Union([Type.Literal('streaming'), Type.Literal('failing'), Type.Literal('waiting'), Type.Literal('disabled')], {
    description:
      '`streaming`: a process holds it and its last publish worked; `failing`: its last publish failed (see `lastError`), it retries from its place; `waiting`: no process holds it (no worker running); `disabled`',
  }),
  lag: Type.Integer({ description: 'Events of its scope after its place (counted up to 100,000)' }),
  publishedCount: Type.Integer(),
  failureCount: Type.Integer(),
  lastPublishedAt: Type.Union([Timestamp, Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  lastErrorAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type EventSinkRecord = Static<typeof EventSink>;
