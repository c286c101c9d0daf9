/**
 * Inbound media into our files (DESIGN.md §9 "Media"): a customer's image, video, audio or
 * document is downloaded by a job (`messages.fetch_media`) from where the channel's adapter says
 * it is (`ChannelProvider.mediaSource`: the gateway's URL, or Meta's media id resolved through the
 * Graph API), within FILE_MAX_BYTES, stored as a file of the organization, and the message's
 * content then names it: `fileId`, and `url` our signed link in place of the vendor's (agents'
 * browsers never load a vendor's or a stranger's URL). Event `message.media_updated`.
 *
 * The download runs outside any transaction; only the content update (with the job's end) is one,
 * and it writes onto the content as it is then, so an edit that landed during the download stays.
 * A failed download is written to the content as `mediaError { code, message, at }` and retried with
 * the job's backoff while it can succeed (a server error, a timeout); a permanent one (404, too
 * large, an address the outbound guard refuses) ends the job with the error kept. A message erased
 * during its download (a person's erasure) takes the file just stored with it.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { providerFor } from '../../channels/registry.js';
import { ProviderError, type ProviderDeps } from '../../channels/provider.js';
import { isMediaType } from '../../channels/support/inbound-media.js';
import { isRetryableStatus, outboundRefusal } from '../../channels/support/http.js';
import type { DB } from '../../db/schema.js';
import type { EventLog } from '../../event-log/event-log.js';
import { readBoundedBody, ResponseTooLargeError } from '../../http/outbound.js';
import type { AppJobQueue, FetchMediaJobPayload } from '../../jobs/job-payloads.js';
import { type ClaimedJob, type JobContext, JobLeaseLost } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson, toJson } from '../../lib/json.js';
import { type CustomerWroteListener, type InboundNotice, orgContext, type OrgContext } from '../shared/index.js';
import { deleteFilesIn, type FilesService } from '../files/index.js';

export const FETCH_MEDIA_JOB = 'messages.fetch_media';
export const MESSAGE_MEDIA_UPDATED = 'message.media_updated';

export interface InboundMediaDeps {
  db: Kysely<DB>;
  clock: Clock;
  events: EventLog;
  queue: AppJobQueue;
  files: FilesService;
  providerDeps: ProviderDeps;
  logger: Logger;
  /** How long one download may take (FILE_FETCH_TIMEOUT_MS). */
  timeoutMs: number;
}

/** Why a download failed, and whether trying again can help. */
interface MediaFailure {
  code: string;
  message: string;
  retryable: boolean;
}

export class InboundMedia implements CustomerWroteListener {
  constructor(private readonly deps: InboundMediaDeps) {}

  /** In the transaction that stores a customer's message: a media message gets its download job. */
  async customerWrote(ctx: OrgContext, notice: InboundNotice): Promise<void> {
    const message = await ctx.q.selectFrom('messages').select('type').where('id', '=', notice.messageId).executeTakeFirst();
    if (!message || !isMediaType(message.type as never)) return;
    await this.deps.queue.enqueue(ctx.trx, {
      type: FETCH_MEDIA_JOB,
      organizationId: ctx.organizationId,
      payload: { messageId: notice.messageId },
    });
  }

  async runFetchJob(job: ClaimedJob<FetchMediaJobPayload>, context: JobContext): Promise<void> {
    const organizationId = job.organizationId!;
    const row = await this.deps.db
      .selectFrom('messages as m')
      .innerJoin('channels as c', 'c.id', 'm.channel_id')
      .select(['m.id', 'm.chat_id', 'm.type', 'm.content', 'c.kind', 'c.config'])
      .where('m.organization_id', '=', organizationId)
      .where('m.id', '=', job.payload.messageId)
      .executeTakeFirst();
    const content = row ? fromJson<Record<string, unknown>>(row.content, {}) : {};
    const provider = row && providerFor({ kind: row.kind, config: fromJson(row.config, {}) }, this.deps.providerDeps);
    const source = row && typeof content.fileId !== 'string' ? provider?.mediaSource?.(row.type as never, content) : undefined;
    if (!row || !provider || !source) {
      // Gone (erased), already fetched, or nothing this channel can fetch: nothing to do.
      await this.deps.db.transaction().execute((trx) => context.completeIn(trx));
      return;
    }
    let fileId: string;
    let failure: MediaFailure | undefined;
    try {
      const target = 'mediaId' in source ? await this.resolve(provider, source.mediaId, context.signal) : source;
      const bytes = await this.download(target, context.signal);
      fileId = (await this.deps.files.create(organizationId, { name: fileNameOf(content, row.type), bytes })).id;
    } catch (err) {
      failure = failureOf(err, this.deps.files.maxBytes);
      fileId = '';
    }
    // A retryable failure leaves the job to run again (its backoff) until its last try; anything else ends it.
    const final = !failure?.retryable || job.attempt >= job.maxAttempts;
    const erased = await this.writeOutcome(organizationId, row, fileId, failure, final, context).catch(async (err: unknown) => {
      // The content update did not commit (a lease lost to another worker): the file stored for it names nothing.
      // Its own failure is logged, not thrown: the update's error is the one the job retries on.
      if (fileId)
        await this.discard(organizationId, fileId).catch((discardErr: unknown) =>
          this.deps.logger.warn({ err: discardErr, fileId }, 'a downloaded file whose message update failed was not removed'),
        );
      throw err;
    });
    if (!erased && failure && !final) throw new Error(`${failure.code}: ${failure.message}`);
  }

