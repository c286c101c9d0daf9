/**
 * Signed, expiring links to a file's bytes, for providers (WhatsApp, e-mail…) that fetch media by
 * URL and carry no API key: `<PUBLIC_URL>/files/<fileId>/content?expires=<unix s>&signature=<hex>`,
 * the signature an HMAC-SHA256 of `<fileId>.<expires>`. The key is the deployment's secret
 * (lib/server-secret.ts: FILES_SIGNING_SECRET, or one generated once in `<FILES_DIR>/.signing-secret`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerSecret } from '../../lib/server-secret.js';

export interface FileLinkOptions {
  publicUrl: string;
  ttlSeconds: number;
  secret: ServerSecret;
}

export class FileLinks {
  constructor(private readonly options: FileLinkOptions) {}

  private signature(fileId: string, expires: number): string {
    return createHmac('sha256', this.options.secret.value()).update(`${fileId}.${expires}`).digest('hex');
  }

  /** The link a provider fetches, valid for FILE_URL_TTL_SECONDS from `now`. */
  sign(fileId: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.options.ttlSeconds;
    return `${this.options.publicUrl}/files/${fileId}/content?expires=${expires}&signature=${this.signature(fileId, expires)}`;
  }

  /** Whether a link's `expires` and `signature` are ours and not past. */
  verify(fileId: string, expires: string | undefined, signature: string | undefined, now: Date): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
    if (Number(expires) * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.signature(fileId, Number(expires)), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }
}
