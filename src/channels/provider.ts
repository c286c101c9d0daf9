/**
 * The one interface every channel provider implements (STYLE.md 7–8). A provider is built by a pure
 * factory from the channel's config; it never reads the database or process.env. It sends, and it
 * translates the provider's callbacks into normalized events; the caller records the results.
 */
import type { ChannelKind } from './kinds.js';

export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'document', 'location', 'template'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MEDIA_KINDS = ['image', 'video', 'audio', 'document'] as const satisfies readonly MessageType[];
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * What a provider can do, declared by each provider folder beside its factory and read through
 * `capabilitiesOf(kind)` (registry.ts): callers ask the capability, never the kind. The table and
 * the reason for each entry: docs/providers.md.
 */
export interface ProviderCapabilities {
  /** Sends pre-approved message templates (the `template` type). */
  readonly templates: boolean;
  /** The vendor's send API takes the id of the message being answered (shown quoted, or threaded for e-mail). */
  readonly quotedReplies: boolean;
  /** The media types the adapter sends; any other is refused with UNSUPPORTED_MESSAGE_TYPE. */
  readonly mediaKinds: readonly MediaKind[];
  /**
   * WhatsApp linked-device ids (`…@lid`): callbacks naming a person by LID become `whatsapp_lid`
   * contacts (with the phone when the callback or the gateway's LID lookup gives it), and a chat
   * known only by its LID is answered at the LID (DESIGN.md §9, Identity).
   */
  readonly lid: boolean;
  /**
   * Meta's business-scoped user ids and usernames (2026): `user_id`/`username` become
   * `whatsapp_bsuid`/`whatsapp_username` contacts, and a chat known only by its BSUID is answered
   * with the Cloud API's `recipient` (DESIGN.md §9, Identity).
   */
  readonly bsuid: boolean;
  /** Image, video and document sends carry `content.caption` to the customer. */
  readonly captions: boolean;
  /** What the vendor reports about messages, and what agents can do to them (DESIGN.md §9; message-news.ts). */
  readonly news: MessageNewsCapabilities;
}

/**
 * DESIGN.md §9 "Per message", per adapter (docs/providers.md "Reactions, edits, deletes, echoes"):
 * which of those the vendor's callbacks carry and the adapter reads (`reactions`, `edits`,
 * `deletes`, `echoes`), and whether an agent's reaction can be sent (`sendReactions`: the adapter
 * then implements `ChannelProvider.react`; otherwise the reactions endpoint answers 422
 * UNSUPPORTED_BY_CHANNEL).
 */
export interface MessageNewsCapabilities {
  readonly reactions: boolean;
  readonly sendReactions: boolean;
  readonly edits: boolean;
  readonly deletes: boolean;
  readonly echoes: boolean;
}

export const NO_MESSAGE_NEWS: MessageNewsCapabilities = {
  reactions: false,
  sendReactions: false,
  edits: false,
  deletes: false,
  echoes: false,
};

/** An unknown kind can do nothing. */
export const NO_CAPABILITIES: ProviderCapabilities = {
  templates: false,
  quotedReplies: false,
  mediaKinds: [],
  lid: false,
  bsuid: false,
  captions: false,
  news: NO_MESSAGE_NEWS,
};

/** How a WhatsApp person is named (DESIGN.md §9, Identity): each is a contact type of the customer. */
export const IDENTITY_TYPES = ['whatsapp', 'whatsapp_lid', 'whatsapp_bsuid', 'whatsapp_username'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];
/**
 * One identifier of the sender. Values: `whatsapp` E.164 digits; `whatsapp_lid` `<digits>@lid`;
 * `whatsapp_bsuid` as Meta writes it (`US.13491208655302741918`); `whatsapp_username` as given.
 */
export interface Identity {
  type: IdentityType;
  value: string;
}

/**
 * A vendor's error of a failed message, whole (DESIGN.md §9): the first error's code and message
 * (what `error_code`/`error_message` always kept), its title and details, and every error listed.
 */
export interface VendorError {
  code: string;
  message: string;
  title?: string;
  details?: string;
  /** Every error the vendor listed, as `{ code, title?, message?, details? }`, when it listed more than the one above or more fields. */
  errors?: Record<string, unknown>[];
}

/** A channel's health as the vendor's signals say it (channel-records/channel-health.ts). */
export type HealthState = 'ok' | 'throttled' | 'disconnected' | 'banned';

