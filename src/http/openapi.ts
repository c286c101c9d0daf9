/**
 * The OpenAPI document (served at /openapi.json, read at /docs), built by @fastify/swagger from
 * the routes' TypeBox schemas. Each route states what only it knows (operationId, success body,
 * the errors its service raises: `errorResponses` in http/schemas.ts); what follows from the
 * route's shape is added here, in one place, so no route can forget it:
 * - 400 where there is input to validate; 401/403 where it is authenticated; 404 for an unknown
 *   organization in the path; 408/413/415 where it takes a JSON body;
 * - 429 and the RateLimit-* headers where the rate limit counts (http/rate-limit.ts);
 * - the Idempotency-Key parameter, Idempotent-Replayed header and the key's 409/422 on routes with
 *   `config.idempotency` (http/idempotency.ts);
 * - the flat `{ error, code }` error shape on routes with `config.flatErrors`.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import { addResponseExamples } from './openapi-examples.js';
import type { RouteOptions } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import { PERMISSIONS, MEMBERSHIP } from '../access/permissions.js';
import { requiredPermissionOf, requiredScopeOf } from './auth.js';
import { DOCUMENTED_AS_KEY, DOCUMENTED_BODY_KEY, ERROR_CODES_KEY, describeErrorCodes } from './schemas.js';

/** In reading order: the public API first, then sign-in, callbacks, operations and admin. */
const TAGS = [
  { name: 'messages', description: 'Send a message to a customer on any channel (`POST /v1/messages/send`, Bearer API key).' },
  { name: 'chats', description: 'Conversations with a customer on one channel: create, list, read, reply, send sequences and templates.' },
  { name: 'customers', description: 'Customers (the CRM): contacts, funnel stage, tags and custom field values.' },
  { name: 'notes', description: "Notes on a customer's record." },
  { name: 'tags', description: "The organization's tags." },
  { name: 'composer', description: "What agents write with: canned responses and a chat's private notes." },
  { name: 'files', description: 'Files to send as media: upload, fetch from a URL, read.' },
  {
    name: 'campaigns',
    description: 'Campaigns: an audience, a message, each recipient sent once; live counts (docs/campaigns.md).',
  },
  {
    name: 'flows',
    description:
      'Automation flows: 1 to 100 steps (send_message, send_template, wait, wait_for_reply, branch, goto, add_tag, ' +
      'remove_tag, set_stage, set_field, assign, set_chat_status, http_request, end) with `{{variable}}` placeholders, run ' +
      'durably for one chat at a time; each step kind is a member of the `steps` union. Guide: docs/flows.md.',
  },
  { name: 'webhooks', description: 'Signed webhook endpoints (Standard Webhooks) and their delivery log.' },
  {
    name: 'webhook events',
    description: 'What the service POSTs to webhook endpoints (the `webhooks` section): one entry per event type, signed.',
  },
  { name: 'events', description: "The organization's event log: a page by cursor, or a live stream (Server-Sent Events)." },
  {
    name: 'directory',
    description:
      "Lists of the organization's channels, teams, stages, custom fields, templates, members; an admin changes a channel's settings.",
  },
  { name: 'members', description: 'Members and their roles (owner, admin, supervisor, agent: docs/roles.md).' },
  { name: 'teams', description: "The organization's teams: create, change, delete (the list is in directory)." },
  { name: 'keys', description: 'Your own API keys, managed through the organization (admins and owners).' },
  { name: 'organization', description: "The organization's settings, and its deletion (owners)." },
  {
    name: 'reports',
    description: "Supervisors' reports: conversations, first response, resolution, messages, agents, campaigns, satisfaction; CSV too.",
  },
  {
    name: 'audit',
    description: 'The audit log: every change by a person, a key or the operator, with before and after (owners and admins).',
  },
  {
    name: 'console sign-in',
    description: "The console's session: sign in with e-mail and password, and the signed-in profile's API keys.",
  },
  { name: 'provider callbacks', description: 'Where providers post statuses and inbound messages (no API key; signed per provider).' },
  { name: 'operations', description: 'Liveness and readiness probes.' },
  { name: 'admin', description: 'The admin API (`ADMIN_TOKEN`): organizations, profiles, API keys, channels and their resources.' },
];

