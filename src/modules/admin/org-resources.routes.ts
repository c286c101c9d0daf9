/**
 * Admin routes for the organization's simple resources: stages, teams, custom-field definitions,
 * WhatsApp templates, flows (and webhook endpoints, registered by the webhooks module).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';

export function orgResourceRoutes(_deps: AppDeps, _ensureOrg: (orgId: string) => Promise<unknown>): FastifyPluginAsync {
  return async () => {
    // Filled in by the admin-resources work (stages, teams, custom fields, templates, flows).
  };
}
