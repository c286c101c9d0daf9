/**
 * The open event streams of this process, by organization, and the one loop per organization that
 * reads the log for them. Each stream keeps its own cursor; when the organization's events change
 * (a wake-up, event-log/event-wakeups.ts), the streams that need it are grouped by cursor and each
 * group costs one read: the live streams all sit at the log's end, so they share one read per
 * wake-up, while a stream replaying from an older Last-Event-ID pages on with its own reads until it
 * joins them. Wake-ups that arrive during a read make the loop read again, so none is lost; every
 * read starts from the stream's cursor, so nothing is sent twice.
 *
 * On PostgreSQL a read may find committed events that wait for an older transaction to end
 * (events.service.ts); no notification comes when a transaction without events ends, so the loop
 * looks again after 2 ms, then 4, 8, … up to `pollMs`.
 */
import type { Logger } from 'pino';
import type { EventStreamConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import type { EventWakeups, WakeTarget } from '../../event-log/event-wakeups.js';
import type { EventsService } from './events.service.js';
import { EventStream, type EventStreamOptions } from './event-stream.js';

/** Events per read: a replaying stream takes the log in pages of this many. */
const PAGE_SIZE = 100;
const FIRST_RETRY_MS = 2;
/** The SSE `retry` given to clients: how long EventSource waits before reconnecting. */
const RECONNECT_DELAY_MS = 1000;

interface OrganizationStreams {
  id: string;
  streams: Set<EventStream>;
  /** Streams counted against the limits, including those still being opened. */
  reserved: number;
  reading: boolean;
  again: boolean;
  retry: NodeJS.Timeout | undefined;
  retryDelayMs: number;
}

export interface OpenStream {
  organizationId: string;
  /** The API key or console session opening it (Principal.credentialId): each has its own cap. */
  credentialId: string;
  /** Resume after this cursor (validated by the route); absent: start at the log's current end. */
  lastEventId: string | undefined;
  bufferedInResponse: EventStreamOptions['bufferedInResponse'];
  stillAuthorized: EventStreamOptions['stillAuthorized'];
}

export class EventStreams {
  private readonly organizations = new Map<string, OrganizationStreams>();
  /** Streams per credential, including those still being opened (absent: none). */
  private readonly perCredential = new Map<string, number>();
  private total = 0;
  private unsubscribe: (() => void) | undefined;
  private closed = false;

  constructor(private readonly deps: { feed: EventsService; wakeups: EventWakeups; config: EventStreamConfig; logger: Logger }) {}

  /** Streams open in this process (metrics). */
  get openCount(): number {
    return this.total;
  }

  /** Bytes held for clients that have not taken them yet, over every stream. */
  get bufferedBytes(): number {
    let bytes = 0;
    for (const organization of this.organizations.values()) for (const stream of organization.streams) bytes += stream.bufferedBytes;
    return bytes;
  }

  /** A new stream: its `ready` event is queued, then everything after its cursor follows, live. */
  async open(input: OpenStream): Promise<EventStream> {
    const { config } = this.deps;
    if (this.closed) throw new AppError('NOT_READY', 'The service is shutting down; connect again');
    const organization = this.organization(input.organizationId);
    if (this.total >= config.maxOpen || organization.reserved >= config.maxPerOrganization) {
      this.forget(organization);
      throw new AppError('RATE_LIMITED', 'Too many event streams are open; close one or try again later');
    }
    // One credential must not take every place of its organization (docs/security.md).
    const ofCredential = this.perCredential.get(input.credentialId) ?? 0;
    if (ofCredential >= config.maxPerCredential) {
      this.forget(organization);
      throw new AppError(
        'RATE_LIMITED',
        `This API key or session already has ${config.maxPerCredential} event streams open (EVENT_STREAM_MAX_PER_CREDENTIAL); close one`,
      );
    }
    this.perCredential.set(input.credentialId, ofCredential + 1);
    organization.reserved++;
    this.total++;
    let cursor: string;
    let unwatch: (() => void) | undefined;
    try {
      this.unsubscribe ??= this.deps.wakeups.subscribe((target) => this.wake(target));
      // Registered and listening before reading the starting point: every commit after that read is heard.
      unwatch = await this.deps.wakeups.watch(input.organizationId);
      await this.deps.wakeups.ready();
      // A client's cursor is checked (400 when it is not this organization's) and handed back sealed.
      const { feed } = this.deps;
      cursor =
        input.lastEventId === undefined
          ? await feed.head(input.organizationId)
          : feed.sealed(input.organizationId, feed.cursorOf(input.organizationId, input.lastEventId, 'Last-Event-ID'));
    } catch (err) {
      unwatch?.();
      this.release(organization, input.credentialId);
      throw err;
    }
    const stream = new EventStream({
      cursor,
      keepAliveMs: config.keepAliveMs,
      maxBufferedBytes: config.maxBufferedBytes,
      reconnectDelayMs: RECONNECT_DELAY_MS,
      bufferedInResponse: input.bufferedInResponse,
      stillAuthorized: input.stillAuthorized,
    });
    organization.streams.add(stream);
    stream.onClose = () => {
      organization.streams.delete(stream);
      unwatch();
      this.release(organization, input.credentialId);
    };
    stream.onResume = () => {
      stream.wantsRead = true;
      void this.drain(organization);
    };
    void this.drain(organization);
    return stream;
  }

  /** Ends every stream (shutdown): clients reconnect, to another process, with their Last-Event-ID. */
  closeAll(): void {
    this.closed = true;
    this.unsubscribe?.();
    for (const organization of [...this.organizations.values()]) {
      for (const stream of [...organization.streams]) stream.finish();
    }
  }

  private wake(target: WakeTarget): void {
    const organizations = target === 'all' ? [...this.organizations.values()] : target.flatMap((id) => this.organizations.get(id) ?? []);
    for (const organization of organizations) {
      for (const stream of organization.streams) stream.wantsRead = true;
      void this.drain(organization);
    }
  }

  private async drain(organization: OrganizationStreams): Promise<void> {
    if (organization.reading) {
      organization.again = true;
      return;
    }
    organization.reading = true;
    try {
      do {
        organization.again = false;
        // A wake-up during the reads below sets wantsRead again (and `again`), so it is not lost.
        const byCursor = new Map<string, EventStream[]>();
        for (const stream of organization.streams) {
          if (!stream.wantsRead || stream.waiting) continue;
          stream.wantsRead = false;
          byCursor.set(stream.cursor, [...(byCursor.get(stream.cursor) ?? []), stream]);
        }
        for (const [cursor, streams] of byCursor) {
          const read = await this.deps.feed.readAfter(
            organization.id,
            this.deps.feed.cursorOf(organization.id, cursor, 'cursor'),
            PAGE_SIZE,
          );
          for (const stream of streams) {
            // A stream that took only part (its buffer bound) reads the rest once its client has made room.
            if (stream.deliver(read.events) < read.events.length || read.full) stream.wantsRead = true;
          }
          if (read.full) organization.again = true;
          if (read.heldBack) this.lookAgainSoon(organization);
          else organization.retryDelayMs = FIRST_RETRY_MS;
        }
      } while (organization.again && organization.streams.size > 0);
    } catch (err) {
      this.deps.logger.warn({ err, organizationId: organization.id }, 'reading events for streams failed; trying again shortly');
      for (const stream of organization.streams) stream.wantsRead = true;
      organization.retryDelayMs = this.deps.config.pollMs;
      this.lookAgainSoon(organization);
    } finally {
      organization.reading = false;
    }
  }

  private lookAgainSoon(organization: OrganizationStreams): void {
    if (organization.retry) return;
    const delay = organization.retryDelayMs;
    organization.retryDelayMs = Math.min(delay * 2, this.deps.config.pollMs);
    organization.retry = setTimeout(() => {
      organization.retry = undefined;
      this.wake([organization.id]);
    }, delay);
    organization.retry.unref();
  }

  private organization(id: string): OrganizationStreams {
    let organization = this.organizations.get(id);
    if (!organization) {
      organization = { id, streams: new Set(), reserved: 0, reading: false, again: false, retry: undefined, retryDelayMs: FIRST_RETRY_MS };
      this.organizations.set(id, organization);
    }
    return organization;
  }

  private release(organization: OrganizationStreams, credentialId: string): void {
    const ofCredential = (this.perCredential.get(credentialId) ?? 1) - 1;
    if (ofCredential > 0) this.perCredential.set(credentialId, ofCredential);
    else this.perCredential.delete(credentialId);
    organization.reserved--;
    this.total--;
    this.forget(organization);
  }

  /** An organization without streams is dropped, with its timer. */
  private forget(organization: OrganizationStreams): void {
    if (organization.reserved > 0) return;
    clearTimeout(organization.retry);
    this.organizations.delete(organization.id);
  }
}
