/**
 * A WhatsApp gateway may name a sender only by LID (`<digits>@lid`, DESIGN.md §9, Identity). Where
 * the gateway can tell the phone behind it (WAHA's `GET /api/{session}/lids/{lid}`), it is asked
 * before the callback's events are applied (never inside their transaction), and the phone joins
 * the sender's identities, so the person stays the customer their phone already is. A lookup that
 * fails or knows nothing leaves the event as it was: the LID alone still finds or makes the customer.
 */
import type { ChannelProvider, NormalizedEvent } from '../../channels/provider.js';

/** A gateway's lookup must not hold the callback's processing up for long. */
const LID_LOOKUP_TIMEOUT_MS = 5000;

export async function resolveLids(
  provider: ChannelProvider,
  events: NormalizedEvent[],
  logger: { warn(details: Record<string, unknown>, message: string): void },
): Promise<NormalizedEvent[]> {
  if (!provider.resolveLid) return events;
  const resolved: NormalizedEvent[] = [];
  for (const event of events) {
    if (event.kind !== 'inbound' || !needsLookup(event)) {
      resolved.push(event);
      continue;
    }
    const lid = event.identities?.find((identity) => identity.type === 'whatsapp_lid')?.value ?? event.from;
    let phone: string | undefined;
    try {
      phone = await provider.resolveLid(lid, { signal: AbortSignal.timeout(LID_LOOKUP_TIMEOUT_MS) });
    } catch (err) {
      logger.warn({ lid, err: String(err) }, 'LID lookup failed; the LID alone names the sender');
    }
    resolved.push(
      phone
        ? { ...event, identities: [...(event.identities ?? [{ type: 'whatsapp_lid', value: lid }]), { type: 'whatsapp', value: phone }] }
        : event,
    );
  }
  return resolved;
}

/** A sender named by LID with no phone beside it. */
function needsLookup(event: Extract<NormalizedEvent, { kind: 'inbound' }>): boolean {
  const identities = event.identities ?? [];
  const hasLid = event.from.endsWith('@lid') || identities.some((identity) => identity.type === 'whatsapp_lid');
  return hasLid && !identities.some((identity) => identity.type === 'whatsapp');
}
