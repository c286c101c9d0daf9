/**
 * The shared module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { ACTIVE_CHAT_STATUSES, CHAT_STATUSES, activeChatOf, type ChatStatus } from './chat-states.js';
export {
  BSUID_PATTERN,
  CONTACT_TYPES,
  type ContactType,
  COUNTRY_NOT_NEEDED,
  DEFAULT_COUNTRY,
  isContactType,
  needsDefaultCountry,
  normalizeContact,
  type NormalizedContact,
  normalizeDocument,
  normalizeEmail,
  normalizePhone,
} from './contact-normalization.js';
export { type CustomerWroteListener, type InboundNotice } from './customer-wrote.js';
export { type EventDraft, LOG_TIME, orgContext, type OrgContext } from './org-context.js';
export { baseRecord, deleteOrgRow, findOrgRow, getOrgRow, OrgRecord, type OrgResource } from './org-resource.js';
export { activeChatLastInbound, assertWindowOpen, WHATSAPP_WINDOW_MS, windowEnforced, windowExpiresAt } from './whatsapp-window.js';
