/**
 * Scheduled messages of a chat (DESIGN.md §10, docs/scheduled-messages.md): `messages:write`
 * schedules and cancels, `chats:read` lists. Thin: parse, call, shape.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, errorResponses } from '../../http/schemas.js';
import {
  ScheduleBody,
  ScheduledItemParams,
  ScheduledListQuery,
  ScheduledMessage,
  ScheduledPage,
  ScheduledParams,
} from './scheduled-messages.schemas.js';

const tags = ['chats'];
const security = [{ apiKeyHeader: [] }];

export function scheduledMessagesModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { scheduledMessages } = deps.services;
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:read', organizationRoute: true, permission: 'chats.work' });
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'messages:write', organizationRoute: true, permission: 'chats.work' });

    app.post(
      '/api/:organizationId/chats/:chatId/scheduled-messages',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'scheduleChatMessage',
          summary: 'Schedule a message into the chat (a follow-up): free-form or an approved template, sent at sendAt',
          description:
            'At `sendAt` the message goes through the send path like any other (its delivery shows as `message.status_updated`; the ' +
            "record's `messageId`), unless the customer wrote after it was scheduled and `cancelIfCustomerReplies` (default true): it is " +
            'then `cancelled` with reason `customer_replied` as soon as they write. A free-form message on a channel that enforces ' +
            "WhatsApp's 24-hour window is refused here (422 `OUTSIDE_WINDOW`) when the window, as it stands, closes before `sendAt`, and " +
            'fails with reason `OUTSIDE_WINDOW` if it is closed when due. A chat closed by then: the message goes into the contact’s ' +
            'active chat on the same channel (found or opened). Events `scheduled_message.sent`, `scheduled_message.cancelled`.',
          params: ScheduledParams,
          body: ScheduleBody,
          response: {
            201: Envelope(ScheduledMessage),
            ...errorResponses(
              'CHAT_NOT_FOUND',
              'TEMPLATE_NOT_FOUND',
              'TEMPLATE_NOT_APPROVED',
              'CHANNEL_NOT_OFFICIAL',
              'CHANNEL_DISCONNECTED',
              'OUTSIDE_WINDOW',
            ),
          },
        },
      },
      async (req, reply) => {
        const { organizationId, chatId } = req.params;
        const data = await scheduledMessages.create(organizationId, chatId, principalOf(req).profileId, req.body);
        return reply.code(201).send({ success: true as const, data });
      },
    );

    app.get(
      '/api/:organizationId/chats/:chatId/scheduled-messages',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listChatScheduledMessages',
          summary: "The chat's scheduled messages in the order they go (sendAt, then id), any state unless `status` filters",
          params: ScheduledParams,
          querystring: ScheduledListQuery,
          response: { 200: ScheduledPage, ...errorResponses('CHAT_NOT_FOUND') },
        },
      },
      async (req) => ({
        success: true as const,
        ...(await scheduledMessages.list(req.params.organizationId, req.params.chatId, req.query)),
      }),
    );

    app.delete(
      '/api/:organizationId/chats/:chatId/scheduled-messages/:scheduledMessageId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'cancelChatScheduledMessage',
          summary: 'Cancel a scheduled message (status `cancelled`, reason `cancelled_by_user`)',
          description:
            'One already cancelled is answered as it is; one already sent or failed cannot be cancelled (409 `INVALID_TRANSITION`).',
          params: ScheduledItemParams,
          response: { 200: Envelope(ScheduledMessage), ...errorResponses('SCHEDULED_MESSAGE_NOT_FOUND', 'INVALID_TRANSITION') },
        },
      },
      async (req) => {
        const { organizationId, chatId, scheduledMessageId } = req.params;
        return {
          success: true as const,
          data: await scheduledMessages.cancel(organizationId, chatId, scheduledMessageId, principalOf(req).profileId),
        };
      },
    );
  };
}
