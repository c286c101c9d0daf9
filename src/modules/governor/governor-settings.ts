/**
 * The governor's settings (DESIGN.md §10; docs/governor.md): the organization's
 * `settings.quietHours` (in its `settings.timezone`, read by business-hours/), spread into the
 * organization settings schema; and `budgetOf`, the one place the defaults per channel kind are
 * decided, from the channel's keys (channel-records/governor-channel-settings.ts, where the channel
 * settings schema that spreads them lives).
 */
import { Type } from '@sinclair/typebox';
import type { GovernorChannelSettings } from '../channel-records/index.js';

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
