/**
 * Roles that mean something (DESIGN.md §12, src/access/permissions.ts): a member's role was free
 * text, "member" unless given, and nothing read it but the privacy routes. It is now one of
 * `owner`, `admin`, `supervisor`, `agent`: each organization's earliest member becomes its owner
 * (ties broken by profile id), the others keep a role that exists today (`owner`, `admin`) and
 * every other value ("member", or any free text) becomes `agent`, the least role.
 *
 * The rules are spelt out here, frozen: a migration must do tomorrow what it did today.
 */
import { sql, type Kysely } from 'kysely';

const ROLES = ['owner', 'admin', 'supervisor', 'agent'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update memberships set role = 'owner'
    where not exists (
      select 1 from memberships earlier
      where earlier.organization_id = memberships.organization_id
        and (earlier.created_at < memberships.created_at
          or (earlier.created_at = memberships.created_at and earlier.profile_id < memberships.profile_id))
    )`.execute(db);
  await sql`update memberships set role = 'agent' where role not in (${sql.join(ROLES)})`.execute(db);
}

/** Back to the free text of before: an agent or a supervisor is a "member" again (owners and admins stay). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update memberships set role = 'member' where role in ('agent', 'supervisor')`.execute(db);
}
