/**
 * The chats module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { ChatLifecycle, type ChatRow, loadChat } from './chat-lifecycle.service.js';
export { chatListItemsOf, type ChatListRecord, previewOf } from './chat-queries.js';
export { SendTemplateBody } from './chat-sends.schemas.js';
export { assertChatVisible, type ChatViewer, chatViewerOf, visibleTo } from './chat-visibility.js';
export { ChatListItem } from './chats.schemas.js';
export { receiveEcho } from './echo-messages.js';
export { type FlowHooks, type FlowStartRequest } from './flow-starter.js';
export { type InboundChannel, type RatingCatcher, receiveInbound } from './inbound-messages.js';
export { messageIdsMatching } from './message-index.js';
export { SendTemplateService } from './send-template.service.js';
