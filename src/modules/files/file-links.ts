/**
 * Signed, expiring links to a file's bytes, for providers (WhatsApp, e-mail…) that fetch media by
 * URL and carry no API key: `<PUBLIC_URL>/files/<fileId>/content?expires=<unix s>&signature=<hex>`,
 * the signature an HMAC-SHA256 of `<fileId>.<expires>`. The key is FILES_SIGNING_SECRET, or, when
 * that is unset, a random secret generated once and kept in `<FILES_DIR>/.signing-secret` (0600):
 * every process that serves the files folder shares it, and it survives restarts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface FileLinkOptions {
  publicUrl: string;
  dir: string;
  ttlSeconds: number;
  secret: string | undefined;
}

/**
 * The signing key: FILES_SIGNING_SECRET, or the one kept in `<dir>/.signing-secret` (created on
 * first use). The dev inspector derives its token from it too (dev-inspector/inspector-access.ts).
 */
export function signingKey(options: { secret: string | undefined; dir: string }): string {
  return options.secret ?? storedSecret(options.dir);
}

function storedSecret(dir: string): string {
  const file = path.join(dir, '.signing-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dir, { recursive: true });
  try {
    // `wx`: when two processes start at once, one writes and both read the same secret.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export class FileLinks {
  private secret: string | undefined;

  constructor(private readonly options: FileLinkOptions) {
    this.secret = options.secret;
  }

  private key(): string {
    // Read (or created) on first use only: a service that never signs a link never touches the folder.
    this.secret ??= storedSecret(this.options.dir);
    return this.secret;
  }

  private signature(fileId: string, expires: number): string {
    return createHmac('sha256', this.key()).update(`${fileId}.${expires}`).digest('hex');
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
