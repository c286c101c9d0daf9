/**
 * `PUT /api/{organizationId}/customers/{customerId}/opt-out` (DESIGN.md §10 "Opt-out"): an agent
 * records that the customer asked to stop (or start again) receiving bulk messages. The rule is
 * opt-out.ts; this route parses, calls, shapes.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, errorResponses } from '../../http/schemas.js';
import { Customer, CustomerParams } from './customers.schemas.js';

const OptOutBody = Type.Object(
  {
    optedOut: Type.Boolean({ description: 'true: no campaign, scheduled or follow-up message reaches the customer; false: opted back in' }),
  },
  { additionalProperties: false },
);

export function customerOptOutModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { customers } = deps.services;
    const write = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'customers:write',
      organizationRoute: true,
      permission: 'customers.work',
    });

    app.put(
      '/api/:organizationId/customers/:customerId/opt-out',
      {
        onRequest: write,
        schema: {
          tags: ['customers'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'setCustomerOptOut',
          summary: 'Opt the customer out of bulk messages, or back in',
          description:
            'Opted out, the customer gets no campaign, scheduled or follow-up message; agents’ conversational replies still go. ' +
            'A change emits `customer.opted_out` or `customer.opted_in`; repeating the current state changes nothing.',
          params: CustomerParams,
          body: OptOutBody,
          response: { 200: Envelope(Customer), ...errorResponses('CUSTOMER_NOT_FOUND') },
        },
      },
      async (req) => {
        const { organizationId, customerId } = req.params;
        const data = await customers.setOptedOut(organizationId, customerId, req.body.optedOut, principalOf(req).profileId);
        return { success: true as const, data };
      },
    );
  };
}
