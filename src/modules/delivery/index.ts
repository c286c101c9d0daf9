/**
 * The delivery module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { createActiveChat, findOrCreateActiveChat, findOrCreateActiveChats, findOrOpenActiveChat } from './active-chat.js';
export { ChatDelivery } from './chat-delivery.js';
export { deliveryChannel, loadChatTarget, type TargetChannel, usableChannel } from './chat-target.js';
export { type Conversation, type ConversationChannel, findOrCreateConversation, type NewMessage } from './conversation.js';
export { type ContactChannel, type DeliveryChannel, type DeliveryState, type OutboundDraft } from './delivery-types.js';
export { asProviderError, withinDeadline } from './provider-call.js';
export { SCHEDULED_CALLBACK_JOB } from './sandbox-callbacks.js';