export const MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What a provider is asked to send; `content` is already validated for `type` (spec endpoint 1). */
export interface OutboundMessage {
  /** Our message id: providers that carry opaque data (e.g. biz_opaque_callback_data) echo it back. */
  id: string;
  /** Normalized recipient: E.164 digits (WhatsApp kinds), lower-case e-mail, or the platform's user id. */
  to: string;
  type: MessageType;
  content: Record<string, unknown>;
  /**
   * The provider's id of the message this one answers (our `reply_to_message_id`, resolved when it
   * is handed over). Adapters whose capabilities say `quotedReplies` may show it quoted; today the
   * whatsapp_official adapter sends it (`context.message_id`); the others ignore it.
   */
  replyToProviderMessageId?: string;
}

export interface SendResult {
  providerMessageId: string;
  /**
   * Callbacks the provider will deliver later, for the sandbox: the caller stores each one as a
   * provider callback after `delayMs` and processes it exactly like a real provider's.
   */
  scheduledCallbacks?: { delayMs: number; body: string }[];
}

/** A provider's refusal. `retryable` false = permanent (the message ends `failed` with this reason). */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * News about a message already sent or received (DESIGN.md §9), named by the provider id of the
 * message it concerns (`target`). Applied to that message, never stored as a new one.
 * - `reaction`: `emoji` '' removes the reactor's reaction; `byBusiness` when the business's own
 *   number reacted (from the phone, or the echo of an agent's reaction).
 * - `edit`: the new content (same normalization as inbound content).
 * - `delete`: the sender revoked the message for everyone.
 */
export type MessageNewsEvent =
  | { kind: 'reaction'; target: string; emoji: string; byBusiness?: boolean; occurredAt?: string }
  | { kind: 'edit'; target: string; type?: MessageType | 'unknown'; content: Record<string, unknown>; occurredAt?: string }
  | { kind: 'delete'; target: string; occurredAt?: string };

/**
 * A message the business sent to `to` from the phone or another app on the same number (`fromMe`,
 * Meta's message echoes, Messenger's `is_echo`): stored outbound with source `phone`, unless it is
 * the echo of a message we sent (same provider id).
 */
export interface EchoEvent {
  kind: 'echo';
  providerMessageId: string;
  /** The contact it went to (normalized like OutboundMessage.to). */
  to: string;
  type: MessageType | 'unknown';
  content: Record<string, unknown>;
  occurredAt?: string;
}

/** An agent's reaction, as the adapter sends it (`emoji` '' removes the business's reaction). */
export interface OutboundReaction {
  /** The contact of the chat (normalized like OutboundMessage.to). */
  to: string;
  /** The provider's id of the message reacted to. */
  targetProviderMessageId: string;
  /** Whether that message is the customer's (inbound) or ours: some gateways key it so. */
  targetFromMe: boolean;
  emoji: string;
}

export type NormalizedEvent =
  | MessageNewsEvent
  | EchoEvent
  | {
      kind: 'status';
      providerMessageId: string;
      status: Exclude<MessageStatus, 'pending'>;
      occurredAt?: string;
      error?: VendorError;
      /** A voice message was played (Meta `played`, Z-API `PLAYED`): the status is `read`, `occurredAt` is when. */
      played?: boolean;
      /** Meta's `pricing` and `conversation` of the status, kept on the message as `pricing`. */
      pricing?: Record<string, unknown>;
    }
  | {
      kind: 'inbound';
      providerMessageId: string;
      /** Sender as the channel knows it (normalized like OutboundMessage.to). */
      from: string;
      senderName?: string;
      type: MessageType | 'unknown';
      content: Record<string, unknown>;
      occurredAt?: string;
      /**
       * Every identifier the callback gave for the sender, `from` included (a LID with its phone,
       * a BSUID with its phone and username): each becomes a contact of the one customer.
       */
      identities?: Identity[];
      /**
       * The provider ids of the messages this one answers, nearest first (e-mail `In-Reply-To`,
       * then `References`): it lands in the still-active chat of the first one known (DESIGN.md §9 "E-mail").
       */
      answers?: string[];
    }
  | {
      /**
       * The person at `address` asked to hear no more from the channel (Mailgun `complained`: marked
       * as spam; `unsubscribed`): their contact is opted out (DESIGN.md §9 "E-mail", §10).
       */
      kind: 'opt_out';
      address: string;
      signal: 'complained' | 'unsubscribed';
      occurredAt?: string;
    }
  | {
      /** The vendor's word on the channel itself (a session closed, a rate limit hit): its health. */
      kind: 'health';
      health: HealthState;
      code?: string;
      message?: string;
      occurredAt?: string;
    }
  | {
      /**
       * Messenger-style receipts name no message, only a time: every outbound message of this channel
       * to `recipient` sent at or before `watermark` has reached `status` (the caller applies it, still
       * never downgrading). Facebook's `read` (and `delivery` without `mids`) can only be told this way.
       */
      kind: 'status_watermark';
      recipient: string;
      status: 'delivered' | 'read';
      watermark: string;
    };

/** A provider callback as received at POST/GET /channels/{channelId}/webhook (raw body kept for HMAC checks). */
export interface CallbackRequest {
  method: string;
  headers: Record<string, string>;
  query: Record<string, string>;
  body: string;
}

/**
 * What a provider that signs a timestamp and a one-time token (Mailgun) proves about a callback
 * besides its signature: the callback route refuses one whose timestamp is outside the freshness
 * window or whose token was seen before on the channel (issue 26, item 1).
 */
export interface SignedNonce {
  /** The provider's timestamp, in seconds since the epoch. */
  timestampSeconds: number;
  token: string;
}

/**
 * Where an inbound message's media can be downloaded (DESIGN.md §9 "Media"; modules/messages/inbound-media.ts):
 * a URL (a gateway's, or Instagram's and Messenger's CDN), fetched through the outbound guard with
 * `headers` when the vendor wants its key; or the vendor's media id, turned into a URL by
 * `ChannelProvider.resolveMedia` (Meta's Cloud API: GET /{media-id} answers the URL).
 */
export type MediaSource = { url: string; headers?: Record<string, string> } | { mediaId: string };

export interface HandshakeResponse {
  status: number;
  body: string;
}

export interface ChannelProvider {
  send(message: OutboundMessage, options?: { signal?: AbortSignal }): Promise<SendResult>;
  /** Sends an agent's reaction; present exactly when the adapter's capabilities say `news.sendReactions`. */
  react?(reaction: OutboundReaction, options?: { signal?: AbortSignal }): Promise<void>;
  /** Verifies (signature, token) and parses a callback; unknown vendor values are skipped, never guessed. */
  parseCallback(request: CallbackRequest): NormalizedEvent[];
  /**
   * Checked by the callback route before anything is stored: true when the vendor's own proof
   * (Meta's X-Hub-Signature-256, WAHA's X-Webhook-Hmac, Mailgun's signature, Evolution's body
   * apikey) is present and holds; false when this vendor, as configured, proves nothing (Z-API,
   * W-API, WAHA without hmacKey, e-mail without a signing key): the channel's callback secret
   * (`?token=`) must then authenticate it. Throws INVALID_SIGNATURE when the proof is missing or wrong.
   */
  verifySignature(request: CallbackRequest): boolean;
  /**
   * The signed timestamp and token of a callback whose signature holds, for a provider that signs
   * them (Mailgun); undefined when it signs none. Read after `verifySignature` answered true.
   */
  signedNonce?(request: CallbackRequest): SignedNonce | undefined;
  /**
   * Asks the gateway for the phone of a LID (`<digits>@lid`), e.g. WAHA's `GET /api/{session}/lids/{lid}`;
   * undefined when it does not know it. Called outside any transaction, before a callback's events
   * are applied. Providers that cannot resolve LIDs leave it out.
   */
  resolveLid?(lid: string, options?: { signal?: AbortSignal }): Promise<string | undefined>;
  /**
   * Where the media of an inbound message of this vendor are (its content as `parseCallback` gave
   * it); undefined when it names none this adapter can fetch. Adapters that receive no media leave it out.
   */
  mediaSource?(type: MessageType | 'unknown', content: Record<string, unknown>): MediaSource | undefined;
  /** Turns a `{ mediaId }` source into a URL and the headers its download needs (one call to the vendor's API). */
  resolveMedia?(mediaId: string, options?: { signal?: AbortSignal }): Promise<{ url: string; headers?: Record<string, string> }>;
  /** GET verification handshakes (e.g. Meta's hub.challenge); undefined when the provider has none. */
  handshake?(request: CallbackRequest): HandshakeResponse | undefined;
}

/** Capabilities a provider may use: HTTP clients (fakes in tests), never our database. */
export interface ProviderDeps {
  /**
   * For the provider's own API, at the address its channel config names. `providerFor` hands the
   * adapter `fetchMedia` here unless an admin set `config.allowPrivateBaseUrl: true` (a gateway on a
   * private network): then this unguarded one.
   */
  fetch: typeof fetch;
  /**
   * For URLs a user gave (a message's media): goes through the outbound guard (http/outbound.ts),
   * which refuses private addresses unless WEBHOOK_ALLOW_PRIVATE_NETWORKS and re-checks every redirect.
   */
  fetchMedia: typeof fetch;
  /** Where skipped vendor values are reported (STYLE.md 8: logged, never guessed); pino fits. */
  logger?: { warn(details: Record<string, unknown>, message: string): void };
}

export type ProviderFactory = (config: Record<string, unknown>, deps: ProviderDeps) => ChannelProvider;

export type ProviderRegistry = Record<ChannelKind, ProviderFactory>;

export type CapabilityRegistry = Record<ChannelKind, ProviderCapabilities>;
