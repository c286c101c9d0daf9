/**
 * Channels of an organization: how it reaches customers. `config` is provider configuration
 * (credentials, `sandbox: true`); `settings` are Conversa's own (default stage, team, auto-assign).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { Type, type Static } from '@sinclair/typebox';
import type { ChannelsTable, DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError } from '../../errors.js';
import { documentedAs, Uuid } from '../../http/schemas.js';
import { CHANNEL_KINDS, CHANNEL_STATUSES, type ChannelKind, type ChannelStatus } from '../../channels/kinds.js';
import { ProviderError } from '../../channels/provider.js';
import { isSandbox, providerFor } from '../../channels/registry.js';
import type { AccessChanges } from '../../access/access-changes.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import { CHANNEL_HEALTH_STATES, healthOf } from './channel-health.js';
import { MASKED } from '../../lib/masking.js';
import { GOVERNOR_CHANNEL_SETTINGS } from './governor-channel-settings.js';

export const ChannelSettingsSchema = Type.Object(
  {
    defaultStageId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    defaultTeamId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    autoAssign: Type.Optional(Type.Boolean()),
    enforceWhatsAppWindow: Type.Optional(
      Type.Boolean({
        description:
          'Official WhatsApp only: refuse free-form messages outside the 24-hour window (422 WHATSAPP_WINDOW_CLOSED). Default: on for real channels, off for sandbox ones',
      }),
    ),
    mediaAsLink: Type.Optional(
      Type.Boolean({
        description:
          "WAHA Core (config.edition core) sends no media: with this on, a media message goes as a text with the file's link instead of being refused (422 UNSUPPORTED_BY_CHANNEL)",
      }),
    ),
    // The outbound governor's budgets (modules/governor/, docs/governor.md).
    ...GOVERNOR_CHANNEL_SETTINGS,
  },
  { additionalProperties: false },
);
type ChannelSettings = Static<typeof ChannelSettingsSchema>;

export const Channel = Type.Object({
  id: Uuid,
  organizationId: Uuid,
  kind: Type.Union(CHANNEL_KINDS.map((k) => Type.Literal(k))),
  name: Type.String(),
  config: Type.Record(Type.String(), Type.Unknown(), { description: 'Provider configuration; secret values are masked' }),
  settings: ChannelSettingsSchema,
  status: Type.Union(CHANNEL_STATUSES.map((s) => Type.Literal(s))),
  active: Type.Boolean(),
  ...channelHealthFields(),
  webhookUrl: Type.String({
    description:
      "Where the provider must send its callbacks. In the answer that created a real channel's callback secret (its creation, or an update that removed it), it ends with ?token=<secret>: give the provider that whole URL; later answers show it without the token (the secret is masked in config)",
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** `health` and `lastSignal`, as the admin API and the organization's channel listing return them. */
export function channelHealthFields() {
  return {
    health: Type.Union(
      CHANNEL_HEALTH_STATES.map((h) => Type.Literal(h)),
      {
        description:
          "What the vendor's own signals say (DESIGN.md §9): ok; throttled (e.g. Meta 130429, rate limit hit); disconnected " +
          "(a gateway's session closed or logged out: sends answer 422 CHANNEL_DISCONNECTED); banned (the number is blocked). " +
          'Apart from `status`, which an administrator sets',
      },
    ),
    lastSignal: Type.Union(
      [
        Type.Object({
          code: Type.Union([Type.String(), Type.Null()], { description: "The vendor's code, e.g. 130429, SCAN_QR_CODE, close" }),
          message: Type.Union([Type.String(), Type.Null()], { description: "The vendor's own words" }),
          at: Type.String({ format: 'date-time' }),
        }),
        Type.Null(),
      ],
      { description: 'The last vendor signal about the channel; null before any' },
    ),
  };
}

/** What the service checks of a channel's config beyond its schema (withCallbackSecret, assertProviderConfig). */
export const CHANNEL_CONFIG_RULES =
  'A connected channel (status `connected`, the default) must have a config its kind can use: `{"sandbox": true}`, or ' +
  "the kind's credentials and URLs (docs/providers.md: e.g. `accessToken` and `phoneNumberId` for whatsapp_official; " +
  'URLs must be http(s)); a config that cannot build the provider is 400 VALIDATION_ERROR on `config`. A disconnected ' +
  "channel may be saved incomplete. A real channel's `callbackSecret` has at least 16 characters.";

