/**
 * An e-mail recipient's complaint or unsubscribe (Mailgun `complained`, `unsubscribed`; DESIGN.md
 * §9 "E-mail"), recorded in the callback's transaction in `email_opt_out_signals`.
 *
 * The seam with the opt-out of DESIGN §10 (built on the `campaigns` branch): this function is the
 * one place an e-mail opt-out signal arrives. At merge, it also calls that module's "opt this
 * contact out" (the e-mail contact `address` of the organization, reason = `signal`), in `ctx.trx`;
 * until then the signal is kept here, to be read by it.
 */
import type { NormalizedEvent } from '../../channels/provider.js';
import { newId } from '../../lib/ids.js';
import type { OrgContext } from '../shared/org-context.js';

export async function recordOptOutSignal(
  ctx: OrgContext,
  channelId: string,
  event: Extract<NormalizedEvent, { kind: 'opt_out' }>,
): Promise<void> {
  await ctx.trx
    .insertInto('email_opt_out_signals')
    .values({
      id: newId(),
      organization_id: ctx.organizationId,
      channel_id: channelId,
      address: event.address,
      signal: event.signal,
      occurred_at: event.occurredAt ?? ctx.now,
      created_at: ctx.now,
    })
    .execute();
}
