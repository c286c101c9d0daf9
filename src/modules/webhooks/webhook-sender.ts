/**
 * One signed POST of an event to an endpoint (Standard Webhooks: `webhook-id` is the event id, so it
 * is the same on every retry and replay; `webhook-timestamp` is the attempt's time, so receivers'
 * freshness checks pass on late retries). Never throws: every outcome becomes an AttemptResult.
 */
import type { Dispatcher } from 'undici';
import { Webhook } from 'standardwebhooks';
import {
  blockedCause,
  checkOutboundUrl,
  loadUndici,
  OutboundBlockedError,
  type OutboundAgent,
  type PrivateNetworkAccess,
} from '../../http/outbound.js';
import { RESPONSE_EXCERPT_BYTES } from './webhook-rules.js';
import { deadline, type Deadline } from '../../lib/deadline.js';

export const WEBHOOK_TIMEOUT_MS = 15_000;

export interface AttemptResult {
  /** 2xx. */
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** URLs the guard lets through for one organization alone: the dev inspector's delivery URL (dev-inspector/inspector-access.ts). */
export interface OwnDeliveryUrls {
  isDeliveryUrl(url: string, organizationId: string): boolean;
}

export interface SendInput {
  organizationId: string;
  url: string;
  secret: string;
  eventId: string;
  body: string;
  signal?: AbortSignal;
}

export class WebhookSender {
  constructor(
    private readonly agent: OutboundAgent,
    private readonly allowPrivate: PrivateNetworkAccess,
    private readonly now: () => Date = () => new Date(),
    private readonly own: OwnDeliveryUrls = { isDeliveryUrl: () => false },
  ) {}

  async send(input: SendInput): Promise<AttemptResult> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    let limit: Deadline | undefined;
    try {
      // The demo's endpoint to the dev inspector on our own address passes; everything else is checked.
      const own = this.own.isDeliveryUrl(input.url, input.organizationId);
      const url = own ? new URL(input.url) : checkOutboundUrl(input.url, this.allowPrivate);
      const timestamp = this.now();
      const signature = new Webhook(input.secret).sign(input.eventId, timestamp, input.body);
      limit = deadline(WEBHOOK_TIMEOUT_MS);
      const signals = [limit.signal, ...(input.signal ? [input.signal] : [])];
      const [{ request }, dispatcher] = await Promise.all([loadUndici(), this.agent.dispatcher()]);
      const response = await request(url, {
        method: 'POST',
        dispatcher,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Conversa-Webhooks/1.0',
          'webhook-id': input.eventId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: input.body,
        signal: AbortSignal.any(signals),
        headersTimeout: WEBHOOK_TIMEOUT_MS,
        bodyTimeout: WEBHOOK_TIMEOUT_MS,
      });
      const responseExcerpt = await readExcerpt(response.body);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      const redirect = response.statusCode >= 300 && response.statusCode < 400;
      return {
        ok,
        statusCode: response.statusCode,
        latencyMs: latency(),
        responseExcerpt,
        error: ok
          ? null
          : redirect
            ? `redirect to ${String(response.headers.location ?? '?')} not followed`
            : `HTTP ${response.statusCode}`,
      };
    } catch (err) {
      return { ok: false, statusCode: null, latencyMs: latency(), responseExcerpt: null, error: describeFailure(err) };
    } finally {
      limit?.clear();
    }
  }
}

/** Keeps the first KB of the answer and drains the rest (bounded), so the connection can be reused. */
async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<string | null> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let seen = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    seen += buffer.length;
    if (kept < RESPONSE_EXCERPT_BYTES) {
      chunks.push(buffer.subarray(0, RESPONSE_EXCERPT_BYTES - kept));
      kept += Math.min(buffer.length, RESPONSE_EXCERPT_BYTES - kept);
    }
    if (seen > 64 * 1024) {
      body.destroy();
      break;
    }
  }
  if (kept === 0) return null;
  // PostgreSQL text cannot hold NUL; a binary answer must not make the attempt unrecordable.
  return Buffer.concat(chunks).toString('utf8').replaceAll('\u0000', '\ufffd');
}

function describeFailure(err: unknown): string {
  const blocked = err instanceof OutboundBlockedError ? err : blockedCause(err);
  if (blocked) return `blocked: ${blocked.message}`;
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.code === 'UND_ERR_HEADERS_TIMEOUT' || e?.code === 'UND_ERR_BODY_TIMEOUT') {
    return `timeout after ${WEBHOOK_TIMEOUT_MS} ms`;
  }
  if (e?.name === 'AbortError') return 'aborted (worker shutting down)';
  const code = e?.code ?? e?.cause?.code;
  const message = e?.message ?? String(err);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 500);
}
