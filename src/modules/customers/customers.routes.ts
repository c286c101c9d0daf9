/**
 * Customer routes (spec 13, 15, 16, 7–8; reads of docs/crm.md). Thin: parse, call one service
 * function, shape the answer.
 */
import { MEMBERSHIP } from '../../access/permissions.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { idempotentReply } from '../../http/idempotency.js';
import { EmptyEnvelope, Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import { listCustomers } from './customer-search.js';
import type { CustomerRecord } from './customer-record.js';
import {
  AttachTagBody,
  CreateCustomerBody,
  Customer,
  CustomerListQuery,
  CustomerPage,
  CustomerParams,
  CustomerTagParams,
  DetachTagBody,
  StageBody,
  StageHistoryEntry,
  UpdateCustomerBody,
} from './customers.schemas.js';

const tags = ['customers'];
const security = [{ apiKeyHeader: [] }];
const MessageEnvelope = Type.Object({ success: Type.Literal(true), data: Customer, message: Type.String() });

export function customersModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { customers, customerStages: stages, customerTags } = deps.services;
    const read = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'customers:read',
      organizationRoute: true,
      permission: 'customers.work',
    });
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'customers:write', organizationRoute: true, permission: MEMBERSHIP });

    app.post(
      '/api/:organizationId/customers',
      {
        onRequest: write,
        config: { idempotency: true },
        schema: {
          tags,
          security,
          operationId: 'createCustomer',
          summary: 'Create a customer',
          params: OrgParams,
          body: CreateCustomerBody,
          response: { 201: Envelope(Customer), ...errorResponses('DUPLICATE_CONTACT', 'DUPLICATE_EMAIL', 'DUPLICATE_DOCUMENT') },
        },
      },
      async (req, reply) => {
        const answer = idempotentReply(req, reply, 201, (data: CustomerRecord) => ({ success: true as const, data }));
        return answer.send(await customers.create(req.params.organizationId, req.body, principalOf(req).profileId, answer.record));
      },
    );

    app.get(
      '/api/:organizationId/customers',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listCustomers',
          summary: 'List and search customers (newest first, cursor pagination)',
          params: OrgParams,
          querystring: CustomerListQuery,
          response: { 200: CustomerPage },
        },
      },
      async (req) => ({
        success: true as const,
        ...(await listCustomers(deps.db, req.params.organizationId, req.query, deps.defaultCountries)),
      }),
    );

    app.get(
      '/api/:organizationId/customers/:customerId',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'getCustomer',
          summary: 'Get a customer',
          params: CustomerParams,
          response: { 200: Envelope(Customer), ...errorResponses('CUSTOMER_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await customers.get(req.params.organizationId, req.params.customerId) }),
    );

    app.put(
      '/api/:organizationId/customers/:customerId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'updateCustomer',
          summary: 'Update a customer (partial; contacts and selectedTags replace the lists)',
          params: CustomerParams,
          body: UpdateCustomerBody,
          response: {
            200: MessageEnvelope,
            ...errorResponses('CUSTOMER_NOT_FOUND', 'DUPLICATE_CONTACT', 'DUPLICATE_EMAIL', 'DUPLICATE_DOCUMENT'),
          },
        },
      },
      async (req) => {
        const data = await customers.update(req.params.organizationId, req.params.customerId, req.body, principalOf(req).profileId);
        return { success: true as const, data, message: 'Customer updated' };
      },
    );

    app.put(
      '/api/:organizationId/customers/:customerId/stage',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'setCustomerStage',
          summary: 'Move a customer in the funnel (stageId null removes it)',
          params: CustomerParams,
          body: StageBody,
          response: { 200: MessageEnvelope, ...errorResponses('CUSTOMER_NOT_FOUND', 'STAGE_NOT_FOUND', 'CHAT_NOT_FOUND') },
        },
      },
      async (req) => {
        const { stageId, stageOrder, notes, chatId } = req.body;
        const data = await stages.move(req.params.organizationId, req.params.customerId, {
          toStageId: stageId,
          stageOrder,
          notes,
          chatId,
          movedByProfileId: principalOf(req).profileId,
        });
        return { success: true as const, message: stageId === null ? 'Customer removed from the funnel' : 'Customer stage updated', data };
      },
    );

    app.get(
      '/api/:organizationId/customers/:customerId/stage-history',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listCustomerStageHistory',
          summary: "A customer's funnel moves, newest first",
          params: CustomerParams,
          response: { 200: Envelope(Type.Array(StageHistoryEntry)), ...errorResponses('CUSTOMER_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await stages.history(req.params.organizationId, req.params.customerId) }),
    );

    app.post(
      '/api/:organizationId/customers/:customerId/tags',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'attachCustomerTag',
          summary: 'Attach a tag to a customer (idempotent)',
          params: CustomerParams,
          body: AttachTagBody,
          response: { 200: EmptyEnvelope, ...errorResponses('CUSTOMER_NOT_FOUND', 'TAG_NOT_FOUND', 'CHAT_NOT_FOUND') },
        },
      },
      async (req) => {
        await customerTags.attach(req.params.organizationId, req.params.customerId, req.body.tagId, {
          chatId: req.body.chatId,
          actorProfileId: principalOf(req).profileId,
        });
        return { success: true as const, data: {} };
      },
    );

    app.delete(
      '/api/:organizationId/customers/:customerId/tags/:tagId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'detachCustomerTag',
          summary: 'Detach a tag from a customer (idempotent)',
          params: CustomerTagParams,
          body: DetachTagBody,
          response: { 200: EmptyEnvelope, ...errorResponses('CUSTOMER_NOT_FOUND', 'TAG_NOT_FOUND', 'CHAT_NOT_FOUND') },
        },
      },
      async (req) => {
        await customerTags.detach(req.params.organizationId, req.params.customerId, req.params.tagId, {
          chatId: req.body?.chatId,
          actorProfileId: principalOf(req).profileId,
        });
        return { success: true as const, data: {} };
      },
    );
  };
}
