/** Schemas shared by many routes: ids, the success and error envelopes. */
import { Type, type TSchema } from '@sinclair/typebox';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';

export const Uuid = Type.String({ format: 'uuid', description: 'UUID', examples: ['0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f'] });

/** An instant as ISO-8601 UTC text. */
export const Timestamp = Type.String({ format: 'date-time' });

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object({
      code: Type.String({ description: 'Machine-readable error code, e.g. VALIDATION_ERROR' }),
      message: Type.String(),
      details: Type.Optional(
        Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
          description: 'One entry per invalid field (validation errors)',
        }),
      ),
      existingCustomerId: Type.Optional(Type.String({ description: 'On duplicate conflicts: the customer that holds the value' })),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Error envelope' },
);

export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data });
}

export const EmptyEnvelope = Type.Object({ success: Type.Literal(true), data: Type.Object({}) });

/**
 * The spec's send-template error shape, `{ error, code, details? }` (routes with `config.flatErrors`,
 * http/error-handler.ts).
 */
export const FlatError = Type.Object(
  {
    error: Type.String({ description: 'Human-readable message' }),
    code: Type.String({ description: 'Machine-readable error code, e.g. VALIDATION_ERROR' }),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { $id: 'FlatError', description: 'Error (send-template shape)' },
);

/** Where a documented error response keeps its codes, so the OpenAPI transform can merge them. */
export const ERROR_CODES_KEY = 'x-error-codes';

/** The description of an error response that can carry these codes. */
export function describeErrorCodes(codes: readonly string[]): string {
  return `Error; \`error.code\` is ${codes.map((code) => `\`${code}\``).join(' or ')}`;
}

/**
 * The error responses a route raises itself (its service's codes: not found, conflicts, business
 * rules), grouped by HTTP status for the OpenAPI document. What follows from the route's shape
 * (validation, authentication, rate limit, idempotency, body limits) is added by http/openapi.ts;
 * errors are sent as strings (error-handler.ts), so these schemas only document.
 */
export function errorResponses(...codes: ErrorCode[]): Partial<Record<(typeof ERROR_STATUS)[ErrorCode], TSchema>> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      Type.Ref('ErrorEnvelope', { description: describeErrorCodes(list), [ERROR_CODES_KEY]: list }),
    ]),
  );
}

/** Where a schema keeps the form the OpenAPI document shows instead (see `documentedAs`). */
export const DOCUMENTED_AS_KEY = 'x-documented-as';

/**
 * A request schema the server validates as `validated` (its hand-written checks and 400 messages
 * stay as they are) and the OpenAPI document shows as `documented`, which says the same rules in
 * the form client generators compile: a union by `type` rather than if/then, a closed list, a
 * required-one-of the service checks by hand. Both must accept the same values (the service
 * refuses what the validation lets through); http/openapi.ts swaps them.
 */
export function documentedAs<T extends TSchema>(validated: T, documented: TSchema): T {
  return { ...validated, [DOCUMENTED_AS_KEY]: documented };
}

/**
 * A route schema key for a body the route reads by hand (multipart or JSON, no Fastify body schema,
 * which would validate): `{ content: { 'media/type': { schema } } }`, shown as the request body.
 */
export const DOCUMENTED_BODY_KEY = 'x-documented-body';

export const OrgParams = Type.Object({ organizationId: Uuid });