const channelFields = {
  kind: Type.Union(CHANNEL_KINDS.map((k) => Type.Literal(k))),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  config: Type.Optional(
    documentedAs(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Provider configuration, e.g. {"sandbox": true}' }),
      Type.Object(
        {
          sandbox: Type.Optional(Type.Boolean({ description: 'Simulate the provider (no credentials needed)' })),
          callbackSecret: Type.Optional(
            Type.String({ minLength: 16, description: 'Real channels: the callback secret (generated when absent)' }),
          ),
        },
        { additionalProperties: true, description: `Provider configuration, e.g. {"sandbox": true}. ${CHANNEL_CONFIG_RULES}` },
      ),
    ),
  ),
  settings: Type.Optional(ChannelSettingsSchema),
  status: Type.Optional(Type.Union(CHANNEL_STATUSES.map((s) => Type.Literal(s)))),
  active: Type.Optional(Type.Boolean()),
};
export const CreateChannelBody = Type.Object(channelFields, { additionalProperties: false });
export const UpdateChannelBody = Type.Partial(Type.Object(channelFields), { additionalProperties: false, minProperties: 1 });
type CreateChannelInput = Static<typeof CreateChannelBody>;
type UpdateChannelInput = Static<typeof UpdateChannelBody>;

/** Config keys whose values are secrets, at any depth (`auth.pass` is the e-mail channel's SMTP password). */
const SECRET_KEY = /token|secret|password|^pass$|apikey|api_key|key$/i;

/** Bytes of a generated callback secret (32 base64url characters). */
const CALLBACK_SECRET_BYTES = 24;
const CALLBACK_SECRET_MIN_LENGTH = 16;

/**
 * A real channel always has a callback secret (config.callbackSecret): kept when given (at least 16
 * characters), generated when absent. Sandbox channels have none (their URL is open, DESIGN §5).
 * Returns the config to store and the secret when it was generated now (shown once).
 */
function withCallbackSecret(config: Record<string, unknown>): { config: Record<string, unknown>; generated?: string } {
  if (isSandbox(config)) return { config };
  const given = config.callbackSecret;
  if (given !== undefined) {
    if (typeof given !== 'string' || given.length < CALLBACK_SECRET_MIN_LENGTH)
      throw validationError([
        { field: 'config.callbackSecret', message: `must be a string of at least ${CALLBACK_SECRET_MIN_LENGTH} characters` },
      ]);
    return { config };
  }
  const generated = randomBytes(CALLBACK_SECRET_BYTES).toString('base64url');
  return { config: { ...config, callbackSecret: generated }, generated };
}

/** Secrets in config are never echoed, not even in part: a set secret shows as MASKED, nested ones too. */
function maskConfig(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).map(([key, value]) => [key, maskValue(key, value)]));
}

function maskValue(key: string, value: unknown): unknown {
  if (SECRET_KEY.test(key) && typeof value === 'string') return MASKED;
  if (Array.isArray(value)) return value.map((item) => maskValue(key, item));
  if (value !== null && typeof value === 'object') return maskConfig(value as Record<string, unknown>);
  return value;
}

/** A stored channel; a row written just now has no health columns yet (their defaults: ok, no signal). */
type ChannelRow = Omit<Selectable<ChannelsTable>, 'health' | 'health_signal'> &
  Partial<Pick<Selectable<ChannelsTable>, 'health' | 'health_signal'>>;

