/** What the event-sink tests share: a service that streams at once, and events to stream. */
import assert from 'node:assert/strict';
import type { TestService } from '../support/harness.js';
import { uniqueName } from '../support/brokers.js';

/** A sink polls the log every 20 ms, and a killed holder's lease ends within 1.5 s. */
export const FAST_SINKS = { EVENT_SINK_POLL_MS: '20', JOB_LEASE_MS: '1500', SEND_TIMEOUT_MS: '1000' };

/** Events in an organization: one customer created and tagged per step (customer.created, customer.tag_added). */
export async function makeEvents(svc: TestService, org: { organizationId: string; keyHeader: Record<string, string> }, count: number) {
  const tag = await svc.inject({
    method: 'POST',
    url: `/api/${org.organizationId}/tags`,
    headers: org.keyHeader,
    payload: { name: uniqueName('t'), color: '#336699' },
  });
  assert.equal(tag.statusCode, 201, tag.body);
  for (let i = 0; i < count; i++) {
    const customer = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers`,
      headers: org.keyHeader,
      payload: { name: `Customer ${i}`, contacts: [{ type: 'email', value: `${uniqueName('c')}@example.com` }] },
    });
    assert.equal(customer.statusCode, 201, customer.body);
    const tagged = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers/${customer.json().data.id}/tags`,
      headers: org.keyHeader,
      payload: { tagId: tag.json().data.id },
    });
    assert.ok(tagged.statusCode < 300, tagged.body);
  }
}
