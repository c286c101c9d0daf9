/**
 * The governor's settings (DESIGN.md §10; docs/governor.md): the channel's (`settings.maxPerSecond`,
 * `minRecipientGapMs`, `portfolioId`, `messagingLimit`, `warmup`, `warmupStartedAt`), spread into
 * the channel settings schema; the organization's `settings.quietHours` (in its `settings.timezone`,
 * read by business-hours/), spread into the organization settings schema; and `budgetOf`, the one
 * place the defaults per channel kind are decided.
 */
import { Type } from '@sinclair/typebox';

export const MESSAGING_LIMITS = [250, 2000, 10_000, 100_000] as const;

/** The governor's keys of a channel's `settings`: spread into ChannelSettingsSchema. */
export const GOVERNOR_CHANNEL_SETTINGS = {
  maxPerSecond: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 10_000,
      description:
        'Messages a second the channel sends at most (every message, bulk or not). Defaults: whatsapp_official 80; gateways 1 (±30 % jitter ' +
        'between messages); email 10; instagram and facebook 10; sandbox channels none. 0: no limit',
    }),
  ),
  minRecipientGapMs: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 86_400_000,
      description: 'Bulk traffic only: at most one message to the same recipient every this many ms (whatsapp_official default 6000)',
    }),
  ),
  portfolioId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "The business portfolio the channel's number belongs to (shares the messaging limit)",
    }),
  ),
  messagingLimit: Type.Optional(
    Type.Union([...MESSAGING_LIMITS.map((l) => Type.Literal(l)), Type.Null()], {
      description:
        "The portfolio's daily business-initiated limit: unique recipients of templates sent outside their 24-hour window, rolling 24 h, " +
        'across the channels of `portfolioId`; absent or null: unlimited',
    }),
  ),
  warmup: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: 60,
      description: 'Gateways: daily caps of new bulk recipients from `warmupStartedAt` (day 1, day 2, …), e.g. [20, 40, 80, 150, 300]',
    }),
  ),
  warmupStartedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the warm-up began (its day 1)' })),
};

export interface GovernorChannelSettings {
  maxPerSecond?: number;
  minRecipientGapMs?: number;
  portfolioId?: string;
  messagingLimit?: number | null;
  warmup?: number[];
  warmupStartedAt?: string;
}

const Time = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Wall-clock HH:MM' });

/** The governor's keys of an organization's `settings`: spread into OrganizationSettingsSchema. */
export const GOVERNOR_ORG_SETTINGS = {
  quietHours: Type.Optional(
    Type.Union(
      [
        Type.Object(
          { start: Time, end: Time },
          {
            additionalProperties: false,
            description: 'Bulk traffic waits from `start` to `end` (start > end crosses midnight; equal: none)',
            examples: [{ start: '21:00', end: '08:00' }],
          },
        ),
        Type.Null(),
      ],
      { description: "Quiet hours in the organization's `timezone`: campaign, sequence and scheduled messages wait until they end" },
    ),
  ),
};

export interface QuietHours {
  start: string;
  end: string;
}

/** What the governor enforces on one channel: its settings over its kind's defaults. */
export interface ChannelBudget {
  /** null: no throughput limit. */
  maxPerSecond: number | null;
  /** The share of the interval each gap varies by (gateways: 0.3). */
  jitter: number;
  minRecipientGapMs: number;
  /** Warm-up caps (gateways only), from `warmupStartedAt`. */
  warmup: { caps: number[]; startedAt: number } | null;
  portfolio: { id: string; messagingLimit: number } | null;
}

const GATEWAY_KINDS: ReadonlySet<string> = new Set(['whatsapp_wapi', 'whatsapp_zapi', 'whatsapp_waha', 'whatsapp_evo']);

export function isGateway(kind: string): boolean {
  return GATEWAY_KINDS.has(kind);
}

const DEFAULT_RATE: Record<string, number> = {
  whatsapp_official: 80,
  email: 10,
  instagram: 10,
  facebook: 10,
};
const GATEWAY_RATE = 1;
const GATEWAY_JITTER = 0.3;
const CLOUD_RECIPIENT_GAP_MS = 6000;

/**
 * The channel's budget. A sandbox channel simulates its kind without its vendor's limits, so it has
 * no defaults (what its settings name still applies): a demo or a test sends as fast as it asks.
 */
export function budgetOf(kind: string, config: Record<string, unknown>, settings: GovernorChannelSettings): ChannelBudget {
  const sandbox = config.sandbox === true;
  const gateway = isGateway(kind);
  const defaultRate = sandbox ? null : gateway ? GATEWAY_RATE : (DEFAULT_RATE[kind] ?? null);
  const rate = settings.maxPerSecond ?? defaultRate;
  const startedAt = settings.warmupStartedAt ? Date.parse(settings.warmupStartedAt) : NaN;
  return {
    maxPerSecond: rate && rate > 0 ? rate : null,
    jitter: gateway ? GATEWAY_JITTER : 0,
    minRecipientGapMs: settings.minRecipientGapMs ?? (kind === 'whatsapp_official' && !sandbox ? CLOUD_RECIPIENT_GAP_MS : 0),
    warmup: gateway && settings.warmup?.length && Number.isFinite(startedAt) ? { caps: settings.warmup, startedAt } : null,
    portfolio:
      kind === 'whatsapp_official' && settings.portfolioId && settings.messagingLimit
        ? { id: settings.portfolioId, messagingLimit: settings.messagingLimit }
        : null,
  };
}
