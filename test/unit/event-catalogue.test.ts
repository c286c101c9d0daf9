/**
 * The event catalogue (src/event-log/catalogue.ts): the list is sound, webhook filters accept every
 * listed type, every type has a strict schema with snake_case keys and an example that fits it, the
 * records embedded in payloads stay exactly the modules' own types, the OpenAPI `webhooks` entries
 * and docs/webhooks.md list every type from the same schemas, and a wrong type or payload does not
 * compile. That the log imports no feature module (it knows no subscriber by name) is a layer rule
 * of test/unit/architecture.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { DOC, END, renderEventList, START } from '../../scripts/event-docs.js';
import type { Executor } from '../../src/db/executor.js';
import type { CustomerRecord } from '../../src/modules/customers/customer-record.js';
import {
  EVENT_SCHEMAS,
  EVENT_TYPES,
  type CustomerPayload,
  type FieldValuePayload,
  type NotePayload,
} from '../../src/event-log/catalogue.js';
import type { EventLog } from '../../src/event-log/event-log.js';
import type { FieldValueSet } from '../../src/modules/customers/field-values.service.js';
import type { NoteRecord } from '../../src/modules/notes/notes.service.js';
import { filterMatches, isEventPattern } from '../../src/modules/webhooks/webhook-rules.js';
import { webhooksDocument } from '../../src/modules/webhooks/webhooks-openapi.js';
import { eventValidator } from '../events/event-validator.js';

/** true when each type is assignable to the other (a field added, removed or retyped on either side makes it false). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

test('every type is listed once and is a family.name an endpoint filter can name', () => {
  assert.equal(new Set(EVENT_TYPES).size, EVENT_TYPES.length);
  for (const type of EVENT_TYPES) {
    assert.ok(isEventPattern(type), `${type} is a valid filter entry`);
    assert.ok(filterMatches([type], type));
    assert.ok(filterMatches([`${type.split('.')[0]}.*`], type), `${type} is in its family`);
  }
});

test('every type has a strict schema whose own keys are snake_case, and an example that fits it (a camelCase key does not)', () => {
  const check = eventValidator();
  for (const type of EVENT_TYPES) {
    const schema = EVENT_SCHEMAS[type];
    assert.equal(schema.additionalProperties, false, type);
    assert.ok(schema.description, `${type} is described`);
    for (const key of Object.keys(schema.properties)) assert.match(key, /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, `${type}.${key}`);
    const [example] = schema.examples as Record<string, unknown>[];
    assert.equal(check(type, example), null);
    // The old camelCase key beside the new one is refused: nothing unlisted gets through unnoticed.
    const camel = Object.keys(example!)[0]!.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) + 'Old';
    assert.notEqual(check(type, { ...example, [camel]: 'x' }), null, `${type} refuses ${camel}`);
  }
});

test('the OpenAPI webhooks object has one POST per type: the delivered body { event, data } with the schema and example', () => {
  const webhooks = webhooksDocument() as Record<string, any>;
  assert.deepEqual(Object.keys(webhooks), [...EVENT_TYPES]);
  const ajv = new Ajv({ strict: false });
  for (const type of EVENT_TYPES) {
    const media = webhooks[type].post.requestBody.content['application/json'];
    assert.deepEqual(media.schema.properties.data, JSON.parse(JSON.stringify(EVENT_SCHEMAS[type])));
    const validate = ajv.compile(media.schema);
    assert.ok(validate(media.example), `${type}: ${ajv.errorsText(validate.errors)}`);
    assert.ok(!validate({ ...media.example, event: 'other.type' }), 'the event name is fixed');
  }
});

test('docs/webhooks.md lists every type as the schemas say (regenerate with npx tsx scripts/event-docs.ts)', () => {
  const doc = fs.readFileSync(DOC, 'utf8');
  const listed = doc.slice(doc.indexOf(START), doc.indexOf(END) + END.length);
  for (const type of EVENT_TYPES) assert.ok(listed.includes(`### \`${type}\``), `${type} is listed`);
  assert.equal(listed, renderEventList());
});

test('payload records are exactly the records the modules write', () => {
  const customer: Same<CustomerPayload, CustomerRecord> = true;
  const note: Same<NotePayload, NoteRecord> = true;
  const fieldValue: Same<FieldValuePayload, FieldValueSet> = true;
  assert.deepEqual([customer, note, fieldValue], [true, true, true]);
});

// Never run: it only has to compile, and each marked call must not.
export async function _recordCallsAreChecked(events: EventLog, trx: Executor) {
  const organizationId = 'org';
  const timestamp = new Date().toISOString();
  await events.record(trx, { organizationId, type: 'message.status_updated', data: { message_id: 'm', status: 'read', timestamp } });
  // @ts-expect-error: not a catalogued type
  await events.record(trx, { organizationId, type: 'message.status_update', data: { message_id: 'm', status: 'read', timestamp } });
  // @ts-expect-error: a payload field under another name
  await events.record(trx, { organizationId, type: 'message.status_updated', data: { messageId: 'm', status: 'read', timestamp } });
  // @ts-expect-error: `pending` is never an applied status change
  await events.record(trx, { organizationId, type: 'message.status_updated', data: { message_id: 'm', status: 'pending', timestamp } });
  // @ts-expect-error: another type's payload
  await events.record(trx, { organizationId, type: 'customer.note_deleted', data: { customer_id: 'c', tag_id: 't' } });
  await events.record(trx, { organizationId, type: 'customer.note_deleted', data: { customer_id: 'c', note_id: 'n' } });
  // @ts-expect-error: the camelCase keys of before 0.1's payload change
  await events.record(trx, { organizationId, type: 'customer.note_deleted', data: { customerId: 'c', noteId: 'n' } });
  // @ts-expect-error: a flow run's status is one of its states
  await events.record(trx, { organizationId, type: 'flow.started', data: { run_id: 'r', flow_id: 'f', chat_id: 'c', status: 'started' } });
}