/** What an operation's description says of the role it needs (docs/roles.md). */
function permissionSentence(permission: keyof typeof PERMISSIONS): string {
  if (permission === MEMBERSHIP) return 'Permission: any member of the organization (every role).';
  const role = PERMISSIONS[permission].role;
  return `Permission \`${permission}\`: role ${role} or above (403 FORBIDDEN naming it otherwise).`;
}

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 503: 'Service Unavailable' };

const integer = (description: string) => ({ type: 'integer', minimum: 0, description });
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': integer('Requests allowed in the current window'),
  'RateLimit-Remaining': integer('Requests left in the current window'),
  'RateLimit-Reset': integer('Seconds until the window resets'),
};
const RETRY_AFTER = { 'Retry-After': integer('Seconds to wait before retrying') };
const REPLAYED = {
  'Idempotent-Replayed': {
    type: 'string',
    enum: ['true'],
    description: 'Present when this is the stored answer of an earlier request with the same Idempotency-Key',
  },
};
const IDEMPOTENCY_KEY = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description:
    'Makes a retry safe: a repeat with the same key (per API key) and body answers the stored result, with Idempotent-Replayed: true',
};

type Schema = Record<string, unknown>;
type PathItem = Record<string, { operationId?: string; tags?: string[]; requestBody?: { required?: boolean } }>;
interface RouteSchema extends Schema {
  security?: Record<string, string[]>[];
  response?: Record<string, Schema>;
  body?: Schema;
  querystring?: unknown;
  params?: unknown;
  headers?: Schema;
  operationId?: string;
  description?: string;
}

interface RouteFacts {
  url: string;
  method: string;
  rateLimited: boolean;
  idempotent: boolean;
  flatErrors: boolean;
}

/** The error codes the route's shape implies (see the module comment). */
function impliedCodes(schema: RouteSchema, facts: RouteFacts): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const schemes = (schema.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const withKey = schemes.includes('apiKeyHeader') || schemes.includes('bearerKey');
  if (schema.body || schema.querystring || schema.params || schema.headers || facts.idempotent) codes.push('VALIDATION_ERROR');
  if (schemes.length > 0) codes.push('UNAUTHORIZED');
  // Keys: a missing scope or membership, or an address outside the key's list; sessions: the CSRF header on writes.
  if (withKey || (schemes.includes('sessionCookie') && facts.method !== 'GET')) codes.push('FORBIDDEN');
  if (withKey) codes.push('IP_NOT_ALLOWED');
  if (facts.url.includes(':organizationId')) codes.push('ORGANIZATION_NOT_FOUND');
  // Without ADMIN_TOKEN the admin API answers 404 (modules/admin/admin-auth.ts).
  if (schemes.includes('adminToken')) codes.push('ROUTE_NOT_FOUND');
  if (schema.body) codes.push('REQUEST_TIMEOUT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (facts.idempotent) codes.push('IDEMPOTENCY_KEY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED');
  if (facts.rateLimited) codes.push('RATE_LIMITED');
  return codes;
}

function headersObject(headers: Record<string, unknown>): Schema {
  return { headers };
}

/** Every response of the route for the document: success bodies described, errors merged by status. */
function documentedResponses(schema: RouteSchema, facts: RouteFacts): Record<string, Schema> {
  const responses: Record<string, Schema> = {};
  const errorCodes = new Map<number, Set<string>>();
  for (const [status, response] of Object.entries(schema.response ?? {})) {
    const declared = response[ERROR_CODES_KEY] as string[] | undefined;
    if (declared) {
      errorCodes.set(Number(status), new Set(declared));
      continue;
    }
    const success = status.startsWith('2');
    responses[status] = {
      ...response,
      description: response.description ?? SUCCESS_DESCRIPTIONS[status] ?? 'Answer',
      ...(success && (facts.rateLimited || facts.idempotent)
        ? headersObject({ ...(facts.rateLimited ? RATE_LIMIT_HEADERS : {}), ...(facts.idempotent ? REPLAYED : {}) })
        : {}),
    };
  }
  for (const code of impliedCodes(schema, facts)) {
    const status = ERROR_STATUS[code];
    errorCodes.set(status, new Set([...(errorCodes.get(status) ?? []), code]));
  }
  for (const [status, codes] of [...errorCodes].sort(([a], [b]) => a - b)) {
    if (responses[status]) continue; // the route documents this status itself (e.g. a text/plain refusal)
    const headers = status === 429 ? { ...RETRY_AFTER, ...(facts.rateLimited ? RATE_LIMIT_HEADERS : {}) } : undefined;
    responses[status] = {
      // A 408 is written by Node's server before any route runs (error-handler.ts), always as the envelope.
      $ref: facts.flatErrors && status !== 408 ? 'FlatError' : 'ErrorEnvelope',
      description: describeErrorCodes([...codes]),
      ...(headers ? headersObject(headers) : {}),
    };
  }
  return responses;
}

/** The schema with every part marked by `documentedAs` replaced by its documented form. */
function asDocumented(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asDocumented);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Schema;
  if (node[DOCUMENTED_AS_KEY]) return asDocumented(node[DOCUMENTED_AS_KEY]);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, asDocumented(value)]));
}

