/**
 * The event catalogue (src/event-log/catalogue.ts): the list is sound, webhook filters accept every
 * listed type, the records embedded in payloads stay exactly the modules' own types, and a wrong
 * type or payload does not compile. That the log imports no feature module (it knows no subscriber
 * by name) is a layer rule of test/unit/architecture.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Executor } from '../../src/db/executor.js';
import type { CustomerRecord } from '../../src/modules/customers/customer-record.js';
import { EVENT_TYPES, type CustomerPayload, type FieldValuePayload, type NotePayload } from '../../src/event-log/catalogue.js';
import type { EventLog } from '../../src/event-log/event-log.js';
import type { FieldValueSet } from '../../src/modules/custom-fields/field-values.service.js';
import type { NoteRecord } from '../../src/modules/notes/notes.service.js';
import { filterMatches, isEventPattern } from '../../src/modules/webhooks/webhook-rules.js';

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
  await events.record(trx, { organizationId, type: 'customer.note_deleted', data: { customerId: 'c', tagId: 't' } });
}
