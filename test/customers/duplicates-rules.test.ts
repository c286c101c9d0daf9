/**
 * The duplicate rule (modules/customers/duplicates.ts) on a migrated database, without the service:
 * which claimed value collides (a contact, an e-mail as primary or as contact, a document), the 409's
 * code, field, message and `existingCustomerId`, the customer being updated and other organizations
 * left out, the claim keys, and on PostgreSQL the advisory locks that serialize claims. Written to
 * kill the mutants that survived `MUTATE_MODULES=duplicates npm run mutate` (docs/testing.md); the
 * HTTP side stays in customers.test.ts and customer-update-and-list.test.ts.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { tenantQueries } from '../../src/db/tenant.js';
import { AppError } from '../../src/errors.js';
import { assertNoDuplicates, claimKeys, lockClaimedValues, type UniqueClaims } from '../../src/modules/customers/duplicates.js';
import { describeEachRuleDatabase } from '../support/rule-databases.js';

const NOW = '2026-03-01T10:00:00.000Z';

async function addOrganization(db: Kysely<DB>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('organizations')
    .values({ id, name: id, plan: 'enterprise', settings: '{}', created_at: NOW, updated_at: NOW })
    .execute();
  return id;
}

async function addCustomer(
  db: Kysely<DB>,
  organizationId: string,
  values: { email?: string; document?: string; contacts?: [type: string, matchKey: string][] } = {},
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('customers')
    .values({
      id,
      organization_id: organizationId,
      name: 'C',
      email: values.email ?? null,
      document: values.document ?? null,
      country: null,
      person_type: null,
      sale_price: null,
      stage_id: null,
      stage_order: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  for (const [type, matchKey] of values.contacts ?? []) {
    await db
      .insertInto('customer_contacts')
      .values({
        id: randomUUID(),
        organization_id: organizationId,
        customer_id: id,
        type,
        value: matchKey,
        match_key: matchKey,
        label: null,
        created_at: NOW,
      })
      .execute();
  }
  return id;
}

/** `OK`, or the 409 as code, field, detail message, message and existing customer. */
async function verdict(
  promise: Promise<void>,
): Promise<string | { code: string; field?: string; detail?: string; message: string; existing: unknown }> {
  try {
    await promise;
    return 'OK';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      code: err.code,
      field: err.details?.[0]?.field,
      detail: err.details?.[0]?.message,
      message: err.message,
      existing: err.meta?.existingCustomerId,
    };
  }
}

const contact = (type: string, matchKey: string, field = 'contacts.0.value') => ({ type, matchKey, field });

