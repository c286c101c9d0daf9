/**
 * Custom field values of customers (endpoint 17, and `customFields` on customer create/update).
 * Definitions are managed by the admin API; here a value is validated against its definition's
 * type and stored as JSON. `null` clears the value (the row goes).
 */
import type { AppDeps } from '../../deps.js';
import { AppError, notFound, validationError } from '../../errors.js';
import type { TenantQueries } from '../../db/tenant.js';
import { fromJson, toJson } from '../../lib/json.js';
import { keptDefaultCountry, requireCustomer } from './references.js';
import { LOG_TIME, orgContext, type OrgContext } from '../shared/index.js';
import { validateFieldValue, type FieldDefinition } from '../custom-fields/index.js';

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

async function findDefinition(q: TenantQueries, input: FieldValueInput): Promise<FieldDefinition | undefined> {
  let query = q.selectFrom('custom_field_definitions').select(['id', 'slug', 'type', 'options']);
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
  ctx: OrgContext,
  customerId: string,
  items: FieldValueInput[],
  options: {
    defaultCountry: string;
    prefix?: string;
    missing: Missing;
    /** Names an item's field in error details (default `<prefix>.<i>.<name>`), e.g. by slug. */
    at?: (index: number, name: string) => string;
    /** Whether a validated value is written (default all): chat create fills only empty fields. */
    write?: (definition: FieldDefinition) => boolean;
  },
): Promise<FieldValueSet[]> {
  const { q, now } = ctx;
  const results: FieldValueSet[] = [];
  for (const [i, item] of items.entries()) {
    const at = (name: string) => (options.at ? options.at(i, name) : options.prefix ? `${options.prefix}.${i}.${name}` : name);
    checkFieldValueInput(item, at);
    const definition = await findDefinition(q, item);
    if (!definition) {
      if (options.missing === 'not_found') throw notFound('FIELD_NOT_FOUND', 'Custom field');
      const field = item.field_definition_id ? at('field_definition_id') : at('slug');
      throw validationError([{ field, message: 'is not a custom field of this organization' }], 'Unknown custom field');
    }
    const key = { organization_id: ctx.organizationId, customer_id: customerId, field_definition_id: definition.id };
    if (options.write && !options.write(definition)) {
      if (item.value !== null) validateFieldValue(definition, item.value, options.defaultCountry, at('value'));
      continue;
    }
    if (item.value === null) {
      await q
        .deleteFrom('custom_field_values')
        .where('customer_id', '=', customerId)
        .where('field_definition_id', '=', definition.id)
        .execute();
      results.push({ slug: definition.slug, field_definition_id: definition.id, value: null });
      continue;
    }
    const stored = validateFieldValue(definition, item.value, options.defaultCountry, at('value'));
    await ctx.trx
      .insertInto('custom_field_values')
      .values({ ...key, value: toJson(stored), updated_at: now })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'customer_id', 'field_definition_id']).doUpdateSet({ value: toJson(stored), updated_at: now }),
      )
      .execute();
    results.push({ slug: definition.slug, field_definition_id: definition.id, value: stored });
  }
  return results;
}

export class FieldValuesService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'events' | 'clock' | 'defaultCountries'>) {}

  /** Endpoint 17: one value; unknown customer or field → 404. */
  async setValue(organizationId: string, customerId: string, input: FieldValueInput): Promise<FieldValueSet> {
    checkFieldValueInput(input, (name) => name);
    const defaultCountry = await keptDefaultCountry(this.deps.db, organizationId, this.deps.defaultCountries);
    return this.deps.db
      .transaction()
      .execute((trx) => this.setValueIn(orgContext(this.deps, trx, organizationId), customerId, input, defaultCountry));
  }

  /** One value in the caller's transaction (a flow step): the same typing, write and event as endpoint 17. */
  async setValueIn(ctx: OrgContext, customerId: string, input: FieldValueInput, defaultCountry: string): Promise<FieldValueSet> {
    await requireCustomer(ctx.q, customerId);
    const [result] = await writeFieldValues(ctx, customerId, [input], { defaultCountry, missing: 'not_found' });
    if (!result) throw new AppError('INTERNAL_ERROR', 'No field value was written');
    await ctx.q.updateTable('customers').set({ updated_at: ctx.now }).where('id', '=', customerId).execute();
    await recordFieldValueEvents(ctx, customerId, [result]);
    return result;
  }
}

export async function recordFieldValueEvents(ctx: OrgContext, customerId: string, results: FieldValueSet[]): Promise<void> {
  for (const result of results) await ctx.emit('customer.field_value_set', { customer_id: customerId, ...result }, LOG_TIME);
}
