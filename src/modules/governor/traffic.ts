/**
 * A message's traffic class (DESIGN.md §10): `bulk` (campaigns, sequences, scheduled messages and
 * follow-ups) or `conversational` (replies, the send endpoint, flows). Decided here, once, when the
 * message is stored (`messages.traffic`): the bulk rules (per-recipient gap, quiet hours, warm-up,
 * a paused channel) hold only bulk traffic; conversational replies are never delayed by them.
 */
export const TRAFFIC_CLASSES = ['bulk', 'conversational'] as const;
export type Traffic = (typeof TRAFFIC_CLASSES)[number];

/** Sources that are bulk by nature (a campaign's messages carry `source: 'campaign'`). */
const BULK_SOURCES: ReadonlySet<string> = new Set(['campaign', 'sequence']);

/** The traffic of a new outbound message: what its creator asked (`traffic`), else what its source says. */
export function trafficOf(draft: { source?: string | null; traffic?: Traffic }): Traffic {
  if (draft.traffic) return draft.traffic;
  return draft.source && BULK_SOURCES.has(draft.source) ? 'bulk' : 'conversational';
}

export function isBulk(traffic: string | null | undefined): boolean {
  return traffic === 'bulk';
}
