/**
 * The chat as the API shows it (DESIGN.md §4 "Records returned", §6): camelCase, collaborators as a
 * list, and when WhatsApp's free-form window closes (official WhatsApp chats the customer wrote in).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Uuid, Timestamp } from '../../http/schemas.js';
import type { ChatRow } from './chat-lifecycle.service.js';
import { collaboratorsOf } from './chat-lifecycle.service.js';
import { CHAT_STATUSES, type ChatStatus, windowExpiresAt } from '../shared/index.js';

export const Chat = Type.Object(
  {
    id: Uuid,
    channelId: Uuid,
    customerId: Uuid,
    contact: Type.String({
      description: 'The contact on this channel, normalized (E.164 digits for WhatsApp, lower-cased e-mail, platform id)',
    }),
    status: Type.Unsafe<ChatStatus>({ type: 'string', enum: [...CHAT_STATUSES] }),
    teamId: Type.Union([Uuid, Type.Null()]),
    assigneeProfileId: Type.Union([Uuid, Type.Null()]),
    collaboratorProfileIds: Type.Array(Uuid),
    lastInboundAt: Type.Union([Timestamp, Type.Null()], { description: "The customer's last message in this chat" }),
    whatsappWindowExpiresAt: Type.Union([Timestamp, Type.Null()], {
      description:
        'Official WhatsApp: when free-form messages stop being accepted (24 h after the customer last wrote); null elsewhere or before the customer wrote',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    closedAt: Type.Union([Timestamp, Type.Null()]),
    rating: Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), Type.Null()], {
      description: "The customer's satisfaction rating, 1 to 5, given after the chat closed; null when none came (docs/csat.md)",
    }),
    ratedAt: Type.Union([Timestamp, Type.Null()], { description: 'When the rating came' }),
    sla: Type.Union(
      [
        Type.Object({
          firstResponseDueAt: Type.Union([Timestamp, Type.Null()]),
          resolutionDueAt: Type.Union([Timestamp, Type.Null()]),
          firstResponseBreachedAt: Type.Union([Timestamp, Type.Null()]),
          resolutionBreachedAt: Type.Union([Timestamp, Type.Null()]),
          firstResponseAt: Type.Union([Timestamp, Type.Null()], {
            description: "The first agent reply after the customer's first message: the first-response target is met or missed by then",
          }),
        }),
        Type.Null(),
      ],
      {
        description:
          "The chat's SLA deadlines (settings.sla, business time) and when each was missed; null when no target applies (docs/sla.md)",
      },
    ),
  },
  { $id: 'Chat' },
);
export type ChatRecord = Static<typeof Chat>;

export function toChatRecord(chat: ChatRow, channelKind: string): ChatRecord {
  return {
    id: chat.id,
    channelId: chat.channel_id,
    customerId: chat.customer_id,
    contact: chat.contact,
    status: chat.status as ChatStatus,
    teamId: chat.team_id,
    assigneeProfileId: chat.assignee_profile_id,
    collaboratorProfileIds: collaboratorsOf(chat),
    lastInboundAt: chat.last_inbound_at,
    whatsappWindowExpiresAt: windowExpiresAt(channelKind, chat.last_inbound_at),
    createdAt: chat.created_at,
    updatedAt: chat.updated_at,
    closedAt: chat.closed_at,
    rating: chat.rating ?? null,
    ratedAt: chat.rated_at ?? null,
    sla:
      chat.sla_first_response_due_at || chat.sla_resolution_due_at
        ? {
            firstResponseDueAt: chat.sla_first_response_due_at,
            resolutionDueAt: chat.sla_resolution_due_at,
            firstResponseBreachedAt: chat.sla_first_response_breached_at,
            resolutionBreachedAt: chat.sla_resolution_breached_at,
            firstResponseAt: chat.first_agent_reply_at,
          }
        : null,
  };
}
