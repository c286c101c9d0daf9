/** TypeBox contracts of the webhook endpoints and their delivery log. */
import { Type, type Static } from '@sinclair/typebox';
import { documentedAs, Uuid } from '../../http/schemas.js';
import { EVENT_PATTERN } from './webhook-rules.js';

const Url = documentedAs(
  Type.String({ minLength: 1, maxLength: 2048, description: 'Where events are POSTed (http or https)' }),
  Type.String({
    minLength: 1,
    maxLength: 2048,
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
    description:
      'Where events are POSTed: an absolute http or https URL. Loopback and private addresses are refused (400) unless ' +
      'the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    examples: ['https://example.com/hooks/conversa'],
  }),
);
const EventFilter = Type.Array(
  Type.String({ pattern: EVENT_PATTERN, maxLength: 100, description: 'An event type, a family such as `customer.*`, or `*`' }),
  { maxItems: 50, description: 'Event filter; empty or absent receives every event', examples: [['message.status_updated', 'customer.*']] },
);
/** Standard Webhooks: `whsec_` + base64 (padded) of 24 to 64 bytes, as webhook-rules.ts `secretProblem` checks it. */
const B64 = '[A-Za-z0-9+/]';
export const SECRET_PATTERN = `^whsec_${B64}{32}(?:(?:${B64}{4}){0,13}|(?:${B64}{4}){0,12}${B64}{3}=|(?:${B64}{4}){0,13}${B64}{2}==)$`;
const Secret = documentedAs(
  Type.String({ maxLength: 200, description: 'Signing secret, `whsec_` + base64 of 24–64 bytes; generated when absent' }),
  Type.String({
    maxLength: 200,
    pattern: SECRET_PATTERN,
    description: 'Signing secret, `whsec_` + base64 of 24–64 bytes; generated when absent',
    examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  }),
);

export const CreateWebhookBody = Type.Object(
  { url: Url, events: Type.Optional(EventFilter), secret: Type.Optional(Secret), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const UpdateWebhookBody = Type.Object(
  { url: Type.Optional(Url), events: Type.Optional(EventFilter), secret: Type.Optional(Secret), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type CreateWebhookInput = Static<typeof CreateWebhookBody>;
export type UpdateWebhookInput = Static<typeof UpdateWebhookBody>;

const endpointFields = {
  id: Uuid,
  organizationId: Uuid,
  url: Type.String(),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  disabledReason: Type.Union([Type.String(), Type.Null()], { description: 'Why delivery stopped, e.g. the receiver answered 410' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};
export const WebhookEndpoint = Type.Object(endpointFields);
export const CreatedWebhookEndpoint = Type.Object({
  ...endpointFields,
  secret: Type.String({ description: 'The signing secret: shown on create only' }),
});
export type WebhookEndpointRecord = Static<typeof WebhookEndpoint>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WebhookAttempt = Type.Object({
  id: Uuid,
  attemptedAt: Type.String({ format: 'date-time' }),
  statusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the answer; null when none came' }),
  latencyMs: Type.Integer(),
  responseExcerpt: Type.Union([Type.String(), Type.Null()], { description: 'First KB of the answer' }),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const WebhookDelivery = Type.Object({
  id: Uuid,
  endpointId: Uuid,
  eventId: Type.String({ description: 'The event id, sent as `webhook-id`' }),
  eventType: Type.String(),
  status: Type.Union(
    DELIVERY_STATUSES.map((s) => Type.Literal(s)),
    { description: 'pending (to be attempted), delivered (2xx), failed (retries spent, 410 or endpoint disabled)' },
  ),
  attemptCount: Type.Integer(),
  nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  attempts: Type.Array(WebhookAttempt, { description: 'Every attempt, newest first' }),
});
export type WebhookDeliveryRecord = Static<typeof WebhookDelivery>;

export const DeliveriesQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ format: 'uuid', description: 'nextCursor of the previous page' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    status: Type.Optional(Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s)))),
  },
  { additionalProperties: false },
);

export const DeliveriesPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(WebhookDelivery),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for older deliveries; null on the last page' }),
});

export const ReplayResult = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ delivery: WebhookDelivery, attempt: WebhookAttempt }),
});

export const WebhookParams = Type.Object({ organizationId: Uuid, id: Uuid });
export const DeliveryParams = Type.Object({ organizationId: Uuid, id: Uuid, deliveryId: Uuid });
