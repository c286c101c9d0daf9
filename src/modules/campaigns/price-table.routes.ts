/**
 * `GET·PUT /admin/v1/price-table` (DESIGN.md §10 "Campaigns"): the operator's price table that
 * campaign estimates and costs read (price-table.ts). Registered by admin.routes.ts behind its
 * admin guard; tenants have no route to it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { Envelope, errorResponses } from '../../http/schemas.js';
import { PriceTable, PriceTableRecord, loadPriceTable, savePriceTable } from './price-table.js';

const tags = ['admin'];
const security = [{ adminToken: [] }];

export function adminPriceTableRoutes(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/price-table',
      {
        schema: {
          tags,
          security,
          operationId: 'adminGetPriceTable',
          summary: 'The price table campaign estimates read (the shipped default until one is written)',
          response: { 200: Envelope(PriceTableRecord) },
        },
      },
      async () => ({ success: true as const, data: await loadPriceTable(deps.db) }),
    );
    app.put(
      '/price-table',
      {
        schema: {
          tags,
          security,
          operationId: 'adminPutPriceTable',
          summary: 'Replace the price table: currency, free-in-window categories, prices by calling code and category',
          body: PriceTable,
          response: { 200: Envelope(PriceTableRecord), ...errorResponses('VALIDATION_ERROR') },
        },
      },
      async (req) => ({ success: true as const, data: await savePriceTable(deps.db, req.body, deps.clock.now().toISOString()) }),
    );
  };
}