describeEachRuleDatabase('customer duplicate rules', (env) => {
  it('names the first colliding contact, e-mail or document and the customer that holds it', async () => {
    const db = await env.openDatabase();
    const org = await addOrganization(db);
    const holder = await addCustomer(db, org, {
      email: 'ana@example.com',
      document: '123',
      contacts: [
        ['phone', '5511999990000'],
        ['email', 'alt@example.com'],
      ],
    });
    const q = tenantQueries(db, org);
    const check = (claims: UniqueClaims, except?: string) => verdict(assertNoDuplicates(q, claims, except));

    assert.deepEqual(
      await check({ contacts: [contact('phone', '5511000000000'), contact('phone', '5511999990000', 'contacts.1.value')] }),
      {
        code: 'DUPLICATE_CONTACT',
        field: 'contacts.1.value',
        detail: `belongs to customer ${holder}`,
        message: 'Another customer already has this phone contact',
        existing: holder,
      },
    );
    assert.deepEqual(
      await check({ contacts: [contact('email', 'ana@example.com')] }),
      {
        code: 'DUPLICATE_CONTACT',
        field: 'contacts.0.value',
        detail: `belongs to customer ${holder}`,
        message: 'Another customer already has this email contact',
        existing: holder,
      },
      'an e-mail contact collides with a primary e-mail',
    );
    assert.deepEqual(
      await check({ contacts: [], email: 'alt@example.com' }),
      {
        code: 'DUPLICATE_EMAIL',
        field: 'email',
        detail: `belongs to customer ${holder}`,
        message: 'Another customer already has this e-mail',
        existing: holder,
      },
      'a primary e-mail collides with an e-mail contact',
    );
    assert.equal(((await check({ contacts: [], email: 'ana@example.com' })) as { code: string }).code, 'DUPLICATE_EMAIL');
    assert.deepEqual(await check({ contacts: [], document: '123' }), {
      code: 'DUPLICATE_DOCUMENT',
      field: 'document',
      detail: `belongs to customer ${holder}`,
      message: 'Another customer already has this document',
      existing: holder,
    });
    assert.equal(
      ((await check({ contacts: [contact('phone', '5511999990000')], email: 'ana@example.com', document: '123' })) as { code: string })
        .code,
      'DUPLICATE_CONTACT',
      'contacts are checked first',
    );
    assert.equal(
      ((await check({ contacts: [], email: 'ana@example.com', document: '123' })) as { code: string }).code,
      'DUPLICATE_EMAIL',
      'then the e-mail',
    );
    assert.equal(
      await check({
        contacts: [contact('whatsapp', '5511999990000'), contact('phone', '5511000000000')],
        email: 'new@example.com',
        document: '999',
      }),
      'OK',
      'the same key under another type, and new values, are free',
    );
    assert.equal(await check({ contacts: [], email: null, document: null }), 'OK');
  });

  it('leaves out the customer being updated, but not the others', async () => {
    const db = await env.openDatabase();
    const org = await addOrganization(db);
    const self = await addCustomer(db, org, {
      email: 'me@example.com',
      document: '1',
      contacts: [
        ['phone', '551100'],
        ['email', 'me2@example.com'],
      ],
    });
    const q = tenantQueries(db, org);
    const mine: UniqueClaims = {
      contacts: [contact('phone', '551100'), contact('email', 'me@example.com'), contact('email', 'me2@example.com')],
      email: 'me2@example.com',
      document: '1',
    };
    assert.equal(await verdict(assertNoDuplicates(q, mine, self)), 'OK', 'its own values');
    for (const claims of [
      { contacts: [contact('phone', '551100')] },
      { contacts: [contact('email', 'me@example.com')] },
      { contacts: [contact('email', 'me2@example.com')] },
      { contacts: [], email: 'me@example.com' },
      { contacts: [], email: 'me2@example.com' },
      { contacts: [], document: '1' },
    ]) {
      const other = await verdict(assertNoDuplicates(q, claims, randomUUID()));
      assert.equal((other as { existing: string }).existing, self, `${JSON.stringify(claims)}: taken from another customer`);
    }
  });

  it('looks only inside the organization', async () => {
    const db = await env.openDatabase();
    const org = await addOrganization(db);
    const other = await addOrganization(db);
    await addCustomer(db, other, { email: 'ana@example.com', document: '123', contacts: [['phone', '5511999990000']] });
    const claims = {
      contacts: [contact('phone', '5511999990000'), contact('email', 'ana@example.com')],
      email: 'ana@example.com',
      document: '123',
    };
    assert.equal(await verdict(assertNoDuplicates(tenantQueries(db, org), claims)), 'OK');
  });

  it('turns claims into lock keys: e-mails alike whether contact or primary', () => {
    assert.deepEqual(claimKeys({ contacts: [contact('phone', '5511'), contact('email', 'a@x.com')], email: 'b@x.com', document: '42' }), [
      'contact:phone:5511',
      'email:a@x.com',
      'email:b@x.com',
      'document:42',
    ]);
    assert.deepEqual(claimKeys({ contacts: [], email: null, document: null }), []);
    assert.deepEqual(claimKeys({ contacts: [], email: '', document: '' }), []);
  });

  it('serializes claims of the same value (PostgreSQL advisory locks, in a fixed order); SQLite is serial already', async () => {
    const db = await env.openDatabase();
    const org = await addOrganization(db);
    if (env.dialect === 'sqlite') {
      await db.transaction().execute((trx) => lockClaimedValues({ trx, organizationId: org }, ['email:a', 'email:a']));
      return;
    }
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLocked!: () => void;
    const locked = new Promise<void>((resolve) => (firstLocked = resolve));
    const first = db.transaction().execute(async (trx) => {
      await lockClaimedValues({ trx, organizationId: org }, ['email:b', 'email:a', 'email:a']);
      firstLocked();
      await firstHolds;
      order.push('first commits');
    });
    await locked;
    // Listed the other way round: sorted, so it waits on `email:a` instead of deadlocking on `email:b`.
    const second = db.transaction().execute(async (trx) => {
      await lockClaimedValues({ trx, organizationId: org }, ['email:a', 'email:b']);
      order.push('second locked');
    });
    const otherOrg = await db.transaction().execute(async (trx) => {
      await lockClaimedValues({ trx, organizationId: randomUUID() }, ['email:a']);
      return 'another organization is not held up';
    });
    assert.equal(otherOrg, 'another organization is not held up');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(order, [], 'the second waits while the first holds the value');
    releaseFirst();
    await Promise.all([first, second]);
    assert.deepEqual(order, ['first commits', 'second locked']);
  });
});
