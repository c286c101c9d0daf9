/**
 * The OpenAPI 3.1 `webhooks` object: one entry per event type of the catalogue, a POST whose body
 * is what a receiver gets (`webhookBody` in webhook-rules.ts: `{ event, data }`), `data` being that
 * event's schema with its example. app.ts passes it to @fastify/swagger; a client generator turns it
 * into one type per event. The schemas are the catalogue's own (event-log/catalogue.ts), so the
 * document cannot drift from what the code writes.
 */
import type { OpenAPIV3_2 } from '@fastify/swagger';
import type { TObject } from '@sinclair/typebox';
import { EVENT_SCHEMAS, EVENT_TYPES, type EventType } from '../../event-log/catalogue.js';

type PathItem = OpenAPIV3_2.PathItemObject;

/** The Standard Webhooks headers every delivery carries (webhook-sender.ts). */
const HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed',
    example: 'evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f',
  },
  { name: 'webhook-timestamp', description: "The attempt's time in Unix seconds", example: '1772460309' },
  {
    name: 'webhook-signature',
    description: "`v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)",
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ name, description, example }) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
}));

/**
 * The body a receiver gets for `type`, as plain JSON Schema (TypeBox's own markers are symbols,
 * which JSON drops), with the event's description and example.
 */
function envelope(type: EventType) {
  const data = JSON.parse(JSON.stringify(EVENT_SCHEMAS[type] satisfies TObject)) as { description: string; examples: unknown[] };
  const schema = {
    type: 'object',
    required: ['event', 'data'],
    additionalProperties: false,
    properties: { event: { type: 'string', const: type }, data },
  };
  return { schema, description: data.description, example: { event: type, data: data.examples[0] } };
}

function operation(type: EventType) {
  const { schema, description, example } = envelope(type);
  return {
    operationId: `webhook_${type.replace(/\./g, '_')}`,
    summary: type,
    description: `${description}. Sent to every enabled endpoint whose \`events\` filter matches \`${type}\` (docs/webhooks.md).`,
    tags: ['webhook events'],
    security: [],
    parameters: HEADERS,
    requestBody: { required: true, content: { 'application/json': { schema, example } } },
    responses: {
      '2XX': { description: 'Delivered: no further attempt' },
      '410': { description: 'Gone: the endpoint is disabled and the delivery fails; no retry' },
      default: {
        description: 'Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule',
      },
    },
  };
}

/** `webhooks` of the OpenAPI document, keyed by event type. */
export function webhooksDocument(): Record<string, PathItem> {
  const entries = EVENT_TYPES.map((type) => [type, { post: operation(type) }]);
  // openapi-types' path item mixes its 3.0 and 3.1 schema types (no plain 3.1 schema fits both); these are plain 3.1.
  return Object.fromEntries(entries) as Record<string, PathItem>;
}
