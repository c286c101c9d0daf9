/** The shapes of a delivery into a chat (chat-delivery.ts): its channel, its draft, its outcome and what callers add to it. */
import type { Kysely } from 'kysely';
import type { MessageType, OutboundMessage, ProviderError } from '../../channels/provider.js';
import type { DB } from '../../db/schema.js';
import type { OrgContext } from '../shared/index.js';
import type { MessageSource } from '../messages/index.js';
import type { GovernorChannelSettings } from '../channel-records/index.js';
import type { Traffic } from '../governor/index.js';

/** What handing a message to a provider needs to know about its channel. */
export interface DeliveryChannel {
  channelId: string;
  organizationId: string;
  kind: string;
  config: Record<string, unknown>;
  /** Refuse free-form messages outside WhatsApp's 24-hour window (whatsapp-window.ts). */
  enforceWhatsAppWindow?: boolean;
  /** The channel's settings, when the caller read them: the governor's budgets (read by it otherwise). */
  settings?: GovernorChannelSettings;
}

/** A channel whose contacts may be new: finding or creating their customer needs these. */
export interface ContactChannel extends DeliveryChannel {
  defaultCountry: string;
  defaultStageId: string | null;
}

/** An outbound message before it is stored. */
export interface OutboundDraft {
  type: MessageType;
  content: Record<string, unknown>;
  senderProfileId: string | null;
  /** Where it comes from (DESIGN.md §9): stored on the message, returned by the message endpoints. */
  source: MessageSource;
  /** The client's temporary id, echoed back (send-template, sequences). */
  tempId?: string | null;
  /** `bulk` for traffic the caller knows is bulk (scheduled messages, campaigns); else decided from `source` (governor/traffic.ts). */
  traffic?: Traffic;
  /** The campaign it is sent for (`source: 'campaign'`). */
  campaignId?: string | null;
}

/**
 * What a caller adds to a stored message's delivery (sequences): work done in the same transaction
 * that applies `sent` or `failed` (the next step's job, the rest of a sequence failed), and a last
 * change to what the provider gets (a file link signed at hand-over time).
 */
export interface StoredDeliveryOptions {
  /** The job's last attempt: a retryable failure now ends the message `failed`. */
  lastAttempt: boolean;
  /** Runs first in the transaction that applies the outcome: takes a lock the caller's order needs (a flow's run). */
  lockFirst?: (ctx: OrgContext) => Promise<void>;
  onSent?: (ctx: OrgContext) => Promise<void>;
  onFailed?: (ctx: OrgContext) => Promise<void>;
  prepare?: (message: OutboundMessage) => OutboundMessage;
  /** The job's signal: aborted when its worker lost the lease (or stops), it aborts the provider call too. */
  signal?: AbortSignal;
}

export type Outcome =
  { status: 'sent' } | { status: 'failed'; error: { code: string; message: string } } | { status: 'pending'; error: ProviderError };

export interface Delivered {
  messageId: string;
  chatId: string;
  createdAt: string;
  outcome: Outcome;
}

/**
 * A delivery as it stands at one of its commits: the message stored (`pending`, before the provider
 * was called) or its outcome applied. What a request's Idempotency-Key records in that commit.
 */
export interface DeliveryState extends Omit<Delivered, 'outcome'> {
  outcome: Outcome | { status: 'pending' };
}

/** What a request adds to its delivery: work in each of the delivery's transactions, with the delivery as it stands there. */
export interface RequestDeliveryOptions {
  /** The request's Idempotency-Key answer (http/idempotency.ts), written in the same commit as the delivery's step. */
  record?: (trx: Kysely<DB>, state: DeliveryState) => Promise<void>;
}
