/**
 * Migrations live in db/migrations as `NNNN-name.ts` and are listed here explicitly, so that the
 * set applied is the set reviewed (no directory scanning at run time).
 */
import { DEFAULT_MIGRATION_TABLE, Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-initial.js';
import * as m0003MessagingInboundDedupe from './migrations/0003-messaging-inbound-dedupe.js';
import * as m0004WebhooksDeliveryOrder from './migrations/0004-webhooks-delivery-order.js';
import * as m0004WebhooksEventsInsertedAt from './migrations/0004-webhooks-events-inserted-at.js';
import * as m0005AdminTemplatesUnique from './migrations/0005-admin-templates-unique.js';
import * as m0006MessagesSendDue from './migrations/0006-messages-send-due.js';
import * as m0007JobsNotifyTrigger from './migrations/0007-jobs-notify-trigger.js';
import * as m0008Conversations from './migrations/0008-conversations.js';
import * as m0009TagsNameCaseInsensitive from './migrations/0009-tags-name-case-insensitive.js';
import * as m0010RetentionIndexes from './migrations/0010-retention-indexes.js';
import * as m0011FlowRuns from './migrations/0011-flow-runs.js';
import * as m0012IdempotencyClaimToken from './migrations/0012-idempotency-claim-token.js';
import * as m0013ConsoleSessions from './migrations/0013-console-sessions.js';
import * as m0014EventOrderAndListeners from './migrations/0014-event-order-and-listeners.js';
import * as m0015MessagesUnreadIndex from './migrations/0015-messages-unread-index.js';
import * as m0016AccessChangesAndSendLimit from './migrations/0016-access-changes-and-send-limit.js';
import * as m0018EventPayloadsSnakeCase from './migrations/0018-event-payloads-snake-case.js';
import * as m0019JobPriority from './migrations/0019-job-priority.js';
import * as m0020FlowRunsRetentionIndex from './migrations/0020-flow-runs-retention-index.js';
import * as m0021ProviderCallbackTokens from './migrations/0021-provider-callback-tokens.js';
import * as m0022SignInThrottles from './migrations/0022-sign-in-throttles.js';
import * as m0023ReadScopes from './migrations/0023-read-scopes.js';
import * as m0024AuditLog from './migrations/0024-audit-log.js';
import * as m0025MessageNews from './migrations/0025-message-news.js';
import * as m0026ChannelHealthAndStatusExtras from './migrations/0026-channel-health-and-status-extras.js';
import * as m0030ScheduledMessages from './migrations/0030-scheduled-messages.js';
import * as m0031MemberRoles from './migrations/0031-member-roles.js';
import * as m0032EventSinks from './migrations/0032-event-sinks.js';
import * as m0033Governor from './migrations/0033-governor.js';
import * as m0034CampaignsAndOptOut from './migrations/0034-campaigns-and-opt-out.js';
import * as m0035ReportFacts from './migrations/0035-report-facts.js';
import * as m0037SearchIndex from './migrations/0037-search-index.js';
import * as m0038CannedResponsesAndChatNotes from './migrations/0038-canned-responses-and-chat-notes.js';
import * as m0039ChatsCustomerWroteIndex from './migrations/0039-chats-customer-wrote-index.js';
import * as m0040EmailInbox from './migrations/0040-email-inbox.js';
import * as m0041Sla from './migrations/0041-sla.js';
import * as m0043CampaignCsvAudience from './migrations/0043-campaign-csv-audience.js';
import * as m0044CustomerSearchByOrganization from './migrations/0044-customer-search-by-organization.js';
import * as m0045ChatsAssigneeIndex from './migrations/0045-chats-assignee-index.js';
import * as m0046ReportChatHours from './migrations/0046-report-chat-hours.js';
import * as m0047MessageSearchNewestFirst from './migrations/0047-message-search-newest-first.js';
import * as m0048MessageSearchByOrganization from './migrations/0048-message-search-by-organization.js';
import * as m0049OrganizationSettingsNotify from './migrations/0049-organization-settings-notify.js';
import * as m0050SendTargetNotify from './migrations/0050-send-target-notify.js';

const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0003-messaging-inbound-dedupe': m0003MessagingInboundDedupe,
  '0004-webhooks-delivery-order': m0004WebhooksDeliveryOrder,
  '0004-webhooks-events-inserted-at': m0004WebhooksEventsInsertedAt,
  '0005-admin-templates-unique': m0005AdminTemplatesUnique,
  '0006-messages-send-due': m0006MessagesSendDue,
  '0007-jobs-notify-trigger': m0007JobsNotifyTrigger,
  '0008-conversations': m0008Conversations,
  '0009-tags-name-case-insensitive': m0009TagsNameCaseInsensitive,
  '0010-retention-indexes': m0010RetentionIndexes,
  '0011-flow-runs': m0011FlowRuns,
  '0012-idempotency-claim-token': m0012IdempotencyClaimToken,
  '0013-console-sessions': m0013ConsoleSessions,
  '0014-event-order-and-listeners': m0014EventOrderAndListeners,
  '0015-messages-unread-index': m0015MessagesUnreadIndex,
  '0016-access-changes-and-send-limit': m0016AccessChangesAndSendLimit,
  '0018-event-payloads-snake-case': m0018EventPayloadsSnakeCase,
  '0019-job-priority': m0019JobPriority,
  '0020-flow-runs-retention-index': m0020FlowRunsRetentionIndex,
  '0021-provider-callback-tokens': m0021ProviderCallbackTokens,
  '0022-sign-in-throttles': m0022SignInThrottles,
  '0023-read-scopes': m0023ReadScopes,
  '0024-audit-log': m0024AuditLog,
  '0025-message-news': m0025MessageNews,
  '0026-channel-health-and-status-extras': m0026ChannelHealthAndStatusExtras,
  '0030-scheduled-messages': m0030ScheduledMessages,
  '0031-member-roles': m0031MemberRoles,
  '0032-event-sinks': m0032EventSinks,
  '0033-governor': m0033Governor,
  '0034-campaigns-and-opt-out': m0034CampaignsAndOptOut,
  '0035-report-facts': m0035ReportFacts,
  '0037-search-index': m0037SearchIndex,
  '0038-canned-responses-and-chat-notes': m0038CannedResponsesAndChatNotes,
  '0039-chats-customer-wrote-index': m0039ChatsCustomerWroteIndex,
  '0040-email-inbox': m0040EmailInbox,
  '0041-sla': m0041Sla,
  '0043-campaign-csv-audience': m0043CampaignCsvAudience,
  '0044-customer-search-by-organization': m0044CustomerSearchByOrganization,
  '0045-chats-assignee-index': m0045ChatsAssigneeIndex,
  '0046-report-chat-hours': m0046ReportChatHours,
  '0047-message-search-newest-first': m0047MessageSearchNewestFirst,
  '0048-message-search-by-organization': m0048MessageSearchByOrganization,
  '0049-organization-settings-notify': m0049OrganizationSettingsNotify,
  '0050-send-target-notify': m0050SendTargetNotify,
};

