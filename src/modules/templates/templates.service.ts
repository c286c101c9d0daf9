/**
 * WhatsApp message templates of an organization's official WhatsApp channels. Conversa does not
 * submit them to Meta: the operator records what Meta approved, and send-template uses it.
 */
import type { Kysely, Selectable } from 'kysely';
import { CHANNEL_KINDS } from '../../channels/kinds.js';
import { capabilitiesOf } from '../../channels/registry.js';
import type { DB, TemplatesTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import { baseRecord, deleteOrgRow, findOrgRow, getOrgRow, type OrgResource } from '../shared/index.js';
import type {
  CreateTemplateInput,
  ListTemplatesInput,
  TemplateRecord,
  TemplateStatus,
  TemplateCategory,
  UpdateTemplateInput,
} from './templates.schemas.js';

const TEMPLATE: OrgResource & { table: 'templates' } = { table: 'templates', code: 'TEMPLATE_NOT_FOUND', what: 'Template' };
/** The kinds whose provider sends templates (today the official WhatsApp Cloud API only), for messages. */
const TEMPLATE_KINDS = CHANNEL_KINDS.filter((kind) => capabilitiesOf(kind).templates).join(' or ');

function toTemplate(row: Selectable<TemplatesTable>): TemplateRecord {
  return {
    ...baseRecord(row),
    channelId: row.channel_id,
    name: row.name,
    language: row.language,
    status: row.status as TemplateStatus,
    components: fromJson<TemplateRecord['components']>(row.components, []),
    category: (row.category ?? null) as TemplateCategory | null,
  };
}

export class TemplatesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async create(organizationId: string, input: CreateTemplateInput): Promise<TemplateRecord> {
    await this.assertChannel(organizationId, input.channelId);
    const now = this.clock.now().toISOString();
    const row = {
      id: newId(),
      organization_id: organizationId,
      channel_id: input.channelId,
      name: input.name,
      language: input.language,
      status: input.status,
      components: toJson(input.components),
      category: input.category ?? null,
      created_at: now,
      updated_at: now,
    };
    await this.db
      .insertInto('templates')
      .values(row)
      .execute()
      .catch((err) => {
        throw duplicate(err, row);
      });
    return toTemplate(row);
  }

  async list(organizationId: string, query: ListTemplatesInput = {}): Promise<TemplateRecord[]> {
    let select = tenantQueries(this.db, organizationId).selectFrom('templates').selectAll();
    if (query.channelId) select = select.where('channel_id', '=', query.channelId);
    if (query.status) select = select.where('status', '=', query.status);
    const rows = await select.orderBy('name').orderBy('language').orderBy('id').execute();
    return rows.map(toTemplate);
  }

  async get(organizationId: string, id: string): Promise<TemplateRecord> {
    return toTemplate(await getOrgRow(this.db, TEMPLATE, organizationId, id));
  }

  async update(organizationId: string, id: string, input: UpdateTemplateInput): Promise<TemplateRecord> {
    const row = await getOrgRow(this.db, TEMPLATE, organizationId, id);
    if (input.channelId !== undefined) await this.assertChannel(organizationId, input.channelId);
    const updated = {
      ...row,
      channel_id: input.channelId ?? row.channel_id,
      name: input.name ?? row.name,
      language: input.language ?? row.language,
      status: input.status ?? row.status,
      components: input.components ? toJson(input.components) : row.components,
      category: input.category !== undefined ? input.category : row.category,
      updated_at: this.clock.now().toISOString(),
    };
    const { id: _id, organization_id: _org, created_at: _created, ...set } = updated;
    await tenantQueries(this.db, organizationId)
      .updateTable('templates')
      .set(set)
      .where('id', '=', id)
      .execute()
      .catch((err) => {
        throw duplicate(err, updated);
      });
    return toTemplate(updated);
  }

  async remove(organizationId: string, id: string): Promise<void> {
    await deleteOrgRow(this.db, TEMPLATE, organizationId, id);
  }

  private async assertChannel(organizationId: string, channelId: string): Promise<void> {
    const channel = await findOrgRow(this.db, 'channels', organizationId, channelId);
    if (!channel) throw validationError([{ field: 'channelId', message: 'is not a channel of this organization' }]);
    if (!capabilitiesOf(channel.kind).templates) {
      throw validationError([{ field: 'channelId', message: `is a ${channel.kind} channel; templates need a ${TEMPLATE_KINDS} channel` }]);
    }
  }
}

function duplicate(err: unknown, row: { name: string; language: string }): unknown {
  if (!isUniqueViolation(err)) return err;
  return new AppError('ALREADY_EXISTS', `The channel already has a template "${row.name}" in ${row.language}`);
}
