/**
 * An e-mail recipient's complaint or unsubscribe (Mailgun `complained`, `unsubscribed`; DESIGN.md
 * §9 "E-mail"), recorded in the callback's transaction in `email_opt_out_signals`.
 *
 * This is the one place an e-mail opt-out signal arrives: the signal is kept, and the customer who
 * holds the address (primary e-mail or an e-mail contact) is opted out of bulk messages (DESIGN §10
 * "Opt-out", customers/opt-out.ts), `customer.opted_out` with `via: 'email'` and the signal as its
 * `keyword`. An address no customer holds is only kept.
 */
import type { NormalizedEvent } from '../../channels/provider.js';
import { newId } from '../../lib/ids.js';
import type { OrgContext } from '../shared/index.js';
import { customerIdByEmail, setOptedOut } from '../customers/index.js';

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
  const customerId = await customerIdByEmail(ctx.q, event.address.toLowerCase());
  if (customerId) await setOptedOut(ctx, customerId, true, { via: 'email', keyword: event.signal });
}
