/**
 * A channel's `settings.defaultStageId` / `defaultTeamId` name a stage or team of the organization.
 * When that stage or team is deleted the setting is removed, in the same transaction: otherwise new
 * customers would point at nothing, and every later channel update would fail its settings check.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson, toJson } from '../../lib/json.js';

export async function clearChannelDefault(
  trx: Kysely<DB>,
  organizationId: string,
  key: 'defaultStageId' | 'defaultTeamId',
  id: string,
  clock: Clock,
): Promise<void> {
  const q = tenantQueries(trx, organizationId);
  const channels = await q.selectFrom('channels').select(['id', 'settings']).execute();
  for (const channel of channels) {
    const settings = fromJson<Record<string, unknown>>(channel.settings, {});
    if (settings[key] !== id) continue;
    delete settings[key];
    await q
      .updateTable('channels')
      .set({ settings: toJson(settings), updated_at: clock.now().toISOString() })
      .where('id', '=', channel.id)
      .execute();
  }
}
