/**
 * The event catalogue (src/modules/events/catalogue.ts): the list is sound, webhook filters accept
 * every listed type, the records embedded in payloads stay exactly the modules' own types, a
 * wrong type or payload does not compile, and the event log knows no subscriber by name.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
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

test('the event log and the catalogue import no feature module: subscribers are registered, not imported', () => {
  for (const file of ['src/modules/events/event-log.ts', 'src/modules/events/catalogue.ts']) {
    const specifiers = [...fs.readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
    assert.deepEqual(
      specifiers.filter((spec) => spec.startsWith('../') && !spec.startsWith('../../')),
      [],
      file,
    );
  }
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
