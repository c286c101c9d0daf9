/**
 * Channels of an organization: how it reaches customers. `config` is provider configuration
 * (credentials, `sandbox: true`); `settings` are Conversa's own (default stage, team, auto-assign).
 */
import type { Kysely, Selectable } from 'kysely';
import { Type, type Static } from '@sinclair/typebox';
import type { ChannelsTable, DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError } from '../../errors.js';
import { Uuid } from '../../http/schemas.js';
import { CHANNEL_KINDS, CHANNEL_STATUSES, type ChannelKind, type ChannelStatus } from '../../channels/kinds.js';
import { ProviderError } from '../../channels/provider.js';
import { providerFor } from '../../channels/registry.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';

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
  webhookUrl: Type.String({ description: 'Where the provider must send its callbacks' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const channelFields = {
  kind: Type.Union(CHANNEL_KINDS.map((k) => Type.Literal(k))),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  config: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Provider configuration, e.g. {"sandbox": true}' })),
  settings: Type.Optional(ChannelSettingsSchema),
  status: Type.Optional(Type.Union(CHANNEL_STATUSES.map((s) => Type.Literal(s)))),
  active: Type.Optional(Type.Boolean()),
};
export const CreateChannelBody = Type.Object(channelFields, { additionalProperties: false });
export const UpdateChannelBody = Type.Partial(Type.Object(channelFields), { additionalProperties: false, minProperties: 1 });
type CreateChannelInput = Static<typeof CreateChannelBody>;
type UpdateChannelInput = Static<typeof UpdateChannelBody>;

const SECRET_KEY = /token|secret|password|apikey|api_key|key$/i;

/** Secrets in config are never echoed in full; the last four characters identify them. */
function maskConfig(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) =>
      SECRET_KEY.test(key) && typeof value === 'string' ? [key, `••••${value.slice(-4)}`] : [key, value],
    ),
  );
}

export class ChannelsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  toRecord(row: Selectable<ChannelsTable>) {
    return {
      id: row.id,
      organizationId: row.organization_id,
      kind: row.kind as ChannelKind,
      name: row.name,
      config: maskConfig(fromJson<Record<string, unknown>>(row.config, {})),
      settings: fromJson<ChannelSettings>(row.settings, {}),
      status: row.status as ChannelStatus,
      active: row.active === 1,
      webhookUrl: `${this.publicUrl}/channels/${row.id}/webhook`,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async create(organizationId: string, input: CreateChannelInput) {
    await this.assertSettings(organizationId, input.settings ?? {});
    assertProviderConfig(input.kind, input.config ?? {}, input.status ?? 'connected');
    const now = this.clock.now().toISOString();
    const row = {
      id: newId(),
      organization_id: organizationId,
      kind: input.kind,
      name: input.name,
      config: toJson(input.config ?? {}),
      settings: toJson(input.settings ?? {}),
      status: input.status ?? 'connected',
      active: input.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('channels').values(row).execute();
    return this.toRecord(row);
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
    const config = mergeObject(fromJson(row.config, {}), input.config);
    assertProviderConfig(input.kind ?? row.kind, config, input.status ?? row.status);
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
    return this.get(organizationId, id);
  }

  async remove(organizationId: string, id: string): Promise<void> {
    await this.getRow(organizationId, id);
    await tenantQueries(this.db, organizationId).deleteFrom('channels').where('id', '=', id).execute();
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
