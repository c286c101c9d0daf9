/**
 * Customers: create (endpoint 15), partial update (13) and read. The rules of what a customer may
 * hold live in the helpers this file composes: contact normalization, the duplicate rule, tags,
 * stage moves and custom field values. One command, one transaction, with its events.
 */
import type { Updateable } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { CustomersTable } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { notFound, validationError } from '../../errors.js';
import type { RecordOutcome } from '../../http/idempotency.js';
import { newId } from '../../lib/ids.js';
import { LOG_TIME, orgContext, type OrgContext, normalizeDocument, normalizeEmail } from '../shared/index.js';
import { recordFieldValueEvents, writeFieldValues, type FieldValueInput } from './field-values.service.js';
import { insertCustomerWithContacts, prepareContacts, replaceContacts, type ContactInput, type PreparedContact } from './contacts-store.js';
import { loadCustomerRecord, type CustomerRecord } from './customer-record.js';
import { setOptedOut } from './opt-out.js';
import { applyStageMove, insertStageHistory } from './customer-stage.service.js';
import { attachTags, recordTagEvents, setTags } from './customer-tags.service.js';
import { assertNoDuplicates, claimKeys, lockClaimedValues, type UniqueClaims } from './duplicates.js';
import { defaultCountryFor, requireStageInBody, requireTagsInBody } from './references.js';

export { findOrCreateCustomerByContact } from './customer-lookup.js';

export interface CustomerInput {
  name?: string;
  email?: string | null;
  contacts?: ContactInput[];
  stageId?: string | null;
  document?: string | null;
  country?: string | null;
  person_type?: string | null;
  salePrice?: number | null;
  selectedTags?: string[];
  customFields?: FieldValueInput[];
  allowDuplicateContacts?: boolean;
}

/** The request's values, normalized; `undefined` = not sent (keep), `null` = clear. */
interface PreparedInput {
  name?: string;
  email?: string | null;
  document?: string | null;
  contacts?: PreparedContact[];
}

/**
 * What the organization's country may be needed for: the contacts, and every text value of a custom
 * field (a phone field reads a national number in that country; the fields' types are not read yet).
 */
function countryDependentValues(input: CustomerInput): { type?: string; value: string }[] {
  const fieldTexts = (input.customFields ?? []).flatMap((item) =>
    typeof item.value === 'string' ? [{ type: 'phone', value: item.value }] : [],
  );
  return [...(input.contacts ?? []), ...fieldTexts];
}

function prepare(input: CustomerInput, defaultCountry: string): PreparedInput {
  const prepared: PreparedInput = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name === '') throw validationError([{ field: 'name', message: 'must not be blank' }]);
    prepared.name = name;
  }
  if (input.email !== undefined) prepared.email = input.email === null || input.email.trim() === '' ? null : normalizeEmail(input.email);
  if (input.document !== undefined)
    prepared.document = input.document === null || input.document.trim() === '' ? null : normalizeDocument(input.document);
  if (input.contacts !== undefined) prepared.contacts = prepareContacts(input.contacts, defaultCountry);
  return prepared;
}

function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value.trim();
}

function notReachable() {
  return validationError(
    [{ field: 'contacts', message: 'at least one contact or an e-mail is required' }],
    'A customer needs a contact or an e-mail',
  );
}