  private async discard(organizationId: string, fileId: string): Promise<void> {
    await this.deps.db.transaction().execute((trx) => deleteFilesIn(trx, this.deps.queue, organizationId, [fileId]));
  }

  /** The download's outcome onto the message's content as it is now, with the job's end; true when the message is gone. */
  private async writeOutcome(
    organizationId: string,
    row: { id: string; chat_id: string },
    fileId: string,
    failure: MediaFailure | undefined,
    final: boolean,
    context: JobContext,
  ): Promise<boolean> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      // The content as it is now, not as it was before the download: an edit of the caption that
      // landed meanwhile stays (written over, it was lost). Locked on PostgreSQL; SQLite's
      // transaction holds the write lock from its start (db/connection.ts).
      const reread = ctx.q.selectFrom('messages').select('content').where('id', '=', row.id);
      const current = await (ctx.q.postgres ? reread.forUpdate() : reread).executeTakeFirst();
      if (!current) {
        // Erased during the download: the file just stored was this message's alone, and goes too.
        // The erasure deleted the jobs naming the message, this one with them: its row being gone is
        // no lost lease here (a worker that took it over finds the message gone too).
        if (fileId) await deleteFilesIn(trx, this.deps.queue, organizationId, [fileId]);
        await context.completeIn(trx).catch((err) => {
          if (!(err instanceof JobLeaseLost)) throw err;
        });
        return true;
      }
      const latest = fromJson<Record<string, unknown>>(current.content, {});
      const next = failure ? withError(latest, failure, ctx.now, final) : withFile(latest, fileId, this.deps.files.signedUrl(fileId));
      await ctx.q
        .updateTable('messages')
        .set({ content: toJson(next), updated_at: ctx.now })
        .where('id', '=', row.id)
        .execute();
      await ctx.emit(MESSAGE_MEDIA_UPDATED, {
        message_id: row.id,
        chat_id: row.chat_id,
        file_id: failure ? null : fileId,
        content: next,
        error: failure ? { code: failure.code, message: failure.message } : null,
      });
      if (final) await context.completeIn(trx);
      return false;
    });
  }

  private async resolve(
    provider: ReturnType<typeof providerFor>,
    mediaId: string,
    signal: AbortSignal,
  ): Promise<{ url: string; headers?: Record<string, string> }> {
    if (!provider.resolveMedia) throw new ProviderError('MEDIA_UNAVAILABLE', 'this channel cannot resolve media ids', false);
    return provider.resolveMedia(mediaId, { signal });
  }

  /** The bytes at `url`, through the outbound guard, never read past FILE_MAX_BYTES. */
  private async download(target: { url: string; headers?: Record<string, string> }, signal: AbortSignal): Promise<Buffer> {
    const timeout = AbortSignal.timeout(this.deps.timeoutMs);
    const response = await this.deps.providerDeps.fetchMedia(target.url, {
      headers: target.headers,
      signal: AbortSignal.any([signal, timeout]),
    });
    if (!response.ok) {
      await response.body?.cancel();
      const status = response.status;
      throw new ProviderError('MEDIA_UNAVAILABLE', `the media URL answered HTTP ${status}`, isRetryableStatus(status), status);
    }
    const bytes = await readBoundedBody(response, this.deps.files.maxBytes);
    if (bytes.length === 0) throw new ProviderError('MEDIA_UNAVAILABLE', 'the media URL answered no bytes', true);
    return bytes;
  }
}

/** The content naming our file: the vendor's URL replaced by our signed link, the CDN's encrypted one dropped. */
function withFile(content: Record<string, unknown>, fileId: string, url: string): Record<string, unknown> {
  const { mediaError: _error, encryptedUrl: _encrypted, ...rest } = content;
  return { ...rest, fileId, url };
}

/**
 * The content with the failure. The vendor's URL stays while a retry still needs it; once the
 * failure is final it is dropped, so nobody is tempted to show it.
 */
function withError(content: Record<string, unknown>, failure: MediaFailure, at: string, final: boolean): Record<string, unknown> {
  const { url, encryptedUrl, ...rest } = content;
  const kept = final ? {} : { url, encryptedUrl };
  return { ...rest, ...JSON.parse(JSON.stringify(kept)), mediaError: { code: failure.code, message: failure.message, at } };
}

function failureOf(err: unknown, maxBytes: number): MediaFailure {
  if (err instanceof ResponseTooLargeError)
    return { code: 'MEDIA_TOO_LARGE', message: `the media is larger than ${maxBytes} bytes (FILE_MAX_BYTES)`, retryable: false };
  if (err instanceof ProviderError) return { code: err.code, message: err.message, retryable: err.retryable };
  const refused = outboundRefusal(err);
  if (refused) return { code: 'MEDIA_BLOCKED', message: `the media URL was refused: ${refused}`, retryable: false };
  const timeout = (err as { name?: string })?.name === 'TimeoutError';
  const message = timeout ? 'the media URL did not answer in time' : `the media could not be fetched: ${(err as Error)?.message ?? err}`;
  return { code: 'MEDIA_UNREACHABLE', message, retryable: true };
}

/** The vendor's file name when it gave one, else the type (the file's MIME type is sniffed from its bytes). */
function fileNameOf(content: Record<string, unknown>, type: string): string {
  return typeof content.filename === 'string' && content.filename ? content.filename : type;
}
