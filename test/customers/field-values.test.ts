import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors.js';
import { validateFieldValue } from '../../src/modules/custom-fields/field-value-rules.js';
import { describeEachDatabase, json } from '../support/harness.js';
import { eventsOf, insertField, orgApi } from './crm-fixtures.js';

const UNKNOWN = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';

describe('custom field value rules', () => {
  const def = (type: string, options: string[] = []) => ({ id: 'f', slug: 's', type, options });
  const accepts = (type: string, value: unknown, stored: unknown = value, options?: string[]) =>
    assert.deepEqual(validateFieldValue(def(type, options), value, 'BR'), stored, `${type} accepts ${JSON.stringify(value)}`);
  const rejects = (type: string, value: unknown, options?: string[]) =>
    assert.throws(
      () => validateFieldValue(def(type, options), value, 'BR'),
      (err: unknown) => err instanceof AppError && err.code === 'VALIDATION_ERROR' && err.details?.[0]?.field === 'value',
      `${type} rejects ${JSON.stringify(value)}`,
    );

  it('checks each type', () => {
    accepts('text', 'hello');
    rejects('text', 12);
    rejects('text', 'x'.repeat(10_001));
    accepts('number', 12.5);
    rejects('number', '12');
    accepts('boolean', false);
    rejects('boolean', 'true');
    accepts('date', '2024-02-29');
    accepts('date', '2024-02-29T10:00:00Z');
    rejects('date', '2023-02-29');
    rejects('date', '29/02/2024');
    accepts('select', 'b', 'b', ['a', 'b']);
    rejects('select', 'c', ['a', 'b']);
    accepts('multiselect', ['a', 'b', 'a'], ['a', 'b'], ['a', 'b']);
    rejects('multiselect', 'a', ['a', 'b']);
    rejects('multiselect', ['a', 'z'], ['a', 'b']);
    accepts('email', ' Ana@Example.com ', 'ana@example.com');
    rejects('email', 'nope');
    accepts('phone', '(11) 98765-4321', '5511987654321');
    rejects('phone', 'abc');
    accepts('url', 'https://example.com/x');
    rejects('url', 'ftp://example.com');
    rejects('url', 'not a url');
    rejects('mystery', 'x');
  });
});

describeEachDatabase('custom field values', (env) => {
  async function setup() {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const customer = json(await api('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).data;
    const sizeId = await insertField(svc, org.organizationId, 'size', 'select', ['small', 'large']);
    return { svc, org, api, customer, sizeId };
  }

  it('sets a value by slug or by field_definition_id, clears it with null, and records customer.field_value_set', async () => {
    const { svc, org, api, customer, sizeId } = await setup();
    const bySlug = await api('POST', `/customers/${customer.id}/field-values`, { slug: 'size', value: 'small' });
    assert.equal(bySlug.statusCode, 200);
    assert.deepEqual(json(bySlug), { success: true, data: { slug: 'size', field_definition_id: sizeId, value: 'small' } });
    const byId = await api('POST', `/customers/${customer.id}/field-values`, { field_definition_id: sizeId, value: 'large' });
    assert.equal(json(byId).data.value, 'large');
    assert.deepEqual(json(await api('GET', `/customers/${customer.id}`)).data.customFields, [
      { slug: 'size', field_definition_id: sizeId, value: 'large' },
    ]);

    const cleared = await api('POST', `/customers/${customer.id}/field-values`, { slug: 'size', value: null });
    assert.equal(cleared.statusCode, 200);
    assert.equal(json(cleared).data.value, null);
    assert.deepEqual(json(await api('GET', `/customers/${customer.id}`)).data.customFields, []);
    const events = await eventsOf(svc, org.organizationId, 'customer.field_value_set');
    assert.deepEqual(
      events.map((e) => e.data.value),
      ['small', 'large', null],
    );
  });

  it('answers 400 without slug or id, without value, or with a value invalid for the type', async () => {
    const { api, customer } = await setup();
    const noRef = await api('POST', `/customers/${customer.id}/field-values`, { value: 'small' });
    assert.equal(noRef.statusCode, 400);
    assert.equal(json(noRef).error.details[0].field, 'slug');
    const noValue = await api('POST', `/customers/${customer.id}/field-values`, { slug: 'size' });
    assert.equal(noValue.statusCode, 400);
    assert.equal(json(noValue).error.details[0].field, 'value');
    const bad = await api('POST', `/customers/${customer.id}/field-values`, { slug: 'size', value: 'medium' });
    assert.equal(bad.statusCode, 400);
    assert.match(json(bad).error.details[0].message, /small, large/);
  });

  it('answers 404 for an unknown customer or field, including a field of another organization', async () => {
    const { svc, api, customer } = await setup();
    const other = await svc.seedOrganization({ name: 'Other' });
    const foreignField = await insertField(svc, other.organizationId, 'secret', 'text');
    assert.equal(
      json(await api('POST', `/customers/${UNKNOWN}/field-values`, { slug: 'size', value: 'small' })).error.code,
      'CUSTOMER_NOT_FOUND',
    );
    assert.equal(
      json(await api('POST', `/customers/${customer.id}/field-values`, { slug: 'nope', value: 'x' })).error.code,
      'FIELD_NOT_FOUND',
    );
    assert.equal(
      json(await api('POST', `/customers/${customer.id}/field-values`, { field_definition_id: foreignField, value: 'x' })).error.code,
      'FIELD_NOT_FOUND',
    );
    assert.equal(
      json(await api('POST', `/customers/${customer.id}/field-values`, { slug: 'secret', value: 'x' })).error.code,
      'FIELD_NOT_FOUND',
    );
  });
});
