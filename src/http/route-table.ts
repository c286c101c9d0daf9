/**
 * Every route the app registered, with the permission and scope its authentication hook demands
 * (http/auth.ts): what the role matrix test (test/http/roles-matrix.test.ts) walks, so a route
 * under `/api/{organizationId}` that declares no permission fails it, and what docs/roles.md's
 * table of routes is checked against.
 */
import type { FastifyInstance } from 'fastify';
import type { Permission } from '../access/permissions.js';
import type { Scope } from '../access/api-keys.js';
import { requiredPermissionOf, requiredScopeOf } from './auth.js';

export interface RouteEntry {
  method: string;
  /** As registered, e.g. `/api/:organizationId/chats/:chatId`. */
  url: string;
  operationId?: string;
  permission?: Permission;
  scope?: Scope;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far (HEAD routes Fastify adds by itself left out). */
    routeTable: RouteEntry[];
  }
}

export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method).filter((method) => method !== 'HEAD');
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        operationId,
        permission: requiredPermissionOf(route.onRequest),
        scope: requiredScopeOf(route.onRequest),
      });
    }
  });
}
