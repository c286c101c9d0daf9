/**
 * The governor's keys of a channel's `settings` (DESIGN.md §10; docs/governor.md):
 * `maxPerSecond`, `minRecipientGapMs`, `portfolioId`, `messagingLimit`, `warmup`,
 * `warmupStartedAt`, spread into the channel settings schema (channels.service.ts). They live with
 * the channel records so the governor, which reads them and the channel's health, sits above this
 * module rather than beside it in a cycle; governor/governor-settings.ts turns them into a budget.
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
