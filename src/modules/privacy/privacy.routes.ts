/**
 * A person's data rights (LGPD; DESIGN.md §14; docs/crm.md, docs/security.md): the export as a ZIP
 * and the erasure. Owners and admins only: the caller's membership role (a key's profile's, or the
 * signed-in profile's) is checked after authentication, 403 `FORBIDDEN` otherwise.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { Envelope, errorResponses } from '../../http/schemas.js';
import { CustomerParams } from '../customers/index.js';

const tags = ['customers'];
const security = [{ apiKeyHeader: [] }];

const ExportZip = {
  description:
    'A ZIP archive (`Content-Disposition: attachment`): `customer.json` (the customer with contacts, tags and field values, notes, ' +
    'stage history, the list of chats and of files), `chats/<chatId>.json` (each chat with its messages) and ' +
    '`files/<fileId>/<name>` (the bytes of every file the person was sent)',
  content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
};

const EraseQuery = Type.Object(
  {
    erase: Type.Literal('true', {
      description: 'Required: `true` erases the person and everything about them for good (there is no plain delete)',
    }),
  },
  { additionalProperties: false },
);

const Erasure = Type.Object({
  customerId: Type.String({ format: 'uuid' }),
  chats: Type.Integer({ description: 'Chats erased' }),
  messages: Type.Integer({ description: 'Messages erased' }),
  files: Type.Integer({ description: 'Files erased (rows now, bytes by a job right after)' }),
  events: Type.Integer({ description: 'Stored events about the person deleted (with their webhook deliveries)' }),
});

export function privacyModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { privacy } = deps.services;
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'customers:read', organizationRoute: true, permission: 'people.export' });
    const write = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'customers:write',
      organizationRoute: true,
      permission: 'people.erase',
    });

    app.get(
      '/api/:organizationId/customers/:customerId/export',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'exportCustomer',
          summary: 'Export everything about a person as a ZIP (LGPD; owner or admin)',
          description:
            "Only a member whose role is `owner` or `admin` (a key's profile's role) may export: 403 `FORBIDDEN` otherwise. " +
            'Files are capped at 100 MiB in all (413 past it).',
          params: CustomerParams,
          response: { 200: ExportZip, ...errorResponses('FORBIDDEN', 'CUSTOMER_NOT_FOUND', 'PAYLOAD_TOO_LARGE') },
        },
      },
      async (req, reply) => {
        const zip = await privacy.exportPerson(req.params.organizationId, req.params.customerId);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="customer-${req.params.customerId}.zip"`)
          .send(zip);
      },
    );

    app.delete(
      '/api/:organizationId/customers/:customerId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'eraseCustomer',
          summary: 'Erase a person and everything about them (LGPD; owner or admin; `erase=true` required)',
          description:
            'Removes the customer, their contacts, notes, field values, tag links, stage history, chats, messages and the files ' +
            'only they were sent, and the stored events, webhook attempts, raw provider callbacks, idempotency answers and jobs ' +
            'that name them; records `customer.erased` with the id only. Cannot be undone. ' +
            'Only a member whose role is `owner` or `admin` may erase: 403 `FORBIDDEN` otherwise.',
          params: CustomerParams,
          querystring: EraseQuery,
          response: { 200: Envelope(Erasure), ...errorResponses('VALIDATION_ERROR', 'FORBIDDEN', 'CUSTOMER_NOT_FOUND') },
        },
      },
      async (req) => {
        return { success: true as const, data: await privacy.erasePerson(req.params.organizationId, req.params.customerId) };
      },
    );
  };
}
