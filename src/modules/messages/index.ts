/**
 * The messages module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { MessageNewsFields } from './message-news.schemas.js';
export { applyMessageNews, setReaction } from './message-news.js';
export { MESSAGE_SOURCES, type MessageSource, requestSource } from './message-source.js';
export { applyStatusById, applyStatusByProviderId, applyStatusWatermark, type StatusChange } from './message-updates.js';
export { CONTENT_SCHEMAS, Message, type MessageRecord, SendMessageBody, type SendMessageInput } from './messages.schemas.js';
export { contactTypeFor, isRecipient, normalizeRecipient, type Recipient } from './recipients.js';
export { retrySendLater, SEND_JOB, type SendTimings } from './send-outbox.js';
export { applyStatusExtras } from './status-extras.js';
