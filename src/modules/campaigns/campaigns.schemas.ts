/** TypeBox schemas of the campaigns API (DESIGN.md §10 "Campaigns", docs/campaigns.md). */
import { Type, type Static } from '@sinclair/typebox';
import { MESSAGE_TYPES, type MessageType } from '../../channels/provider.js';
import { Timestamp, Uuid } from '../../http/schemas.js';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const RECIPIENT_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export const SKIP_REASONS = ['optedOut', 'noContact', 'capped', 'duplicate'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const FREE_FORM_TYPES = MESSAGE_TYPES.filter((type): type is Exclude<MessageType, 'template'> => type !== 'template');

export const FieldCondition = Type.Object(
  {
    slug: Type.String({ minLength: 1, maxLength: 100 }),
    op: Type.Union([Type.Literal('equals'), Type.Literal('contains'), Type.Literal('gt'), Type.Literal('lt'), Type.Literal('exists')]),
    value: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  },
  { additionalProperties: false },
);

const Ids = Type.Array(Uuid, { maxItems: 1000 });
export const Audience = Type.Object(
  {
    tagIds: Type.Optional(Ids),
    stageIds: Type.Optional(Ids),
    customerIds: Type.Optional(Type.Array(Uuid, { maxItems: 10000 })),
    excludeTagIds: Type.Optional(Ids),
    fields: Type.Optional(Type.Array(FieldCondition, { maxItems: 20 })),
  },
  { additionalProperties: false, description: 'AND across keys, OR inside a list; customers added by CSV are added to it' },
);
export type AudienceInput = Static<typeof Audience>;

export const CampaignMessage = Type.Union([
  Type.Object(
    {
      templateId: Uuid,
      variables: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Record(Type.String(), Type.String())])),
    },
    { additionalProperties: false, title: 'A template (official channel)' },
  ),
  Type.Object(
    {
      type: Type.Unsafe<Exclude<MessageType, 'template'>>({ type: 'string', enum: [...FREE_FORM_TYPES] }),
      content: Type.Record(Type.String(), Type.Unknown()),
    },
    { additionalProperties: false, title: 'A free-form message' },
  ),
]);
export type CampaignMessageInput = Static<typeof CampaignMessage>;

export const CreateCampaignBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    channelId: Uuid,
    audience: Audience,
    message: CampaignMessage,
    scheduleAt: Type.Optional(Type.String({ format: 'date-time' })),
    replyWindowHours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720 })),
  },
  { additionalProperties: false },
);
export type CreateCampaignInput = Static<typeof CreateCampaignBody>;
export const UpdateCampaignBody = Type.Partial(CreateCampaignBody, { additionalProperties: false, minProperties: 1 });
export type UpdateCampaignInput = Static<typeof UpdateCampaignBody>;
export const StartCampaignBody = Type.Union([
  Type.Object({ scheduleAt: Type.Optional(Type.String({ format: 'date-time' })) }, { additionalProperties: false }),
  Type.Null(),
]);

const Count = Type.Integer({ minimum: 0 });
export const CampaignCounts = Type.Object({
  audience: Count,
  queued: Count,
  sent: Count,
  delivered: Count,
  read: Count,
  replied: Count,
  failed: Count,
  skipped: Type.Object({ optedOut: Count, noContact: Count, capped: Count, duplicate: Count }),
});

/** What sending the campaign would cost (campaign-estimate.ts), and what it did cost. */
const Money = Type.Number({ minimum: 0 });
export const CampaignEstimate = Type.Object({
  currency: Type.String(),
  category: Type.Union([Type.String(), Type.Null()], { description: "The template's category priced; null for a free-form message" }),
  recipients: Type.Integer({ minimum: 0, description: 'Recipients the campaign goes to (skipped ones left out)' }),
  total: Money,
  byCountry: Type.Array(
    Type.Object({
      callingCode: Type.String({ description: 'Without "+"; "unknown" when the contact is not a phone number' }),
      recipients: Type.Integer({ minimum: 0, description: 'Charged recipients (those free in their window left out)' }),
      unitPrice: Type.Union([Money, Type.Null()], { description: 'null: the price table has no price there (counted as 0)' }),
      cost: Money,
    }),
  ),
  freeInWindow: Type.Integer({ minimum: 0, description: 'Recipients inside their 24-hour window, free for this category' }),
  reason: Type.Union([Type.Literal('notTemplate'), Type.Null()], {
    description: '`notTemplate`: a free-form message (not a template) is not priced, so the estimate is 0',
  }),
});
export type CampaignEstimateRecord = Static<typeof CampaignEstimate>;

export const CampaignCost = Type.Object({
  currency: Type.String(),
  total: Money,
  billed: Type.Integer({ minimum: 0, description: 'Messages whose status reported them billable' }),
});
export type CampaignCostRecord = Static<typeof CampaignCost>;

export const Campaign = Type.Object({
  id: Uuid,
  name: Type.String(),
  channelId: Uuid,
  status: Type.Unsafe<CampaignStatus>({ type: 'string', enum: [...CAMPAIGN_STATUSES] }),
  audience: Audience,
  message: CampaignMessage,
  scheduleAt: Type.Union([Timestamp, Type.Null()]),
  replyWindowHours: Type.Integer(),
  counts: CampaignCounts,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  startedAt: Type.Union([Timestamp, Type.Null()]),
  finishedAt: Type.Union([Timestamp, Type.Null()]),
  estimate: Type.Union([CampaignEstimate, Type.Null()], {
    description: 'A draft: the estimate now (as GET …/estimate); once started: the estimate made at the start',
  }),
  cost: CampaignCost,
});
export type CampaignRecord = Static<typeof Campaign>;
export const CampaignSummary = Type.Omit(Campaign, ['estimate', 'cost']);
export type CampaignSummaryRecord = Static<typeof CampaignSummary>;

export const CampaignsQuery = Type.Object(
  {
    status: Type.Optional(Type.Unsafe<CampaignStatus>({ type: 'string', enum: [...CAMPAIGN_STATUSES] })),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);
export const CampaignsPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(CampaignSummary),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const CsvImport = Type.Object({
  rows: Type.Integer({ minimum: 0, description: 'Data rows read (the header not counted)' }),
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  invalid: Type.Integer({ minimum: 0 }),
  invalidRows: Type.Array(
    Type.Object({
      row: Type.Integer({ description: 'Line of the file where the row starts (the header is 1)' }),
      errors: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
    }),
    { description: 'The first 100 invalid rows' },
  ),
});

export const CampaignParams = Type.Object({ organizationId: Uuid, campaignId: Uuid });
export const RecipientsQuery = Type.Object(
  {
    status: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...RECIPIENT_STATUSES] })),
    cursor: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
);
export const Recipient = Type.Object({
  customerId: Uuid,
  messageId: Type.Union([Uuid, Type.Null()]),
  status: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export const RecipientsPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Recipient),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
