/**
 * The events of DESIGN.md §10 "Opt-out" and "Campaigns" (customers/opt-out.ts, modules/campaigns/).
 * Part of the catalogue (catalogue.ts spreads them in); same rules: snake_case keys, strict schemas,
 * an example each.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { EXAMPLE_IDS as ID, Id, Nullable, OneOf } from './event-records.js';

export const CAMPAIGN_EVENT_TYPES = [
  'customer.opted_out',
  'customer.opted_in',
  'campaign.started',
  'campaign.paused',
  'campaign.completed',
  'campaign.cancelled',
] as const;

function payload<P extends TProperties>(description: string, properties: P, example: Static<TObject<P>>): TObject<P> {
  return Type.Object(properties, { description, additionalProperties: false, examples: [example] });
}

const Count = Type.Integer({ minimum: 0 });
const CAMPAIGN = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0f';
const optChange = {
  customer_id: Id,
  via: OneOf(
    ['keyword', 'api', 'email'] as const,
    '`keyword` (the customer wrote it), `api` (`PUT …/opt-out`) or `email` (a complaint or an unsubscribe reported by the e-mail provider; `keyword` then names the signal)',
  ),
  keyword: Nullable(Type.String({ description: 'The keyword as the customer wrote it' })),
  profile_id: Nullable(Id),
};
const byMember = { campaign_id: Id, profile_id: Nullable(Id) };

export const CAMPAIGN_EVENT_SCHEMAS = {
  'customer.opted_out': payload(
    'The customer opted out of bulk messages (campaigns, scheduled messages, follow-ups): by writing an opt-out keyword, or through `PUT …/opt-out` (`profile_id` who)',
    optChange,
    { customer_id: ID.customer, via: 'keyword', keyword: 'Sair', profile_id: null },
  ),
  'customer.opted_in': payload('The customer opted back in: by an opt-in keyword or through `PUT …/opt-out`', optChange, {
    customer_id: ID.customer,
    via: 'api',
    keyword: null,
    profile_id: ID.profile,
  }),
  'campaign.started': payload(
    'A campaign began sending: its audience was expanded into recipients (`audience` rows, `queued` to send, `skipped`)',
    { campaign_id: Id, audience: Count, queued: Count, skipped: Count },
    { campaign_id: CAMPAIGN, audience: 1200, queued: 1180, skipped: 20 },
  ),
  'campaign.paused': payload('A campaign was paused (`POST …/pause`): nothing more goes until it is resumed', byMember, {
    campaign_id: CAMPAIGN,
    profile_id: ID.profile,
  }),
  'campaign.completed': payload(
    "Every recipient of a campaign was handed to the send path or skipped (deliveries follow as the messages' statuses)",
    { campaign_id: Id, sent: Count, skipped: Count },
    { campaign_id: CAMPAIGN, sent: 1180, skipped: 20 },
  ),
  'campaign.cancelled': payload('A campaign was cancelled (`POST …/cancel`): nothing more is sent', byMember, {
    campaign_id: CAMPAIGN,
    profile_id: ID.profile,
  }),
};
