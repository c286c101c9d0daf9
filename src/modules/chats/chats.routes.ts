/**
 * The chat API beyond the spec (DESIGN.md §6, docs/conversations.md "Chat API and lifecycle"):
 * plural `chats`; `chats:read` reads (the chat with its customer's name and contact, and its messages),
 * `chats:write` changes. Thin: parse, call, shape.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { assertChatVisible, chatViewerOf } from './chat-visibility.js';
import { principalOf } from '../../http/auth.js';
import { requestSource } from '../messages/index.js';
import { idempotentReply } from '../../http/idempotency.js';
import { Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import { chatMessagesJson, getChatListItem, listChats } from './chat-queries.js';
import { ChatCounts, ChatCountsQuery, countChats } from './chat-counts.js';
import {
  AssigneeBody,
  ChatItem,
  ChatListItem,
  ChatListQuery,
  ChatMessage,
  ChatMessagePage,
  ChatMessagesQuery,
  ChatPage,
  ChatParams,
  CollaboratorBody,
  ReadResult,
  ReplyBody,
  StatusBody,
  type ChatMessageRecord,
} from './chats.schemas.js';

const tags = ['chats'];
const security = [{ apiKeyHeader: [] }];

export function chatsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { chats } = deps.services;
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:read', organizationRoute: true, permission: 'chats.work' });
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:write', organizationRoute: true, permission: 'chats.work' });
    // A chat the caller may not see is not found (chat-visibility.ts): agents when agentsSeeAllChats is false.
    app.addHook('preHandler', async (req) => {
      const { organizationId, chatId } = req.params as { organizationId: string; chatId?: string };
      if (chatId === undefined) return;
      await assertChatVisible(deps.db, organizationId, chatId, await chatViewerOf(deps.db, organizationId, principalOf(req)));
    });

    app.get(
      '/api/:organizationId/chats',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listChats',
          summary: 'List chats (newest first, cursor pagination), with the customer name and last message',
          params: OrgParams,
          querystring: ChatListQuery,
          response: { 200: ChatPage },
        },
      },
      async (req) => {
        const { organizationId } = req.params;
        const viewer = await chatViewerOf(deps.db, organizationId, principalOf(req));
        return { success: true as const, ...(await listChats(deps.db, organizationId, req.query, viewer)) };
      },
    );

    app.get(
      '/api/:organizationId/chats/counts',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'countChats',
          summary: 'Count chats per status (the list filters but status) and the chats with unread messages',
          params: OrgParams,
          querystring: ChatCountsQuery,
          response: { 200: ChatCounts },
        },
      },
      async (req) => {
        const { organizationId } = req.params;
        const viewer = await chatViewerOf(deps.db, organizationId, principalOf(req));
        return { success: true as const, data: await countChats(deps.db, organizationId, req.query, viewer) };
      },
    );

    app.get(
      '/api/:organizationId/chats/:chatId',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'getChat',
          summary: 'Get a chat, with the customer name, last message and unread count as in the list',
          params: ChatParams,
          response: { 200: Envelope(ChatListItem), ...errorResponses('CHAT_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await getChatListItem(deps.db, req.params.organizationId, req.params.chatId) }),
    );

    app.post(
      '/api/:organizationId/chats/:chatId/read',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'markChatRead',
          summary: "Mark the customer's messages of the chat read (an agent opened it); unreadCount becomes 0",
          description: 'Writes `chat.read` when something was unread; otherwise changes nothing. Any state, closed included.',
          params: ChatParams,
          response: { 200: ReadResult, ...errorResponses('CHAT_NOT_FOUND') },
        },
      },
      async (req) => ({
        success: true as const,
        data: await chats.markRead(req.params.organizationId, req.params.chatId, principalOf(req).profileId),
      }),
    );

    app.get(
      '/api/:organizationId/chats/:chatId/messages',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listChatMessages',
          summary: "A chat's messages, oldest first (order=desc: newest first, for the latest page)",
          params: ChatParams,
          querystring: ChatMessagesQuery,
          response: { 200: ChatMessagePage, ...errorResponses('CHAT_NOT_FOUND') },
        },
      },
      async (req, reply) => {
        // Already JSON (chat-queries.ts): a string body is sent as is, the schema documents its shape.
        const body = await chatMessagesJson(deps.db, req.params.organizationId, req.params.chatId, req.query);
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );

    app.post(
      '/api/:organizationId/chats/:chatId/messages',
      {
        onRequest: write,
        config: { idempotency: true },
        schema: {
          tags,
          security,
          operationId: 'replyToChat',
          summary: "An agent's reply into the chat",
          description:
            'The replying profile attends the chat (assignee of an unassigned chat, else collaborator), then the message is delivered. ' +
            'A closed chat is 409 INVALID_TRANSITION; outside WhatsApp’s 24-hour window 422 WHATSAPP_WINDOW_CLOSED. Honours `Idempotency-Key`.',
          params: ChatParams,
          body: ReplyBody,
          response: {
            201: Envelope(ChatMessage),
            ...errorResponses('CHAT_NOT_FOUND', 'INVALID_TRANSITION', 'CHAT_CLOSED', 'CHANNEL_DISCONNECTED', 'WHATSAPP_WINDOW_CLOSED'),
          },
        },
      },
      async (req, reply) => {
        const answer = idempotentReply(req, reply, 201, (data: ChatMessageRecord) => ({ success: true as const, data }));
        const { organizationId, chatId } = req.params;
        return answer.send(
          await chats.reply(organizationId, chatId, principalOf(req).profileId, req.body, answer.record, requestSource(principalOf(req))),
        );
      },
    );

    app.put(
      '/api/:organizationId/chats/:chatId/status',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'setChatStatus',
          summary: 'Change the chat status (409 INVALID_TRANSITION for a change the lifecycle refuses)',
          params: ChatParams,
          body: StatusBody,
          response: { 200: Envelope(ChatItem), ...errorResponses('CHAT_NOT_FOUND', 'INVALID_TRANSITION', 'CHAT_CHANGED') },
        },
      },
      async (req) => ({
        success: true as const,
        data: await chats.setStatus(req.params.organizationId, req.params.chatId, req.body.status, principalOf(req).profileId),
      }),
    );

    app.put(
      '/api/:organizationId/chats/:chatId/assignee',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'setChatAssignee',
          summary: 'Set or clear the assignee (and optionally the team)',
          params: ChatParams,
          body: AssigneeBody,
          response: { 200: Envelope(ChatItem), ...errorResponses('CHAT_NOT_FOUND', 'INVALID_TRANSITION', 'CHAT_CHANGED') },
        },
      },
      async (req) => ({
        success: true as const,
        data: await chats.setAssignee(
          req.params.organizationId,
          req.params.chatId,
          req.body.profileId,
          req.body.teamId,
          principalOf(req).profileId,
          principalOf(req).role,
        ),
      }),
    );

    app.post(
      '/api/:organizationId/chats/:chatId/collaborators',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'addChatCollaborator',
          summary: 'Add a collaborator',
          params: ChatParams,
          body: CollaboratorBody,
          response: { 200: Envelope(ChatItem), ...errorResponses('CHAT_NOT_FOUND', 'INVALID_TRANSITION', 'CHAT_CHANGED') },
        },
      },
      async (req) => ({
        success: true as const,
        data: await chats.addCollaborator(req.params.organizationId, req.params.chatId, req.body.profileId),
      }),
    );
  };
}
