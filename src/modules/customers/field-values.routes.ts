/** Custom field value route (spec 17). Definitions are managed by the admin API. */
import { MEMBERSHIP } from '../../access/permissions.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { CustomFieldItem, CustomerParams } from './customers.schemas.js';

const FieldValue = Type.Object({
  slug: Type.String(),
  field_definition_id: Uuid,
  value: Type.Unknown({ description: 'The stored value; null when cleared' }),
});

export function fieldsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const values = deps.services.fieldValues;
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'customers:write', organizationRoute: true, permission: MEMBERSHIP });

    app.post(
      '/api/:organizationId/customers/:customerId/field-values',
      {
        onRequest: write,
        schema: {
          tags: ['customers'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'setCustomerFieldValue',
          summary: 'Set (or, with null, clear) a custom field value of a customer',
          params: CustomerParams,
          body: CustomFieldItem,
          response: { 200: Envelope(FieldValue), ...errorResponses('CUSTOMER_NOT_FOUND', 'FIELD_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await values.setValue(req.params.organizationId, req.params.customerId, req.body) }),
    );
  };
}