/** No NUL character (http/validation.ts refuses it in every body, query string and path). */
const NO_NUL = '^[^\\u0000]*$';

/**
 * A copy of a request schema that says what validation.ts checks beside it: every free string
 * (no format, closed list or constant) and every key of an open object without the NUL character.
 * Where a string has a pattern already, the rule is added beside it (`allOf`).
 */
export function withoutNul(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNul);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema as Schema).map(([key, value]) => [key, withoutNul(value)]));
  const free = node.format === undefined && node.enum === undefined && node.const === undefined && node.contentMediaType === undefined;
  if (node.type === 'string' && free) {
    if (node.pattern === undefined) node.pattern = NO_NUL;
    else if (node.pattern !== NO_NUL) node.allOf = [...((node.allOf as unknown[] | undefined) ?? []), { pattern: NO_NUL }];
  }
  const open = node.additionalProperties !== undefined && node.additionalProperties !== false;
  if (node.type === 'object' && (open || node.patternProperties !== undefined) && node.propertyNames === undefined)
    node.propertyNames = { pattern: NO_NUL };
  return node;
}

function withIdempotencyKey(headers: Schema | undefined): Schema {
  const properties = (headers?.properties as Schema | undefined) ?? {};
  return { ...headers, type: 'object', properties: { ...properties, 'Idempotency-Key': IDEMPOTENCY_KEY } };
}

function acceptsNull(schema: Schema | undefined): boolean {
  return ((schema?.anyOf as Schema[] | undefined) ?? []).some((member) => member.type === 'null');
}

/** The first tag's place in TAGS, for ordering the paths as the tags are ordered. */
function tagRank(operation: { tags?: string[] }): number {
  const index = TAGS.findIndex((tag) => tag.name === operation.tags?.[0]);
  return index === -1 ? TAGS.length : index;
}

