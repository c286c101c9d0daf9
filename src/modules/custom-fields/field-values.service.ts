/**
 * Custom field values of customers (endpoint 17, and `customFields` on customer create/update).
 * Definitions are managed by the admin API; here a value is validated against its definition's
 * type and stored as JSON. `null` clears the value (the row goes).
 */
import type { AppDeps } from '../../deps.js';
import { AppError, notFound, validationError } from '../../errors.js';
import type { Executor } from '../../db/executor.js';
import { fromJson, toJson } from '../../lib/json.js';
import { organizationDefaultCountry, requireCustomer } from '../customers/references.js';
import { validateFieldValue, type FieldDefinition } from './field-value-rules.js';

export interface FieldValueInput {
  slug?: string;
  field_definition_id?: string;
  value?: unknown;
}

export interface FieldValueSet {
  slug: string;
  field_definition_id: string;
  /** The stored value; null when cleared. */
  value: unknown;
}

type Missing = 'not_found' | 'invalid';

/** The spec's rule: one of slug or field_definition_id, and a value (null included). */
function checkFieldValueInput(item: FieldValueInput, at: (name: string) => string): void {
  if (!item.slug && !item.field_definition_id) {
    throw validationError([{ field: at('slug'), message: 'slug or field_definition_id is required' }]);
  }
  if (item.value === undefined) throw validationError([{ field: at('value'), message: 'is required (null clears the value)' }]);
}

async function findDefinition(db: Executor, organizationId: string, input: FieldValueInput): Promise<FieldDefinition | undefined> {
  let query = db
    .selectFrom('custom_field_definitions')
    .select(['id', 'slug', 'type', 'options'])
    .where('organization_id', '=', organizationId);
  query = input.field_definition_id ? query.where('id', '=', input.field_definition_id) : query.where('slug', '=', input.slug!);
  const row = await query.executeTakeFirst();
  return row ? { id: row.id, slug: row.slug, type: row.type, options: fromJson<string[]>(row.options, []) } : undefined;
}

/**
 * Validates and writes a list of values for one customer, in the caller's transaction. `prefix`
 * names the list in error details (`customFields.<i>`); an unknown field is 404 on the field
 * endpoint and 400 inside a customer body (`missing`).
 */
export async function writeFieldValues(
  trx: Executor,
  organizationId: string,
  customerId: string,
  items: FieldValueInput[],
  options: { defaultCountry: string; now: string; prefix?: string; missing: Missing },
): Promise<FieldValueSet[]> {
  const results: FieldValueSet[] = [];
  for (const [i, item] of items.entries()) {
    const at = (name: string) => (options.prefix ? `${options.prefix}.${i}.${name}` : name);
    checkFieldValueInput(item, at);
    const definition = await findDefinition(trx, organizationId, item);
    if (!definition) {
      if (options.missing === 'not_found') throw notFound('FIELD_NOT_FOUND', 'Custom field');
      const field = item.field_definition_id ? at('field_definition_id') : at('slug');
      throw validationError([{ field, message: 'is not a custom field of this organization' }], 'Unknown custom field');
    }
    const key = { organization_id: organizationId, customer_id: customerId, field_definition_id: definition.id };
    if (item.value === null) {
      await trx
        .deleteFrom('custom_field_values')
        .where('organization_id', '=', organizationId)
        .where('customer_id', '=', customerId)
        .where('field_definition_id', '=', definition.id)
        .execute();
      results.push({ slug: definition.slug, field_definition_id: definition.id, value: null });
      continue;
    }
    const stored = validateFieldValue(definition, item.value, options.defaultCountry, at('value'));
    await trx
      .insertInto('custom_field_values')
      .values({ ...key, value: toJson(stored), updated_at: options.now })
      .onConflict((oc) =>
        oc
          .columns(['organization_id', 'customer_id', 'field_definition_id'])
          .doUpdateSet({ value: toJson(stored), updated_at: options.now }),
      )
      .execute();
    results.push({ slug: definition.slug, field_definition_id: definition.id, value: stored });
  }
  return results;
}

export class FieldValuesService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'events' | 'clock'>) {}

  /** Endpoint 17: one value; unknown customer or field → 404. */
  async setValue(organizationId: string, customerId: string, input: FieldValueInput): Promise<FieldValueSet> {
    checkFieldValueInput(input, (name) => name);
    const defaultCountry = await organizationDefaultCountry(this.deps.db, organizationId);
    const now = this.deps.clock.now().toISOString();
    return this.deps.db.transaction().execute(async (trx) => {
      await requireCustomer(trx, organizationId, customerId);
      const [result] = await writeFieldValues(trx, organizationId, customerId, [input], { defaultCountry, now, missing: 'not_found' });
      if (!result) throw new AppError('INTERNAL_ERROR', 'No field value was written');
      await trx
        .updateTable('customers')
        .set({ updated_at: now })
        .where('organization_id', '=', organizationId)
        .where('id', '=', customerId)
        .execute();
      await recordFieldValueEvents(this.deps, trx, organizationId, customerId, [result]);
      return result;
    });
  }
}

export async function recordFieldValueEvents(
  deps: Pick<AppDeps, 'events'>,
  trx: Executor,
  organizationId: string,
  customerId: string,
  results: FieldValueSet[],
): Promise<void> {
  for (const result of results) {
    await deps.events.record(trx, { organizationId, type: 'customer.field_value_set', data: { customerId, ...result } });
  }
}
