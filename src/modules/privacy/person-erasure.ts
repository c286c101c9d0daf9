/**
 * The erasure of one person (LGPD; DESIGN.md §14; docs/security.md), in one transaction:
 *
 * 1. every event whose payload names the person, one of their chats or one of their messages is
 *    deleted, with its webhook deliveries and their attempts (the bodies the receivers answered);
 * 2. raw provider callbacks whose body holds one of the person's contacts (6 characters or more) or
 *    the provider id of one of their messages are deleted;
 * 3. idempotency answers that name the person, a chat or a message, and jobs that name one of them
 *    or hold one of the contacts or provider ids above, are deleted;
 * 4. the files only this person's messages carried lose their rows (a file also sent to someone
 *    else stays: it is not this person's alone), and a `files.remove` job is enqueued with their
 *    storage keys, so the bytes go after the commit, durably and idempotently (no file I/O inside
 *    the transaction);
 * 5. the customer row goes, and with it, by cascade, contacts, tag links, notes, field values,
 *    stage history, chats, messages, message sequences and flow runs;
 * 6. the audit log's rows about the person, their chats, messages or files keep who did what, but
 *    lose their changed values (`changes` cleared);
 * 7. a `customer.erased` event records the erasure with the customer id only; the audit trail adds
 *    the `customer.erased` row (actor, address, the id) once the erasure answered.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import type { Clock } from '../../lib/clock.js';
import type { EventLog } from '../../event-log/event-log.js';
import { deleteFilesIn } from '../files/index.js';
import { orgContext } from '../shared/index.js';
import { chunks, containsPattern, fileIdOf, personRows, requirePerson } from './person-data.js';

export interface ErasureResult {
  customerId: string;
  chats: number;
  messages: number;
  files: number;
  events: number;
}

export interface PersonErasureDeps {
  db: Kysely<DB>;
  clock: Clock;
  events: EventLog;
  queue: AppJobQueue;
}

/** Contacts shorter than this are not searched for in raw callbacks: they would match strangers' too. */
const MIN_NEEDLE = 6;

/** `column` contains any of `values` (LIKE, wildcards escaped), as text on both dialects. */
function containsAny(column: string, values: string[]) {
  return sql<boolean>`(${sql.join(
    values.map((v) => sql`cast(${sql.ref(column)} as text) like ${containsPattern(v)} escape '\\'`),
    sql` or `,
  )})`;
}

async function deleteEvents(trx: Executor, organizationId: string, subjects: string[]): Promise<number> {
  let deleted = 0;
  for (const part of chunks(subjects)) {
    const events = await trx
      .selectFrom('events')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where(containsAny('payload', part))
      .execute();
    for (const ids of chunks(events.map((e) => e.id))) {
      const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('event_id', 'in', ids);
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
      await trx.deleteFrom('webhook_deliveries').where('event_id', 'in', ids).execute();
      deleted += Number((await trx.deleteFrom('events').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
    }
  }
  return deleted;
}

export async function erasePerson(deps: PersonErasureDeps, organizationId: string, customerId: string): Promise<ErasureResult> {
  return deps.db.transaction().execute(async (trx) => {
    const ctx = orgContext(deps, trx, organizationId);
    const { q } = ctx;
    await requirePerson(q, customerId);
    const { chats, messages, fileIds } = await personRows(q, customerId);
    const chatIds = chats.map((c) => c.id);
    const subjects = [customerId, ...chatIds, ...messages.map((m) => m.id)];
    const contacts = await q.selectFrom('customer_contacts').select(['value', 'match_key']).where('customer_id', '=', customerId).execute();
    const customer = await q.selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirstOrThrow();
    const needles = [
      ...new Set(
        [
          ...contacts.flatMap((c) => [c.value, c.match_key]),
          ...chats.map((c) => c.contact),
          customer.email ?? '',
          ...messages.flatMap((m) => [m.provider_message_id ?? '', m.recipient]),
        ]
          .map((v) => v.replace(/^\+/, ''))
          .filter((v) => v.length >= MIN_NEEDLE),
      ),
    ];

    const events = await deleteEvents(trx, organizationId, subjects);
    for (const part of chunks(needles)) {
      await trx.deleteFrom('provider_callbacks').where('organization_id', '=', organizationId).where(containsAny('body', part)).execute();
      await trx.deleteFrom('jobs').where('organization_id', '=', organizationId).where(containsAny('payload', part)).execute();
    }
    // What the sending rules keep of a recipient (the governor's pacing and caps, e-mail opt-out
    // signals) is keyed by the contact itself.
    for (const part of chunks([...needles, ...needles.map((n) => `+${n}`)])) {
      await q.deleteFrom('governor_recipients').where('recipient', 'in', part).execute();
      await q.deleteFrom('governor_business_initiated').where('recipient', 'in', part).execute();
      await q.deleteFrom('email_opt_out_signals').where('address', 'in', part).execute();
    }
    // A campaign's CSV audience names the customer by id (no foreign key: a deleted customer is left out at start).
    await q.deleteFrom('campaign_csv_customers').where('customer_id', '=', customerId).execute();
    for (const part of chunks(subjects)) {
      await trx
        .deleteFrom('idempotency_keys')
        .where((eb) => eb.or([eb('organization_id', '=', organizationId), eb('organization_id', 'is', null)]))
        .where(containsAny('response_body', part))
        .execute();
      await trx.deleteFrom('jobs').where('organization_id', '=', organizationId).where(containsAny('payload', part)).execute();
    }

    // Files another person's message also carried stay (they are not this person's alone).
    const ownFiles: string[] = [];
    for (const fileId of fileIds) {
      const elsewhere = await q
        .selectFrom('messages')
        .select(['id', 'content'])
        .where('chat_id', 'not in', chatIds)
        .where(containsAny('content', [fileId]))
        .execute();
      if (!elsewhere.some((m) => fileIdOf(m.content) === fileId)) ownFiles.push(fileId);
    }
    await q.deleteFrom('customers').where('id', '=', customerId).execute();
    const files = await deleteFilesIn(trx, deps.queue, organizationId, ownFiles);
    // The audit log keeps who did what to this person, but not what the values were (docs/security.md).
    for (const part of chunks([...subjects, ...ownFiles])) {
      await trx
        .updateTable('audit_log')
        .set({ changes: null })
        .where('organization_id', '=', organizationId)
        .where((eb) => eb.or([eb('resource_id', 'in', part), containsAny('related_ids', part)]))
        .execute();
    }
    await ctx.emit('customer.erased', { customer_id: customerId });
    return { customerId, chats: chats.length, messages: messages.length, files, events };
  });
}
