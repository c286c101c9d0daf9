/**
 * Reads the IMAP mailbox of every active e-mail channel with `config.imap` (DESIGN.md §9 "E-mail"),
 * in the processes that run the job worker. One process at a time holds a mailbox: a lease on its
 * `imap_mailboxes` row (`lease_owner` until `lease_expires_at`, renewed while reading, taken over
 * once expired), as event sinks do (event-sinks/sink-runner.ts).
 *
 * Reading: the mail after `last_uid`, oldest first, each taken in by EmailInbox.take, which moves
 * `last_uid` in the transaction that stores it. Then the runner waits for the server's IDLE notice
 * of new mail (imapflow idles on its own between commands), or `config.imap.pollMs`, or a third of
 * the lease (to renew it), whichever comes first, and reads again. A changed UIDVALIDITY (the
 * mailbox was renumbered) reads the mailbox again from its start: Message-IDs already stored are
 * not stored twice. Failures (connection, login) are kept on the row and retried with backoff.
 */
import type { ImapFlow } from 'imapflow';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { DB, ImapMailboxesTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import { isSandbox } from '../../channels/registry.js';
import { EmailInbox, LeaseLostError, type HeldMailbox } from './email-inbox.service.js';
import { imapConfigOf, type ImapConfig } from './imap-config.js';
import { parseMail } from './inbound-mail.js';
import { leasedTo, leaseTakeable } from '../../db/row-lease.js';
import { LeasedRows, reconnectDelayMs } from '../../jobs/leased-rows.js';

export interface ImapRunnerOptions {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  inbox: EmailInbox;
  /** How long a mailbox stays this process's without renewal (JOB_LEASE_MS). */
  leaseMs: number;
  /** Mails taken per read before the lease is looked at again. */
  batchSize?: number;
}

interface MailboxChannel {
  id: string;
  organizationId: string;
  config: Record<string, unknown>;
  held: HeldMailbox;
}

export class ImapRunner {
  private readonly rows: LeasedRows<MailboxChannel>;

  constructor(private readonly options: ImapRunnerOptions) {
    this.rows = new LeasedRows({
      name: 'imap',
      table: 'imap_mailboxes',
      db: options.db,
      logger: options.logger,
      clock: options.clock,
      leaseMs: options.leaseMs,
      candidates: () => this.mailboxes(),
      lease: async (channel) => (await this.lease(channel)) !== undefined,
      work: (channel) => this.read(channel),
    });
  }

  start(): void {
    this.rows.start();
  }

  /** Stops reading, waits for the mail being taken in, and hands the mailboxes back at once. */
  stop(): Promise<void> {
    return this.rows.stop();
  }

  /** The active e-mail channels with a mailbox to read (sandbox channels have none). */
  private async mailboxes(): Promise<MailboxChannel[]> {
    const rows = await this.options.db
      .selectFrom('channels as c')
      .innerJoin('organizations as o', 'o.id', 'c.organization_id')
      .select(['c.id', 'c.organization_id', 'c.config', 'c.settings', 'o.settings as org_settings'])
      .where('c.kind', '=', 'email')
      .where('c.active', '=', 1)
      .execute();
    return rows.flatMap((row) => {
      const config = fromJson<Record<string, unknown>>(row.config, {});
      if (config.imap === undefined || isSandbox(config)) return [];
      return [
        {
          id: row.id,
          organizationId: row.organization_id,
          config,
          held: {
            organizationId: row.organization_id,
            owner: this.rows.owner,
            channel: {
              id: row.id,
              kind: 'email' as const,
              sandbox: false,
              defaultCountry: fromJson<{ defaultCountry?: string }>(row.org_settings, {}).defaultCountry ?? 'BR',
              defaultStageId: fromJson<{ defaultStageId?: string | null }>(row.settings, {}).defaultStageId ?? null,
            },
          },
        },
      ];
    });
  }

  /** Takes or renews the mailbox's lease (creating its row the first time); the row when it is ours. */
  private async lease(channel: MailboxChannel): Promise<Selectable<ImapMailboxesTable> | undefined> {
    const now = this.options.clock.now();
    const { db, leaseMs } = this.options;
    await db
      .insertInto('imap_mailboxes')
      .values({
        channel_id: channel.id,
        organization_id: channel.organizationId,
        mailbox: String((channel.config.imap as { mailbox?: unknown })?.mailbox ?? 'INBOX'),
        uid_validity: null,
        lease_owner: null,
        lease_expires_at: null,
        last_error: null,
        last_error_at: null,
        updated_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('channel_id').doNothing())
      .execute();
    return db
      .updateTable('imap_mailboxes')
      .set(leasedTo(this.rows.owner, now, leaseMs))
      .where('channel_id', '=', channel.id)
      .where(leaseTakeable(this.rows.owner, now))
      .returningAll()
      .executeTakeFirst();
  }

  private async read(channel: MailboxChannel): Promise<void> {
    let client: ImapFlow | undefined;
    let uidValidity = '';
    let failures = 0;
    try {
      while (!this.rows.stopping) {
        const row = await this.lease(channel);
        if (!row) return; // taken over
        try {
          const config = imapConfigOf(channel.config)!;
          if (!client) {
            client = await connect(config, this.options.logger);
            uidValidity = String((await client.mailboxOpen(config.mailbox, { readOnly: true })).uidValidity);
          }
          const newMail = waitForNewMail(client);
          let lastUid = Number(row.last_uid);
          if (row.uid_validity !== uidValidity) {
            lastUid = 0; // renumbered (or first read): from the start; stored Message-IDs are not stored again
            await this.restart(channel.id, uidValidity);
          }
          const taken = await this.readAfter(client, channel, lastUid, uidValidity);
          failures = 0;
          if (taken < (this.options.batchSize ?? 50)) await this.wait(newMail.promise, Math.min(config.pollMs, this.options.leaseMs / 3));
          newMail.cancel();
        } catch (err) {
          if (err instanceof LeaseLostError) return;
          failures++;
          this.options.logger.warn({ err, channelId: channel.id, failures }, 'imap: reading the mailbox failed; retrying');
          await this.recordFailure(channel.id, err);
          await client?.logout().catch(() => undefined);
          client?.close();
          client = undefined;
          uidValidity = '';
          await this.rows.sleep(reconnectDelayMs(failures));
        }
      }
    } finally {
      await client?.logout().catch(() => undefined);
      client?.close();
    }
  }

  /** Takes in the mail after `lastUid`, oldest first, at most a batch; answers how many. */
  private async readAfter(client: ImapFlow, channel: MailboxChannel, lastUid: number, uidValidity: string): Promise<number> {
    const batch = this.options.batchSize ?? 50;
    const found: { uid: number; source: Buffer }[] = [];
    // `N:*` also answers the last mail when N is past it (RFC 3501 §6.4.8): hence the filter.
    for await (const message of client.fetch(`${lastUid + 1}:*`, { uid: true, source: true }, { uid: true })) {
      if (message.uid > lastUid && message.source && found.length < batch) found.push({ uid: message.uid, source: message.source });
    }
    found.sort((a, b) => a.uid - b.uid);
    for (const { uid, source } of found) {
      if (this.rows.stopping) break;
      const mail = await parseMail(source, `<imap.${uidValidity}.${uid}.${channel.id}@conversa.invalid>`);
      await this.options.inbox.take(channel.held, uid, mail);
    }
    return found.length;
  }

  private async restart(channelId: string, uidValidity: string): Promise<void> {
    const moved = await this.options.db
      .updateTable('imap_mailboxes')
      .set({ uid_validity: uidValidity, last_uid: 0, updated_at: this.options.clock.now().toISOString() })
      .where('channel_id', '=', channelId)
      .where('lease_owner', '=', this.rows.owner)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw new LeaseLostError(channelId);
  }

  private async recordFailure(channelId: string, err: unknown): Promise<void> {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await this.options.db
      .updateTable('imap_mailboxes')
      .set({ last_error: message, last_error_at: this.options.clock.now().toISOString() })
      .where('channel_id', '=', channelId)
      .where('lease_owner', '=', this.rows.owner)
      .execute()
      .catch((dbErr: unknown) => this.options.logger.warn({ err: dbErr, channelId }, 'imap: recording a failure failed'));
  }

  private async wait(signal: Promise<void>, ms: number): Promise<void> {
    await Promise.race([signal, this.rows.sleep(ms)]);
  }
}

async function connect(config: ImapConfig, logger: Logger): Promise<ImapFlow> {
  // Loaded by the first mailbox read: most processes read none, and the IMAP client with its
  // character sets is a large part of the code a process would otherwise load at start.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: { user: config.user, pass: config.password },
    logger: false,
  });
  client.on('error', (err: unknown) => logger.warn({ err }, 'imap: connection error'));
  await client.connect();
  return client;
}

/** Resolves on the server's notice of new mail in the open mailbox (IMAP IDLE's EXISTS). */
function waitForNewMail(client: ImapFlow): { promise: Promise<void>; cancel: () => void } {
  let listener: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    listener = () => resolve();
    client.on('exists', listener);
  });
  return { promise, cancel: () => client.off('exists', listener) };
}