export class CustomersService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'batcher' | 'events' | 'clock' | 'defaultCountries'>) {}

  async get(organizationId: string, customerId: string): Promise<CustomerRecord> {
    return loadCustomerRecord(tenantQueries(this.deps.db, organizationId), customerId);
  }

  /** `PUT …/opt-out`: the flag set (opt-out.ts, its event when it changed); answers the customer. */
  async setOptedOut(organizationId: string, customerId: string, optedOut: boolean, profileId: string | null): Promise<CustomerRecord> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const record = await loadCustomerRecord(ctx.q, customerId);
      if (!(await setOptedOut(ctx, customerId, optedOut, { via: 'api', profileId }))) return record;
      return loadCustomerRecord(ctx.q, customerId);
    });
  }

  /** `record`: the request's Idempotency-Key answer, written in the transaction that creates the customer. */
  async create(
    organizationId: string,
    input: CustomerInput & { name: string },
    actorProfileId: string | null,
    record?: RecordOutcome<CustomerRecord>,
  ): Promise<CustomerRecord> {
    const defaultCountry = await defaultCountryFor(this.deps.db, organizationId, countryDependentValues(input), this.deps.defaultCountries);
    const prepared = prepare(input, defaultCountry);
    const contacts = prepared.contacts ?? [];
    if (contacts.length === 0 && !prepared.email) throw notReachable();
    const customerId = newId();
    // A group-commit unit (db/transaction-batcher.ts): concurrent creates share a commit. The
    // duplicate guard still sees every earlier create, committed or earlier in the same batch.
    // The instant is fixed outside the unit: a unit the batcher runs twice must keep it (org-context.ts).
    const createdAt = this.deps.clock.now().toISOString();
    return this.deps.batcher.run(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId, createdAt);
      const { q, now } = ctx;
      if (input.stageId) await requireStageInBody(q, input.stageId);
      await requireTagsInBody(q, input.selectedTags ?? []);
      if (!input.allowDuplicateContacts) {
        await this.guardDuplicates(ctx, { contacts, email: prepared.email, document: prepared.document });
      }
      await insertCustomerWithContacts(
        ctx,
        {
          id: customerId,
          organization_id: organizationId,
          name: prepared.name!,
          email: prepared.email ?? null,
          document: prepared.document ?? null,
          country: blankToNull(input.country),
          person_type: blankToNull(input.person_type),
          sale_price: input.salePrice ?? null,
          stage_id: input.stageId ?? null,
          stage_order: null,
          created_at: now,
          updated_at: now,
        },
        contacts,
      );
      await attachTags(ctx, customerId, input.selectedTags ?? [], null);
      await writeFieldValues(ctx, customerId, input.customFields ?? [], { defaultCountry, prefix: 'customFields', missing: 'invalid' });
      if (input.stageId) await insertStageHistory(ctx, customerId, null, { toStageId: input.stageId, movedByProfileId: actorProfileId });
      const customer = await loadCustomerRecord(q, customerId);
      await ctx.emit('customer.created', { customer }, LOG_TIME);
      await record?.(trx, customer);
      return customer;
    });
  }

  /**
   * Partial update: only the fields sent change. `contacts` and `selectedTags` REPLACE the stored
   * lists (a PUT of the field sends its whole value); `customFields` sets the listed fields only.
   * Values the customer already holds are not re-checked for duplicates, so a customer created
   * with `allowDuplicateContacts` can still be updated without repeating the flag.
   */
  async update(organizationId: string, customerId: string, input: CustomerInput, actorProfileId: string | null): Promise<CustomerRecord> {
    const defaultCountry = await defaultCountryFor(this.deps.db, organizationId, countryDependentValues(input), this.deps.defaultCountries);
    const prepared = prepare(input, defaultCountry);

    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const { q, now } = ctx;
      const current = await q.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
      if (!current) throw notFound('CUSTOMER_NOT_FOUND', 'Customer');
      if (input.stageId) await requireStageInBody(q, input.stageId);
      if (input.selectedTags) await requireTagsInBody(q, input.selectedTags);
      const currentContacts = await q
        .selectFrom('customer_contacts')
        .select(['type', 'match_key'])
        .where('customer_id', '=', customerId)
        .execute();

      const finalEmail = prepared.email !== undefined ? prepared.email : current.email;
      const finalContactCount = prepared.contacts ? prepared.contacts.length : currentContacts.length;
      if (finalContactCount === 0 && !finalEmail) throw notReachable();

      if (!input.allowDuplicateContacts) {
        const held = new Set(currentContacts.map((c) => `${c.type}:${c.match_key}`));
        await this.guardDuplicates(
          ctx,
          {
            contacts: (prepared.contacts ?? []).filter((c) => !held.has(`${c.type}:${c.matchKey}`)),
            email: prepared.email !== current.email ? prepared.email : undefined,
            document: prepared.document !== current.document ? prepared.document : undefined,
          },
          customerId,
        );
      }

      const changed: string[] = [];
      const columns = {
        name: prepared.name,
        email: prepared.email,
        document: prepared.document,
        country: input.country !== undefined ? blankToNull(input.country) : undefined,
        person_type: input.person_type !== undefined ? blankToNull(input.person_type) : undefined,
        sale_price: input.salePrice,
      };
      const apiNames: Record<keyof typeof columns, string> = {
        name: 'name',
        email: 'email',
        document: 'document',
        country: 'country',
        person_type: 'person_type',
        sale_price: 'salePrice',
      };
      const set: Updateable<CustomersTable> = {};
      for (const key of Object.keys(columns) as (keyof typeof columns)[]) {
        const next = columns[key];
        if (next !== undefined && next !== current[key]) {
          (set as Record<string, unknown>)[key] = next;
          changed.push(apiNames[key]);
        }
      }
      if (changed.length > 0) await q.updateTable('customers').set(set).where('id', '=', customerId).execute();

      if (prepared.contacts && (await replaceContacts(ctx, customerId, prepared.contacts))) changed.push('contacts');
      const tagChange = input.selectedTags ? await setTags(ctx, customerId, input.selectedTags) : { added: [], removed: [] };
      if (tagChange.added.length + tagChange.removed.length > 0) changed.push('selectedTags');
      const fieldChanges = await writeFieldValues(ctx, customerId, input.customFields ?? [], {
        defaultCountry,
        prefix: 'customFields',
        missing: 'invalid',
      });
      if (fieldChanges.length > 0) changed.push('customFields');
      const stageMoves = input.stageId !== undefined && input.stageId !== current.stage_id;
      if (stageMoves) {
        await applyStageMove(ctx, customerId, current.stage_id, { toStageId: input.stageId ?? null, movedByProfileId: actorProfileId });
        changed.push('stageId');
      }

      if (changed.length > 0) await q.updateTable('customers').set({ updated_at: now }).where('id', '=', customerId).execute();
      const record = await loadCustomerRecord(q, customerId);
      if (changed.length > 0) {
        await ctx.emit('customer.updated', { customer: record, changed }, LOG_TIME);
        await recordTagEvents(ctx, customerId, tagChange, { actorProfileId });
        await recordFieldValueEvents(ctx, customerId, fieldChanges);
      }
      return record;
    });
  }

  private async guardDuplicates(ctx: OrgContext, claims: UniqueClaims, exceptCustomerId?: string): Promise<void> {
    await lockClaimedValues(ctx, claimKeys(claims));
    await assertNoDuplicates(ctx.q, claims, exceptCustomerId);
  }
}
