/**
 * A channel's settings through the organization's own API (DESIGN §12, `channels.manage`):
 * `PATCH /api/{organizationId}/channels/{channelId}` changes its display name, whether it is
 * active and Conversa's routing settings (default stage and team, auto-assign, the WhatsApp window
 * rule). Never its kind, status or provider config: credentials and callback secrets stay with the
 * operator's admin API, so an organization admin cannot point a channel at another account or
 * read its secrets (docs/roles.md). The answer is the channel as the directory shows it, plus settings.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { capabilitiesOf } from '../../channels/registry.js';
import { Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { ChannelSettingsSchema } from '../channel-records/index.js';
import type { AppContext } from '../services.js';

const tags = ['directory'];
const security = [{ apiKeyHeader: [] }];
const ChannelParams = Type.Object({ organizationId: Uuid, channelId: Uuid });

const ChannelSettingsBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The name agents see' })),
    active: Type.Optional(Type.Boolean({ description: 'An inactive channel takes no new chats' })),
    settings: Type.Optional(ChannelSettingsSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);

const ManagedChannel = Type.Object(
  {
    id: Uuid,
    kind: Type.String(),
    name: Type.String(),
    status: Type.String({ description: 'connected or disconnected' }),
    active: Type.Boolean(),
    templates: Type.Boolean({ description: 'The channel sends pre-approved templates (the official WhatsApp Cloud API)' }),
    settings: ChannelSettingsSchema,
  },
  { description: 'A channel without its provider config' },
);

export function channelsRoutes(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { channels } = deps.services;
    const onRequest = deps.requireApiKey({ scheme: 'x-api-key', scope: '*', organizationRoute: true, permission: 'channels.manage' });

    app.patch(
      '/api/:organizationId/channels/:channelId',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'updateChannelSettings',
          summary: "Change a channel's name, active flag and routing settings (not its credentials)",
          params: ChannelParams,
          body: ChannelSettingsBody,
          response: { 200: Envelope(ManagedChannel), ...errorResponses('VALIDATION_ERROR', 'FORBIDDEN', 'CHANNEL_NOT_FOUND') },
        },
      },
      async (req) => {
        const c = await channels.update(req.params.organizationId, req.params.channelId, req.body);
        const data = { id: c.id, kind: c.kind, name: c.name, status: c.status, active: c.active, settings: c.settings };
        return { success: true as const, data: { ...data, templates: capabilitiesOf(c.kind).templates } };
      },
    );
  };
}
