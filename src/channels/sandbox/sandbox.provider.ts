/**
 * The sandbox provider (DESIGN.md §5): a built-in simulator used for any kind when the channel's
 * config has `"sandbox": true`. It never leaves the process, yet its status reports travel the same
 * path as a real provider's: `send` returns them as `scheduledCallbacks`, the messages service stores
 * each one as a provider callback when it is due, and `parseCallback` reads it back.
 *
 * - A send is accepted (`sent`), then `delivered` after `config.deliverAfterMs` (default 1000) and
 *   `read` after `config.readAfterMs` (default 2000).
 * - A recipient that starts with `000` is accepted but reported `failed` after `deliverAfterMs`
 *   (how a real provider reports an undeliverable number: a failed status callback, not a refusal).
 * - `config.sendError`: `"permanent"` refuses every send (message ends `failed` with the reason),
 *   `"retryable"` answers "try later" (message stays `pending`, the worker retries).
 *
 * Callback body (JSON), which tests may also POST to /channels/{id}/webhook themselves:
 *   {"event":"status","message_id":"sbx_…","status":"delivered","timestamp":"…","error"?:{code,message}}
 *   {"event":"message","message_id":"…","from":"…","name"?:"…","type":"text","content":{…},"timestamp"?:"…"}
 * and DESIGN.md §9's `played`/`pricing` on a status, `health`, and `lid`/`bsuid`/`username` on a
 * message (sandbox-extras.ts), and its news (sandbox-news.ts): `reaction`, `edit`, `delete`, `echo`.
 */
import { randomUUID } from 'node:crypto';
import {
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  ProviderError,
  type CallbackRequest,
  type ChannelProvider,
  type NormalizedEvent,
  type OutboundMessage,
  type ProviderDeps,
  type SendResult,
} from '../provider.js';
import { sandboxHealth, sandboxIdentities, sandboxStatusExtras } from './sandbox-extras.js';
import { sandboxNews } from './sandbox-news.js';
import { urlMediaSource } from '../support/inbound-media.js';

export const SANDBOX_FAILING_PREFIX = '000';

interface SandboxConfig {
  deliverAfterMs: number;
  readAfterMs: number;
  sendError?: 'permanent' | 'retryable';
}

function delay(config: Record<string, unknown>, key: string, fallback: number): number {
  const value = config[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

function readSandboxConfig(config: Record<string, unknown>): SandboxConfig {
  const sendError = config.sendError === 'permanent' || config.sendError === 'retryable' ? config.sendError : undefined;
  return { deliverAfterMs: delay(config, 'deliverAfterMs', 1000), readAfterMs: delay(config, 'readAfterMs', 2000), sendError };
}

function statusBody(messageId: string, status: string, error?: { code: string; message: string }): string {
  return JSON.stringify({ event: 'status', message_id: messageId, status, ...(error ? { error } : {}) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidCallback(message: string): ProviderError {
  return new ProviderError('INVALID_CALLBACK', message, false);
}

export function sandboxProvider(rawConfig: Record<string, unknown>, deps: ProviderDeps): ChannelProvider {
  const config = readSandboxConfig(rawConfig);
  const skip = (details: Record<string, unknown>, message: string) => deps.logger?.warn(details, message);

  function parseEvent(body: unknown): NormalizedEvent | undefined {
    if (!isRecord(body)) return undefined;
    // A channel's health names no message (DESIGN.md §9).
    if (body.event === 'health') {
      const health = sandboxHealth(body);
      if (!health) skip({ status: body.status }, 'sandbox health callback with an unknown status skipped');
      return health;
    }
    const providerMessageId = typeof body.message_id === 'string' ? body.message_id : undefined;
    if (!providerMessageId) {
      skip({ body }, 'sandbox callback without message_id skipped');
      return undefined;
    }
    const occurredAt = typeof body.timestamp === 'string' ? body.timestamp : undefined;
    if (body.event === 'status') {
      const status = MESSAGE_STATUSES.find((s) => s === body.status && s !== 'pending');
      if (!status || status === 'pending') {
        skip({ status: body.status }, 'sandbox callback with an unknown status skipped');
        return undefined;
      }
      const error = isRecord(body.error)
        ? { code: String(body.error.code ?? 'SANDBOX_FAILED'), message: String(body.error.message ?? 'failed') }
        : undefined;
      return { kind: 'status', providerMessageId, status, occurredAt, ...(error ? { error } : {}), ...sandboxStatusExtras(body) };
    }
    if (body.event === 'message') {
      if (typeof body.from !== 'string' || body.from === '') throw invalidCallback('sandbox inbound message without "from"');
      // A bare `text` with no `type` is a text message (docs/providers.md, "Sandbox callbacks").
      const type =
        MESSAGE_TYPES.find((t) => t === body.type) ?? (body.type === undefined && typeof body.text === 'string' ? 'text' : 'unknown');
      const content = isRecord(body.content) ? body.content : typeof body.text === 'string' ? { text: body.text } : {};
      const senderName = typeof body.name === 'string' ? body.name : undefined;
      const identities = sandboxIdentities(body);
      return {
        kind: 'inbound',
        providerMessageId,
        from: body.from,
        senderName,
        type,
        content,
        occurredAt,
        ...(identities ? { identities } : {}),
      };
    }
    const news = sandboxNews(body, providerMessageId, occurredAt);
    if (news) return news;
    skip({ event: body.event }, 'sandbox callback with an unknown event skipped');
    return undefined;
  }

  return {
    async send(message: OutboundMessage): Promise<SendResult> {
      if (config.sendError === 'permanent') {
        throw new ProviderError('SANDBOX_REJECTED', 'The sandbox refuses every send on this channel (config.sendError)', false);
      }
      if (config.sendError === 'retryable') {
        throw new ProviderError('SANDBOX_UNAVAILABLE', 'The sandbox is temporarily unavailable (config.sendError)', true);
      }
      const providerMessageId = `sbx_${randomUUID()}`;
      if (message.to.startsWith(SANDBOX_FAILING_PREFIX)) {
        const error = { code: 'SANDBOX_UNDELIVERABLE', message: `Recipients starting with ${SANDBOX_FAILING_PREFIX} cannot be reached` };
        return {
          providerMessageId,
          scheduledCallbacks: [{ delayMs: config.deliverAfterMs, body: statusBody(providerMessageId, 'failed', error) }],
        };
      }
      return {
        providerMessageId,
        scheduledCallbacks: [
          { delayMs: config.deliverAfterMs, body: statusBody(providerMessageId, 'delivered') },
          { delayMs: Math.max(config.readAfterMs, config.deliverAfterMs), body: statusBody(providerMessageId, 'read') },
        ],
      };
    },

    async react() {
      // The simulator accepts every reaction: it is stored by the caller, nothing is delivered.
    },

    // The callback's URL (a gateway-hosted copy, or the platform's CDN), fetched through the outbound guard.
    mediaSource: urlMediaSource,

    verifySignature() {
      // The simulator signs nothing; its callback URL is open on purpose (DESIGN §5).
      return false;
    },

    parseCallback(request: CallbackRequest): NormalizedEvent[] {
      let body: unknown;
      try {
        body = JSON.parse(request.body);
      } catch {
        throw invalidCallback('sandbox callback body is not JSON');
      }
      const items = Array.isArray(body) ? body : [body];
      return items.map(parseEvent).filter((event): event is NormalizedEvent => event !== undefined);
    },

    handshake(request: CallbackRequest) {
      const challenge = request.query.challenge;
      return challenge === undefined ? undefined : { status: 200, body: challenge };
    },
  };
}