/** The registered migrations' names, in order (the test harness keys its PostgreSQL template by them). */
export function migrationNames(): string[] {
  return Object.keys(migrations).sort();
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({ db, provider: new StaticMigrationProvider() });
}

/**
 * The migrations recorded as applied (none when their table does not exist yet), read from the
 * table itself. Kysely's Migrator looks for its tables by introspecting every table of the database
 * with its columns, several times over: on a migrated database that was most of a start's database
 * work (about 20 ms of processor time each time a service starts, and each test starts one).
 */
async function appliedMigrations(db: Kysely<unknown>): Promise<Set<string>> {
  const exists =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<{ found: boolean }>`select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as found`
      : sql<{ found: number }>`select count(*) as found from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`;
  if (!(await exists.execute(db)).rows[0]?.found) return new Set();
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Exactly the known migrations applied (every start but the first after an upgrade): nothing for
  // the Migrator to do. Anything else (pending ones, or one this version does not know) is its call.
  const applied = await appliedMigrations(db);
  const known = migrationNames();
  if (applied.size === known.length && known.every((name) => applied.has(name))) return [];
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when every known migration has been applied (readiness). */
export async function migrationsApplied(db: Kysely<unknown>): Promise<boolean> {
  const applied = await appliedMigrations(db);
  return migrationNames().every((name) => applied.has(name));
}
