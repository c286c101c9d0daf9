/**
 * Fetching a message's media (through deps.fetch) to attach it to an e-mail. A missing file (4xx)
 * is permanent; a server or network failure is retried; a file over the limit is refused.
 */
import { ProviderError } from '../provider.js';
import { isRetryableStatus } from '../support/http.js';

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
  let bytes: ArrayBuffer;
  try {
    response = await options.fetch(url, { signal });
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > options.maxAttachmentBytes) throw tooLarge(options.maxAttachmentBytes);
    bytes = await response.arrayBuffer();
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    if (timeout.aborted) throw new ProviderError('PROVIDER_TIMEOUT', `media not fetched within ${options.timeoutMs} ms`, true);
    throw new ProviderError('MEDIA_UNREACHABLE', `media fetch failed: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  if (!response.ok) {
    throw new ProviderError(
      'MEDIA_UNAVAILABLE',
      `media answered HTTP ${response.status}`,
      isRetryableStatus(response.status),
      response.status,
    );
  }
  if (bytes.byteLength > options.maxAttachmentBytes) throw tooLarge(options.maxAttachmentBytes);
  return { content: Buffer.from(bytes), contentType: response.headers.get('content-type')?.split(';')[0] || undefined };
}

function tooLarge(limit: number): ProviderError {
  return new ProviderError('ATTACHMENT_TOO_LARGE', `media is larger than ${limit} bytes`, false);
}
