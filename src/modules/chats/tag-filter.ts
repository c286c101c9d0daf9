/**
 * The chat list's tag filter (`tagId`: the chats of the tag's customers), written for the tag's
 * size, since no index holds chats by tag (tags belong to customers) and the two ways to read a
 * page cost opposite things:
 *
 * - `in`: the tag's customers, then their chats (chats_customer_idx), sorted by id. It reads the
 *   whole tag for every page: right for a tag of a few customers, 175 ms a page on SQLite and 630 ms
 *   on PostgreSQL for a tag of 50,000 customers among 1,000,000 (docs/capacity.md).
 * - `probe`: the chats newest first, each probed for the tag on the customer_tags primary key
 *   (organization_id, customer_id, tag_id) until the page is full. Its cost is the number of chats
 *   walked, about the page size × the organization's chats / the tag's: 20 probes a row for a tag
 *   of one customer in 20, but the whole chat list for a rare tag.
 *
 * The tag's size, counted up to BROAD_TAG on customer_tags_tag_idx (a bounded read of one index),
 * chooses: at BROAD_TAG customers the list of the tag costs about what walking 1,000,000 customers'
 * chats for it does (≈ 50 × 1,000,000 / 5,000 = 10,000 probes). A broad tag whose customers have no
 * recent chat still walks far; the planners cannot tell either (neither keeps chats by tag).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';

export type TagProbe = 'in' | 'probe';

export const BROAD_TAG = 5_000;

/** How to match the tag: `probe` for a tag of BROAD_TAG customers or more, else `in`. */
export async function tagProbeFor(db: Executor, organizationId: string, tagId: string): Promise<TagProbe> {
  const some = tenantQueries(db, organizationId)
    .selectFrom('customer_tags')
    .select(sql<number>`1`.as('one'))
    .where('tag_id', '=', tagId)
    .limit(BROAD_TAG);
  const row = await db
    .selectFrom(some.as('t'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) >= BROAD_TAG ? 'probe' : 'in';
}

/**
 * The condition "chat `c` is of a customer with the tag", read as `probe` says. The probe is a
 * scalar subquery rather than EXISTS: SQLite (3.53) turns an EXISTS into a join and, with
 * statistics, first builds a Bloom filter from the tag's entries, which reads the whole tag again.
 */
export function chatsOfTag(eb: ExpressionBuilder<DB & { c: DB['chats'] }, 'c'>, organizationId: string, tagId: string, probe: TagProbe) {
  const tagged = eb.selectFrom('customer_tags as ct').where('ct.organization_id', '=', organizationId).where('ct.tag_id', '=', tagId);
  return probe === 'in'
    ? eb('c.customer_id', 'in', tagged.select('ct.customer_id'))
    : eb(
        tagged
          .select(sql<number>`1`.as('one'))
          .whereRef('ct.customer_id', '=', 'c.customer_id')
          .limit(1),
        'is not',
        null,
      );
}
