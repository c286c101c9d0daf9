/**
 * What `GET /api/{organizationId}/channels/{channelId}/governor` answers (DESIGN.md §10): the
 * channel's budgets as enforced (its settings over its kind's defaults), the effective rate now
 * (halved after Meta's 130429), the queue of held messages and the next release, the current
 * signal and whether bulk traffic is paused, and the portfolio's business-initiated count.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import type { GovernorChannelSettings } from '../channel-records/index.js';
import { budgetOf } from './governor-settings.js';
import type { GovernorStore } from './governor-store.js';

const DAY_MS = 86_400_000;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});
const DateTime = Type.String({ format: 'date-time' });

export const GovernorStatus = Type.Object({
  channelId: Type.String(),
  kind: Type.String(),
  budgets: Type.Object({
    maxPerSecond: Nullable(Type.Number(), 'Messages a second at most (null: no limit)'),
    effectiveMaxPerSecond: Nullable(Type.Number(), 'The rate now: half of maxPerSecond for a minute after Meta 130429'),
    jitter: Type.Number({ description: 'Share of the interval each gap varies by (gateways 0.3)' }),
    minRecipientGapMs: Type.Integer({ description: 'Bulk traffic: the least time between two messages to one recipient' }),
    warmup: Nullable(
      Type.Object({ caps: Type.Array(Type.Integer()), startedAt: DateTime, day: Type.Integer(), capToday: Nullable(Type.Integer()) }),
      'Gateways: new bulk recipients a day (day 1 from startedAt); capToday null once it is over',
    ),
    portfolio: Nullable(
      Type.Object({ id: Type.String(), messagingLimit: Type.Integer(), usedLast24h: Type.Integer() }),
      "The portfolio's business-initiated budget: unique recipients of templates outside their window, rolling 24 h",
    ),
  }),
  queue: Type.Object({
    length: Type.Integer({ description: 'Pending messages of the channel the governor holds' }),
    bulk: Type.Integer({ description: 'Of which bulk traffic' }),
    nextRelease: Nullable(DateTime, 'When the earliest held message is released'),
  }),
  signal: Nullable(
    Type.Object({ code: Type.String(), message: Nullable(Type.String()), at: DateTime }),
    'The last provider signal the governor acted on for the channel (130429, 463)',
  ),
  slowedUntil: Nullable(DateTime, 'Meta 130429: half rate until then'),
  bulkPausedUntil: Nullable(DateTime, "A gateway's time-lock or cap (WAHA 463): bulk traffic waits until then"),
});
export type GovernorStatusView = Static<typeof GovernorStatus>;

const isoOr = (ms: number, now: number) => (ms > now ? new Date(ms).toISOString() : null);

export async function governorStatus(
  deps: { db: Kysely<DB>; clock: Clock; store: GovernorStore },
  organizationId: string,
  channelId: string,
): Promise<GovernorStatusView> {
  const row = await tenantQueries(deps.db, organizationId)
    .selectFrom('channels')
    .select(['kind', 'config', 'settings'])
    .where('id', '=', channelId)
    .executeTakeFirst();
  if (!row) throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found');
  const now = deps.clock.now().getTime();
  const budget = budgetOf(row.kind, fromJson(row.config, {}), fromJson<GovernorChannelSettings>(row.settings, {}));
  const state = await deps.store.channel(organizationId, channelId);
  const slowed = state !== undefined && state.slowedUntil > now;
  const warmupDay = budget.warmup ? Math.floor((now - budget.warmup.startedAt) / DAY_MS) : 0;
  const portfolio = budget.portfolio
    ? {
        ...budget.portfolio,
        usedLast24h: (await deps.store.portfolioWindow(organizationId, budget.portfolio.id, '', now)).count,
      }
    : null;
  return {
    channelId,
    kind: row.kind,
    budgets: {
      maxPerSecond: budget.maxPerSecond,
      effectiveMaxPerSecond: budget.maxPerSecond && (slowed ? budget.maxPerSecond / 2 : budget.maxPerSecond),
      jitter: budget.jitter,
      minRecipientGapMs: budget.minRecipientGapMs,
      warmup: budget.warmup && {
        caps: budget.warmup.caps,
        startedAt: new Date(budget.warmup.startedAt).toISOString(),
        day: warmupDay + 1,
        capToday: warmupDay >= 0 ? (budget.warmup.caps[warmupDay] ?? null) : null,
      },
      portfolio,
    },
    queue: await deps.store.queue(organizationId, channelId),
    signal: state?.signal ?? null,
    slowedUntil: state ? isoOr(state.slowedUntil, now) : null,
    bulkPausedUntil: state ? isoOr(state.pausedUntil, now) : null,
  };
}
