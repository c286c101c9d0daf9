/** Schemas shared by many routes: ids, the success and error envelopes. */
import { Type, type TSchema } from '@sinclair/typebox';

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

/** Responses every authenticated route can give, for the OpenAPI document. */
export const errorResponses = {
  400: Type.Ref('ErrorEnvelope'),
  401: Type.Ref('ErrorEnvelope'),
  403: Type.Ref('ErrorEnvelope'),
  404: Type.Ref('ErrorEnvelope'),
  409: Type.Ref('ErrorEnvelope'),
  422: Type.Ref('ErrorEnvelope'),
  429: Type.Ref('ErrorEnvelope'),
} as const;

export const OrgParams = Type.Object({ organizationId: Uuid });
