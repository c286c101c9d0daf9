/**
 * A channel's health as its vendor's own signals say it (DESIGN.md §9, "Per channel"): `ok`,
 * `throttled` (Meta 130429 and kin), `disconnected` (a gateway's session logged out or closed),
 * `banned` (the number is blocked). Apart from `status`, which an administrator sets: health is
 * the vendor's word, kept with its last signal `{ code, message, at }`.
 *
 * Read by the send paths (a `disconnected` channel answers 422 CHANNEL_DISCONNECTED, delivery/chat-target.ts)
 * and by the governor (DESIGN.md §10) through `channelHealth`.
 */
import type { Executor } from '../../db/executor.js';
import { tenantQueries } from '../../db/tenant.js';
import { fromJson, toJson } from '../../lib/json.js';
import type { OrgContext } from '../shared/index.js';

export const CHANNEL_HEALTH_STATES = ['ok', 'throttled', 'disconnected', 'banned'] as const;
export type ChannelHealthState = (typeof CHANNEL_HEALTH_STATES)[number];

export interface HealthSignal {
  code: string | null;
  message: string | null;
  /** ISO-8601: when the vendor says it happened (else when we heard it). */
  at: string;
}

export interface ChannelHealth {
  health: ChannelHealthState;
  lastSignal: HealthSignal | null;
}

export function isHealthState(value: unknown): value is ChannelHealthState {
  return typeof value === 'string' && (CHANNEL_HEALTH_STATES as readonly string[]).includes(value);
}

/** A stored row's health as the API returns it (an unknown stored value reads as ok). */
export function healthOf(row: { health?: string | null; health_signal?: string | null }): ChannelHealth {
  return {
    health: isHealthState(row.health) ? row.health : 'ok',
    lastSignal: fromJson<HealthSignal | null>(row.health_signal ?? null, null),
  };
}

/**
 * The governor's read (DESIGN.md §10): the channel's health and last signal, or undefined when the
 * organization has no such channel. One indexed read by primary key.
 */
export async function channelHealth(db: Executor, organizationId: string, channelId: string): Promise<ChannelHealth | undefined> {
  const row = await tenantQueries(db, organizationId)
    .selectFrom('channels')
    .select(['health', 'health_signal'])
    .where('id', '=', channelId)
    .executeTakeFirst();
  return row && healthOf(row);
}

/**
 * Records a vendor's health signal in the caller's transaction. The signal is always kept (the
 * latest one explains the state); `channel.health_changed` is recorded only when the state changes.
 * A signal older than the stored one is ignored, so a late `ok` cannot undo a newer `disconnected`.
 */
export async function applyHealthSignal(
  ctx: OrgContext,
  channelId: string,
  signal: { health: ChannelHealthState; code?: string; message?: string; occurredAt?: string },
): Promise<'changed' | 'same' | 'stale' | 'unknown'> {
  const row = await ctx.q.selectFrom('channels').select(['health', 'health_signal']).where('id', '=', channelId).executeTakeFirst();
  if (!row) return 'unknown';
  const current = healthOf(row);
  const at = signal.occurredAt ?? ctx.now;
  if (current.lastSignal && Date.parse(current.lastSignal.at) > Date.parse(at)) return 'stale';
  const lastSignal: HealthSignal = { code: signal.code ?? null, message: signal.message ?? null, at };
  await ctx.q
    .updateTable('channels')
    .set({ health: signal.health, health_signal: toJson(lastSignal) })
    .where('id', '=', channelId)
    .execute();
  if (current.health === signal.health) return 'same';
  await ctx.emit(
    'channel.health_changed',
    { channel_id: channelId, health: signal.health, previous: current.health, code: lastSignal.code, message: lastSignal.message, at },
    at,
  );
  return 'changed';
}
