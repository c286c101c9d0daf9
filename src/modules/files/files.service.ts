/**
 * Files of an organization (DESIGN.md §6 "Files"): uploaded (multipart) or fetched from a URL
 * through the outbound guard, their MIME type sniffed from the bytes (the client's is never
 * trusted), kept in a FileStore, described by a `files` row, and reachable by providers through a
 * signed link (file-links.ts). Another organization's file is answered as one that does not exist.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB, FilesTable } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError } from '../../errors.js';
import { blockedCause, OutboundBlockedError, readBoundedBody, ResponseTooLargeError } from '../../http/outbound.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { FileLinks } from './file-links.js';
import type { FileStore } from './file-store.js';
import type { FileRecord } from './files.schemas.js';

export interface FilesDeps {
  db: Kysely<DB>;
  clock: Clock;
  store: FileStore;
  links: FileLinks;
  /** The outbound guard's fetch (http/outbound.ts): private addresses refused unless WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
  fetchUrl: typeof fetch;
  maxBytes: number;
  fetchTimeoutMs: number;
}

export type FileRow = Selectable<FilesTable>;

export function toFileRecord(row: FileRow): FileRecord {
  return { id: row.id, name: row.name, mimeType: row.mime_type, size: row.size_bytes, sha256: row.sha256, createdAt: row.created_at };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The type the bytes say they are; readable UTF-8 without NUL is text, anything else unknown bytes. */
export async function sniffMimeType(bytes: Buffer): Promise<string> {
  // Loaded with the first upload: most processes never sniff a file.
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed) return sniffed.mime;
  if (bytes.length > 0 && !bytes.includes(0)) {
    try {
      utf8.decode(bytes.subarray(0, 64 * 1024));
      return 'text/plain';
    } catch {
      // not text
    }
  }
  return 'application/octet-stream';
}

/** A file name safe to store and show: no path, no control characters, at most 255 characters. */
export function cleanFileName(raw: string | undefined, fallback = 'file'): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const name = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (name || fallback).slice(0, 255);
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes (FILE_MAX_BYTES)`);
}

function nameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      return undefined;
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

export class FilesService {
  constructor(private readonly deps: FilesDeps) {}

  get maxBytes(): number {
    return this.deps.maxBytes;
  }

  /** Stores uploaded bytes as a file of the organization. */
  async create(organizationId: string, input: { name: string | undefined; bytes: Buffer }): Promise<FileRecord> {
    if (input.bytes.length > this.deps.maxBytes) throw tooLarge(this.deps.maxBytes);
    if (input.bytes.length === 0) throw validationError([{ field: 'file', message: 'must not be empty' }]);
    const id = newId();
    const row: FileRow = {
      id,
      organization_id: organizationId,
      name: cleanFileName(input.name),
      mime_type: await sniffMimeType(input.bytes),
      size_bytes: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      storage_key: `${organizationId}/${id}`,
      created_at: this.deps.clock.now().toISOString(),
    };
    // Bytes first: a row always has its bytes (a crash between the two leaves an orphan file, never a broken row).
    await this.deps.store.put(row.storage_key, input.bytes);
    await this.deps.db.insertInto('files').values(row).execute();
    return toFileRecord(row);
  }

  /** Fetches `url` through the outbound guard (size and time limited) and stores it. */
  async createFromUrl(organizationId: string, url: string, name?: string): Promise<FileRecord> {
    const fetched = await this.download(url);
    return this.create(organizationId, { name: name ?? fetched.name, bytes: fetched.bytes });
  }

  private async download(url: string): Promise<{ bytes: Buffer; name: string | undefined }> {
    const { maxBytes } = this.deps;
    let response: Response;
    try {
      response = await this.deps.fetchUrl(url, { signal: AbortSignal.timeout(this.deps.fetchTimeoutMs) });
    } catch (err) {
      const blocked = err instanceof OutboundBlockedError ? err : blockedCause(err);
      if (blocked) throw validationError([{ field: 'url', message: blocked.message }]);
      const timeout = (err as { name?: string })?.name === 'TimeoutError';
      throw new AppError('FILE_FETCH_FAILED', timeout ? 'The URL did not answer in time' : 'The URL could not be fetched');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AppError('FILE_FETCH_FAILED', `The URL answered HTTP ${response.status}`);
    }
    let bytes: Buffer;
    try {
      bytes = await readBoundedBody(response, maxBytes);
    } catch (err) {
      if (err instanceof ResponseTooLargeError) throw tooLarge(maxBytes);
      throw new AppError('FILE_FETCH_FAILED', 'The URL could not be read to the end');
    }
    const fromPath = decodeURIComponent(new URL(response.url || url).pathname.split('/').pop() ?? '') || undefined;
    return { bytes, name: nameFromDisposition(response.headers.get('content-disposition')) ?? fromPath };
  }

  async get(organizationId: string, fileId: string): Promise<FileRecord> {
    return toFileRecord(await this.row(organizationId, fileId));
  }

  /** The organization's files among `ids` (for attachments); missing ones are simply absent. */
  async findMany(organizationId: string, ids: string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return tenantQueries(this.deps.db, organizationId).selectFrom('files').selectAll().where('id', 'in', ids).execute();
  }

  async content(organizationId: string, fileId: string): Promise<{ file: FileRow; bytes: Buffer }> {
    const file = await this.row(organizationId, fileId);
    return { file, bytes: await this.deps.store.read(file.storage_key) };
  }

  /** A signed link's bytes: no API key, so the signature is the only check (then the file by id alone). */
  async signedContent(fileId: string, expires?: string, signature?: string): Promise<{ file: FileRow; bytes: Buffer }> {
    if (!this.deps.links.verify(fileId, expires, signature, this.deps.clock.now())) {
      throw new AppError('FORBIDDEN', 'The link is invalid or has expired');
    }
    // The signature names this file id, which our server issued for its organization.
    const file = await this.deps.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
    if (!file) throw new AppError('FILE_NOT_FOUND', 'File not found');
    return { file, bytes: await this.deps.store.read(file.storage_key) };
  }

  /** The `files.remove` job: the bytes of files whose rows a committed transaction deleted (file-removal.ts); a missing one is fine. */
  async removeStored(storageKeys: string[]): Promise<void> {
    for (const key of storageKeys) await this.deps.store.remove(key);
  }

  /** The link a provider fetches the file from. */
  signedUrl(fileId: string): string {
    return this.deps.links.sign(fileId, this.deps.clock.now());
  }

  private async row(organizationId: string, fileId: string): Promise<FileRow> {
    const file = await tenantQueries(this.deps.db, organizationId)
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) throw new AppError('FILE_NOT_FOUND', 'File not found');
    return file;
  }
}