export class ChannelsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    /** Told of every change, so no process answers from what it kept of the channel (access/kept-channels.ts). */
    private readonly changes: Pick<AccessChanges, 'channelChanged'>,
  ) {}

  /** `revealSecret`: the callback secret generated by this very request, shown once in `webhookUrl`. */
  toRecord(row: ChannelRow, revealSecret?: string) {
    const webhookUrl = `${this.publicUrl}/channels/${row.id}/webhook`;
    return {
      id: row.id,
      organizationId: row.organization_id,
      kind: row.kind as ChannelKind,
      name: row.name,
      config: maskConfig(fromJson<Record<string, unknown>>(row.config, {})),
      settings: fromJson<ChannelSettings>(row.settings, {}),
      status: row.status as ChannelStatus,
      active: row.active === 1,
      ...healthOf(row),
      webhookUrl: revealSecret === undefined ? webhookUrl : `${webhookUrl}?token=${encodeURIComponent(revealSecret)}`,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async create(organizationId: string, input: CreateChannelInput) {
    await this.assertSettings(organizationId, input.settings ?? {});
    assertProviderConfig(input.kind, input.config ?? {}, input.status ?? 'connected');
    const { config, generated } = withCallbackSecret(input.config ?? {});
    const now = this.clock.now().toISOString();
    const row = {
      id: newId(),
      organization_id: organizationId,
      kind: input.kind,
      name: input.name,
      config: toJson(config),
      settings: toJson(input.settings ?? {}),
      status: input.status ?? 'connected',
      active: input.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('channels').values(row).execute();
    return this.toRecord(row, generated);
  }

  async list(organizationId: string) {
    const rows = await tenantQueries(this.db, organizationId).selectFrom('channels').selectAll().orderBy('id').execute();
    return rows.map((row) => this.toRecord(row));
  }

  async getRow(organizationId: string, id: string) {
    const row = await tenantQueries(this.db, organizationId).selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found');
    return row;
  }

  async get(organizationId: string, id: string) {
    return this.toRecord(await this.getRow(organizationId, id));
  }

  /** `config` and `settings` merge key by key; a key set to null is removed. */
  async update(organizationId: string, id: string, input: UpdateChannelInput) {
    const row = await this.getRow(organizationId, id);
    const settings = mergeObject(fromJson(row.settings, {}), input.settings);
    await this.assertSettings(organizationId, settings);
    const merged = mergeObject(fromJson(row.config, {}), input.config);
    assertProviderConfig(input.kind ?? row.kind, merged, input.status ?? row.status);
    // A channel turned real, one made before secrets existed, or one whose secret was removed
    // (`"callbackSecret": null`, i.e. rotated) gets a new one, shown in this answer only.
    const { config, generated } = withCallbackSecret(merged);
    await tenantQueries(this.db, organizationId)
      .updateTable('channels')
      .set({
        kind: input.kind ?? row.kind,
        name: input.name ?? row.name,
        config: toJson(config),
        settings: toJson(settings),
        status: input.status ?? row.status,
        active: input.active === undefined ? row.active : input.active ? 1 : 0,
        updated_at: this.clock.now().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await this.changes.channelChanged(id);
    return this.toRecord(await this.getRow(organizationId, id), generated);
  }

  async remove(organizationId: string, id: string): Promise<void> {
    await this.getRow(organizationId, id);
    await tenantQueries(this.db, organizationId).deleteFrom('channels').where('id', '=', id).execute();
    await this.changes.channelChanged(id);
  }

  private async assertSettings(organizationId: string, settings: ChannelSettings): Promise<void> {
    if (settings.defaultStageId) {
      const stage = await tenantQueries(this.db, organizationId)
        .selectFrom('stages')
        .select('id')
        .where('id', '=', settings.defaultStageId)
        .executeTakeFirst();
      if (!stage) throw validationError([{ field: 'settings.defaultStageId', message: 'is not a stage of this organization' }]);
    }
    if (settings.defaultTeamId) {
      const team = await tenantQueries(this.db, organizationId)
        .selectFrom('teams')
        .select('id')
        .where('id', '=', settings.defaultTeamId)
        .executeTakeFirst();
      if (!team) throw validationError([{ field: 'settings.defaultTeamId', message: 'is not a team of this organization' }]);
    }
  }
}

/**
 * A connected channel must be usable: its config has to build its provider (credentials, base URL…),
 * checked by the provider's own factory. A disconnected channel may be saved incomplete, so an
 * operator can stage it before the credentials exist.
 */
function assertProviderConfig(kind: string, config: Record<string, unknown>, status: string): void {
  // The one key that lets a channel's vendor calls past the outbound guard: a boolean, set on purpose.
  if (config.allowPrivateBaseUrl !== undefined && typeof config.allowPrivateBaseUrl !== 'boolean') {
    throw validationError([{ field: 'config.allowPrivateBaseUrl', message: 'must be true or false' }]);
  }
  if (status !== 'connected') return;
  try {
    providerFor({ kind, config }, { fetch: refuseFetch, fetchMedia: refuseFetch });
  } catch (err) {
    if (err instanceof ProviderError) throw validationError([{ field: 'config', message: err.message }]);
    throw err;
  }
}

const refuseFetch: typeof fetch = () => Promise.reject(new Error('no network while validating a channel config'));

function mergeObject(current: Record<string, unknown>, patch: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!patch) return current;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
