/**
 * What an organization's admins (and owners) manage through its own API, not only through the
 * operator's admin API (DESIGN §12): members and roles, teams, channel settings, their keys, the
 * organization's settings and its deletion. Every route names its permission (src/access/permissions.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../services.js';
import { channelsRoutes } from './channels.routes.js';
import { keysRoutes } from './keys.routes.js';
import { membersRoutes } from './members.routes.js';
import { organizationRoutes } from './organization.routes.js';
import { teamsRoutes } from './teams.routes.js';
import { namedPlugin } from '../../http/plugin-name.js';

export function orgAdminModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    for (const routes of [membersRoutes, teamsRoutes, channelsRoutes, keysRoutes, organizationRoutes])
      await plugin.register(namedPlugin(routes.name, routes(deps)));
  };
}
