/** Table types of the outbound governor (migration 0033; modules/governor/). See schema.ts for the conventions. */
import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-kinds.js';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A channel's shared throughput state. */
export interface GovernorChannelsTable {
  channel_id: string;
  organization_id: string;
  /** The next free send slot, epoch milliseconds (the cursor every process advances). */
  next_at_ms: number;
  /** Meta 130429: the channel runs at half its rate until then. */
  slowed_until: Nullable<Timestamp>;
  /** A gateway's time-lock or cap (WAHA 463): bulk traffic waits until then. */
  paused_until: Nullable<Timestamp>;
  signal_code: Nullable<string>;
  signal_message: Nullable<string>;
  signal_at: Nullable<Timestamp>;
}

/** One recipient of one channel, as the governor knows them. */
export interface GovernorRecipientsTable {
  organization_id: string;
  channel_id: string;
  recipient: string;
  /** Bulk traffic reaches them again from then (settings.minRecipientGapMs). */
  next_bulk_at: Nullable<Timestamp>;
  /** Meta 131056 (pair rate): every message to them waits until then. */
  delayed_until: Nullable<Timestamp>;
  /** Meta 131049 (their marketing cap): no marketing template until then. */
  marketing_capped_until: Nullable<Timestamp>;
  /** Their first bulk message on the channel (warm-up counts new recipients a day). */
  first_bulk_at: Nullable<Timestamp>;
}

/** A template sent to someone outside their 24-hour window: the portfolio's daily count. */
export interface GovernorBusinessInitiatedTable {
  id: string;
  organization_id: string;
  portfolio_id: string;
  recipient: string;
  channel_id: string;
  sent_at: Timestamp;
}
