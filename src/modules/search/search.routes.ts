/**
 * `GET /api/{organizationId}/search` (DESIGN §11, docs/search.md): one box over customers, chats
 * and messages. Every role may search (`chats.work`); an agent who sees only some chats (settings
 * `agentsSeeAllChats: false`) finds only those chats and their messages.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { hasScope } from '../../access/api-keys.js';
import { principalOf } from '../../http/auth.js';
import { OrgParams } from '../../http/schemas.js';
import { chatViewerOf } from '../chats/index.js';
import type { AppContext } from '../services.js';
import { SEARCH_DEFAULT_LIMIT, SearchAnswer, SearchQuery } from './search.schemas.js';
import { search } from './search.service.js';

export function searchModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:read', organizationRoute: true, permission: 'chats.work' });

    app.get(
      '/api/:organizationId/search',
      {
        onRequest: read,
        schema: {
          tags: ['chats'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'search',
          summary: 'Search customers, chats and messages at once (the console’s search box)',
          description:
            'Customers by any part of their name (accents and case ignored), e-mail or document, or any run of a phone number’s ' +
            'digits; messages holding every word of `q` (whole, the last one as a word prefix; accents ignored); and the chats of both. Texts of ' +
            'one or two characters match the start of a name only. Customers need the `customers:read` scope as well.',
          params: OrgParams,
          querystring: SearchQuery,
          response: { 200: SearchAnswer },
        },
      },
      async (req) => {
        const { organizationId } = req.params;
        const principal = principalOf(req);
        const data = await search(deps.db, organizationId, {
          q: req.query.q.trim(),
          limit: req.query.limit ?? SEARCH_DEFAULT_LIMIT,
          viewer: await chatViewerOf(deps.db, organizationId, principal),
          withCustomers: hasScope(principal.scopes, 'customers:read'),
          countries: deps.defaultCountries,
        });
        return { success: true as const, data };
      },
    );
  };
}
