/**
 * Custom-field definitions: the slugs, names, types and (for select types) choices of the extra
 * fields an organization keeps on its customers.
 */
import type { Kysely, Selectable } from 'kysely';
import type { CustomFieldDefinitionsTable, DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import {
  OPTION_TYPES,
  type CreateCustomFieldInput,
  type CustomFieldRecord,
  type FieldType,
  type UpdateCustomFieldInput,
} from './custom-fields.schemas.js';
import { baseRecord, deleteOrgRow, getOrgRow, type OrgResource } from '../shared/index.js';

const FIELD: OrgResource & { table: 'custom_field_definitions' } = {
  table: 'custom_field_definitions',
  code: 'FIELD_NOT_FOUND',
  what: 'Custom field',
};

function toField(row: Selectable<CustomFieldDefinitionsTable>): CustomFieldRecord {
  return { ...baseRecord(row), slug: row.slug, name: row.name, type: row.type as FieldType, options: fromJson<string[]>(row.options, []) };
}

/** Select types need their choices; other types have none. */
function checkOptions(type: FieldType, options: string[] | undefined): string[] {
  if (OPTION_TYPES.includes(type)) {
    if (!options) throw validationError([{ field: 'options', message: `is required for type ${type}` }]);
    return options;
  }
  if (options) throw validationError([{ field: 'options', message: `is only accepted for types ${OPTION_TYPES.join(', ')}` }]);
  return [];
}

function slugTaken(err: unknown, slug: string | undefined): unknown {
  return isUniqueViolation(err)
    ? new AppError('ALREADY_EXISTS', `A custom field with slug "${slug}" already exists in this organization`)
    : err;
}

export class CustomFieldsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async create(organizationId: string, input: CreateCustomFieldInput): Promise<CustomFieldRecord> {
    const options = checkOptions(input.type, input.options);
    const now = this.clock.now().toISOString();
    const row = {
      id: newId(),
      organization_id: organizationId,
      slug: input.slug,
      name: input.name,
      type: input.type,
      options: toJson(options),
      created_at: now,
      updated_at: now,
    };
    await this.db
      .insertInto('custom_field_definitions')
      .values(row)
      .execute()
      .catch((err) => {
        throw slugTaken(err, input.slug);
      });
    return toField(row);
  }

  async list(organizationId: string): Promise<CustomFieldRecord[]> {
    const rows = await tenantQueries(this.db, organizationId).selectFrom('custom_field_definitions').selectAll().orderBy('slug').execute();
    return rows.map(toField);
  }

  async get(organizationId: string, id: string): Promise<CustomFieldRecord> {
    return toField(await getOrgRow(this.db, FIELD, organizationId, id));
  }

  /** Renaming the slug is allowed (values follow the definition id); removed options leave stored values as they are. */
  async update(organizationId: string, id: string, input: UpdateCustomFieldInput): Promise<CustomFieldRecord> {
    const current = await this.get(organizationId, id);
    const options = input.options === undefined ? current.options : checkOptions(current.type, input.options);
    const updated = {
      slug: input.slug ?? current.slug,
      name: input.name ?? current.name,
      options: toJson(options),
      updated_at: this.clock.now().toISOString(),
    };
    await tenantQueries(this.db, organizationId)
      .updateTable('custom_field_definitions')
      .set(updated)
      .where('id', '=', id)
      .execute()
      .catch((err) => {
        throw slugTaken(err, input.slug);
      });
    return { ...current, slug: updated.slug, name: updated.name, options, updatedAt: updated.updated_at };
  }

  /** The customers' values of the field go with it (foreign key ON DELETE CASCADE). */
  async remove(organizationId: string, id: string): Promise<void> {
    await deleteOrgRow(this.db, FIELD, organizationId, id);
  }
}