/** `webhooks`: the OpenAPI 3.1 webhooks object (the event payloads), built by the webhooks module. */
export function openApiOptions(
  publicUrl: string,
  extra: { webhooks?: Record<string, unknown>; sessionCookieName?: string } = {},
): SwaggerOptions {
  // Operations whose body may be left out (its schema accepts null), marked optional below.
  const optionalBodies = new Set<string>();
  return {
    openapi: {
      // 3.1 speaks JSON Schema, so TypeBox's nullable unions render as written (3.0 has no null type).
      openapi: '3.1.0',
      info: {
        title: 'Conversa API',
        version: '1.0.0',
        description:
          'Customer-conversation platform: send messages on WhatsApp, e-mail, Instagram and Facebook; chats with customers; ' +
          'customers and CRM (stages, tags, custom fields, notes); automation flows; signed webhooks and an event log. ' +
          'Organization routes take an API key in `x-api-key` (the send endpoint as `Authorization: Bearer`); the console ' +
          'signs in with a session cookie. Errors use the envelope `{ success: false, error: { code, message, details? } }`; ' +
          'each operation lists the codes it can answer. Writes marked so honour `Idempotency-Key`. Guides: docs/.',
      },
      servers: [{ url: publicUrl, description: 'This deployment (PUBLIC_URL)' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'API key (send endpoint, chat create), with the scope the operation names',
          },
          apiKeyHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'x-api-key',
            description:
              "API key (organization routes). An operation's requirement names the scope the key needs (403 FORBIDDEN naming it otherwise)",
          },
          adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN (admin API)' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: extra.sessionCookieName ?? 'conversa_session',
            description:
              'Console session (POST /auth/sign-in). Accepted wherever an API key is, as the signed-in profile; ' +
              'POST, PUT, PATCH and DELETE made with it need the x-csrf-token header',
          },
        },
      },
      ...(extra.webhooks ? { webhooks: extra.webhooks } : {}),
    },
    transform: ({ schema, url, route }) => {
      const { [DOCUMENTED_BODY_KEY]: handReadBody, ...declared } = (schema ?? {}) as unknown as RouteSchema;
      if (!schema || declared.hide) return { schema, url };
      const routeSchema: RouteSchema = handReadBody ? { ...declared, body: handReadBody as Schema } : declared;
      const config = (route as RouteOptions).config as { idempotency?: boolean; flatErrors?: boolean; rateLimit?: unknown } | undefined;
      const facts: RouteFacts = {
        url,
        method: ([] as string[]).concat((route as RouteOptions).method)[0] ?? 'GET',
        // The global limit counts organization routes only; the others opt in by route config (http/rate-limit.ts).
        rateLimited: url.startsWith('/api/') || config?.rateLimit !== undefined,
        idempotent: config?.idempotency === true,
        flatErrors: config?.flatErrors === true,
      };
      let security = routeSchema.security;
      let description = routeSchema.description;
      if (security?.some((s) => 'apiKeyHeader' in s || 'bearerKey' in s)) {
        // The key's scope, as OpenAPI 3.1 lets an apiKey requirement name it (a session has every scope).
        const scope = requiredScopeOf((route as RouteOptions).onRequest);
        if (scope) {
          security = security.map((s) => Object.fromEntries(Object.keys(s).map((name) => [name, name === 'sessionCookie' ? [] : [scope]])));
          description = [description, `A key needs the \`${scope}\` scope (403 FORBIDDEN naming it otherwise).`].filter(Boolean).join(' ');
        }
        // The role it needs (access/permissions.ts), stated on every organization route.
        const permission = requiredPermissionOf((route as RouteOptions).onRequest);
        if (permission) description = [description, permissionSentence(permission)].filter(Boolean).join(' ');
        // Wherever a key is accepted, so is the console's session cookie (http/auth.ts): say so on each such route.
        security = [...security, { sessionCookie: [] }];
      }
      if (acceptsNull(routeSchema.body) && routeSchema.operationId) optionalBodies.add(routeSchema.operationId);
      const documented: RouteSchema = {
        ...routeSchema,
        ...(routeSchema.body ? { body: withoutNul(asDocumented(routeSchema.body)) as Schema } : {}),
        ...(routeSchema.querystring ? { querystring: withoutNul(routeSchema.querystring) } : {}),
        ...(routeSchema.params ? { params: withoutNul(routeSchema.params) } : {}),
        ...(security ? { security } : {}),
        ...(description ? { description } : {}),
        ...(routeSchema.headers || facts.idempotent
          ? { headers: withoutNul(facts.idempotent ? withIdempotencyKey(routeSchema.headers) : routeSchema.headers) as Schema }
          : {}),
        response: documentedResponses(routeSchema, facts),
      };
      return { schema: documented as unknown as TSchema, url };
    },
    transformObject: (documentObject) => {
      const { openapiObject } = documentObject as unknown as { openapiObject: { paths?: Record<string, PathItem> } };
      const paths = openapiObject.paths ?? {};
      for (const item of Object.values(paths)) {
        for (const operation of Object.values(item)) {
          if (operation.operationId && optionalBodies.has(operation.operationId) && operation.requestBody)
            operation.requestBody.required = false;
        }
      }
      addResponseExamples(openapiObject as Parameters<typeof addResponseExamples>[0]);
      const rank = (item: PathItem) => Math.min(...Object.values(item).map(tagRank));
      // A stable sort: within a tag, routes keep their registration order.
      openapiObject.paths = Object.fromEntries(Object.entries(paths).sort(([, a], [, b]) => rank(a) - rank(b)));
      return openapiObject as never;
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  };
}
