/**
 * Fetching a message's media (through deps.fetchMedia, the outbound guard) to attach it to an
 * e-mail. A missing file (4xx) is permanent; a server or network failure is retried; an address the
 * guard refuses is permanent; a file over the limit is refused, and never read past the limit.
 */
import { ProviderError } from '../provider.js';
import { isRetryableStatus, outboundRefusal } from '../support/http.js';

export interface Attachment {
  content: Buffer;
  contentType?: string;
}

export async function fetchAttachment(
  url: string,
  options: { fetch: typeof fetch; signal?: AbortSignal; timeoutMs: number; maxAttachmentBytes: number },
): Promise<Attachment> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let content: Buffer;
  try {
    response = await options.fetch(url, { signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(
        'MEDIA_UNAVAILABLE',
        `media answered HTTP ${response.status}`,
        isRetryableStatus(response.status),
        response.status,
      );
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > options.maxAttachmentBytes) throw tooLarge(options.maxAttachmentBytes);
    content = await readCapped(response, options.maxAttachmentBytes);
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    const blocked = outboundRefusal(err);
    if (blocked) throw new ProviderError('MEDIA_BLOCKED', `media URL refused: ${blocked}`, false);
    if (timeout.aborted) throw new ProviderError('PROVIDER_TIMEOUT', `media not fetched within ${options.timeoutMs} ms`, true);
    throw new ProviderError('MEDIA_UNREACHABLE', `media fetch failed: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  return { content, contentType: response.headers.get('content-type')?.split(';')[0] || undefined };
}

/** The body, refused as soon as it passes `limit` bytes (a server may send more than it declared, or not declare). */
async function readCapped(response: Response, limit: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > limit) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number): ProviderError {
  return new ProviderError('ATTACHMENT_TOO_LARGE', `media is larger than ${limit} bytes`, false);
}
