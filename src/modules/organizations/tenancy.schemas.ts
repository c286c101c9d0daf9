/** Schemas of the admin API's tenancy resources: organizations, profiles, members, API keys. */
import { ROLES } from '../../access/permissions.js';
import { Type, type Static } from '@sinclair/typebox';
import { getCountries, type CountryCode } from 'libphonenumber-js';
import { validationError } from '../../errors.js';
import { documentedAs, Uuid } from '../../http/schemas.js';
import { SCOPES } from '../../access/api-keys.js';
import { BUSINESS_SETTINGS } from '../business-hours/index.js';
import { GOVERNOR_ORG_SETTINGS } from '../governor/index.js';
import { CSAT_SETTINGS } from '../csat/index.js';
import { SLA_SETTINGS } from '../sla/index.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../access/passwords.js';

export const PLANS = ['starter', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const PlanSchema = Type.Union(
  PLANS.map((p) => Type.Literal(p)),
  { description: 'Billing plan; sets the send rate limit' },
);

export const OrganizationSettingsSchema = Type.Object(
  {
    defaultCountry: Type.String({
      pattern: '^[A-Z]{2}$',
      description: 'ISO 3166-1 alpha-2 country for bare national phone numbers',
      examples: ['BR'],
    }),
    signMessagesByDefault: Type.Boolean({ description: 'Whether sequence steps are signed unless a step says otherwise' }),
    agentsSeeAllChats: Type.Optional(
      Type.Boolean({
        description:
          "Whether agents see every chat (default true); false: an agent lists and reads only its teams' chats and those assigned to it (docs/roles.md)",
      }),
    ),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{3}$',
        description: "ISO 4217 currency of customers' sale values, as the console shows them (default BRL)",
        examples: ['BRL'],
      }),
    ),
    awaitClosingMinutes: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 43_200,
        description:
          'Minutes a chat waits in await_closing without a customer message before it closes by itself (default 60; fractions allowed)',
      }),
    ),
    // Business time: timezone, businessHours, holidays, awayMessage (business-hours/, docs/business-hours.md).
    ...BUSINESS_SETTINGS,
    // Quiet hours of bulk traffic, in `timezone` (governor/, docs/governor.md).
    ...GOVERNOR_ORG_SETTINGS,
    // Satisfaction: csat (csat/, docs/csat.md).
    ...CSAT_SETTINGS,
    // SLA targets in business time: sla (sla/, docs/sla.md).
    ...SLA_SETTINGS,
  },
  { additionalProperties: false },
);
export type OrganizationSettings = Static<typeof OrganizationSettingsSchema>;

export function assertCountry(country: string): asserts country is CountryCode {
  if (!getCountries().includes(country as CountryCode)) {
    throw validationError([{ field: 'settings.defaultCountry', message: `"${country}" is not a country with a phone numbering plan` }]);
  }
}

/** The most sends a minute an organization's own limit may allow (far above any plan; a load test fits). */
export const SEND_LIMIT_MAX = 1_000_000;

const SendLimitPerMinute = Type.Union([Type.Integer({ minimum: 1, maximum: SEND_LIMIT_MAX }), Type.Null()], {
  description:
    "The organization's own limit of sends a minute (an enterprise contract, a load test), used instead of its plan's; null: the plan's (starter 60, professional 300, enterprise 1000)",
});

export const Organization = Type.Object({
  id: Uuid,
  name: Type.String(),
  plan: PlanSchema,
  settings: OrganizationSettingsSchema,
  sendLimitPerMinute: SendLimitPerMinute,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const CreateOrganizationBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    plan: PlanSchema,
    settings: Type.Optional(Type.Partial(OrganizationSettingsSchema, { additionalProperties: false })),
    sendLimitPerMinute: Type.Optional(SendLimitPerMinute),
  },
  { additionalProperties: false },
);
export const UpdateOrganizationBody = Type.Partial(CreateOrganizationBody, { additionalProperties: false, minProperties: 1 });

export const Profile = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  hasPassword: Type.Boolean({ description: 'Whether the profile has a console password (can sign in at /app)' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const Password = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  description: `Console password, ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; stored only as a scrypt hash`,
});
const ProfileFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ format: 'email', maxLength: 320 }),
};
export const CreateProfileBody = Type.Object({ ...ProfileFields, password: Type.Optional(Password) }, { additionalProperties: false });
export const UpdateProfileBody = Type.Partial(Type.Object(ProfileFields), { additionalProperties: false, minProperties: 1 });
export const SetPasswordBody = Type.Object({ password: Password }, { additionalProperties: false });

export const Member = Type.Object({
  organizationId: Uuid,
  profileId: Uuid,
  role: Type.String({ description: 'owner, admin, supervisor or agent' }),
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});
export const RoleSchema = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  { description: 'owner, admin, supervisor or agent (docs/roles.md says what each may do)' },
);
export const AddMemberBody = Type.Object(
  {
    profileId: Uuid,
    role: Type.Optional({
      ...RoleSchema,
      description: "The member's role; default: owner for an organization's first member, agent after",
    }),
  },
  { additionalProperties: false },
);

export const ScopeSchema = Type.Union(SCOPES.map((s) => Type.Literal(s)));
export const ApiKey = Type.Object({
  id: Uuid,
  profileId: Uuid,
  name: Type.String(),
  prefix: Type.String({ description: 'The visible start of the key, to recognize it' }),
  scopes: Type.Array(Type.String()),
  allowedIps: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export const CreatedApiKey = Type.Intersect([
  ApiKey,
  Type.Object({ key: Type.String({ description: 'The key itself. Shown once; store it now.' }) }),
]);
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
/** An IPv4 range as access/api-keys.ts `assertValidCidr` accepts it: four decimal octets, a prefix of 0 to 32. */
const IPV4_CIDR = `^${OCTET}(?:\\.${OCTET}){3}/(?:3[0-2]|[12]?[0-9])$`;
const HEX = '[0-9A-Fa-f]{1,4}';
/** An IPv6 range, written in full or ending in `::` (e.g. 2001:db8::/32), a prefix of 0 to 128. */
const IPV6_CIDR = `^(?:(?:${HEX}:){7}${HEX}|(?:${HEX}:){1,7}:)/(?:12[0-8]|1[01][0-9]|[1-9]?[0-9])$`;
export const CreateApiKeyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    scopes: Type.Optional(
      Type.Array(ScopeSchema, {
        minItems: 1,
        uniqueItems: true,
        description:
          'Default ["*"]. What each grants: docs/admin.md "API key scopes". Reading chats, files, flows and the directory ' +
          'needs chats:read, files:read, flows:read and directory:read; keys made before those existed received them ' +
          '(migration 0023) when they held customers:read or the matching write scope, and a key with only messages:write did not.',
      }),
    ),
    allowedIps: Type.Optional(
      Type.Array(
        documentedAs(
          Type.String({ maxLength: 64 }),
          Type.Union(
            [
              Type.String({ format: 'ipv4' }),
              Type.String({ format: 'ipv6' }),
              Type.String({ pattern: IPV4_CIDR, maxLength: 64, description: 'An IPv4 CIDR, e.g. 203.0.113.0/24' }),
              Type.String({ pattern: IPV6_CIDR, maxLength: 64, description: 'An IPv6 CIDR, e.g. 2001:db8::/32' }),
            ],
            { description: 'An IP address or a CIDR range' },
          ),
        ),
        { maxItems: 100, description: 'IPs or CIDRs; empty = any' },
      ),
    ),
  },
  { additionalProperties: false },
);
