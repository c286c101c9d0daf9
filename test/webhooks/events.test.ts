import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { eventually, recordEvent } from './support.js';

describeEachDatabase('events catch-up', (env) => {
  it('pages through the organization events in order after a cursor', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const recorded = [];
    for (let i = 0; i < 5; i++)
      recorded.push(await recordEvent(svc, org.organizationId, 'customer.updated', { customer_id: `c${i}`, n: i }));
    const url = `/api/${org.organizationId}/events`;
    // On PostgreSQL an event is handed out once the transactions older than its own have ended: poll as an integrator would.
    const page = (query: string, count: number) =>
      eventually(
        async () => {
          const res = await svc.inject({ method: 'GET', url: `${url}${query}`, headers: org.keyHeader });
          return json(res).data.length >= count ? res : undefined;
        },
        10_000,
        `${count} events`,
      );

    const first = await page('?limit=2', 2);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(
      json(first).data.map((e: { id: string }) => e.id),
      recorded.slice(0, 2).map((e) => e.id),
    );
    assert.deepEqual(json(first).data[0], {
      id: recorded[0]!.id,
      type: 'customer.updated',
      data: { customer_id: 'c0', n: 0 },
      createdAt: recorded[0]!.createdAt,
    });

    const rest = await page(`?after=${json(first).nextCursor}`, 3);
    assert.deepEqual(
      json(rest).data.map((e: { id: string }) => e.id),
      recorded.slice(2).map((e) => e.id),
    );

    const caughtUp = await svc.inject({ method: 'GET', url: `${url}?after=${json(rest).nextCursor}`, headers: org.keyHeader });
    assert.deepEqual(json(caughtUp).data, []);
    assert.equal(json(caughtUp).nextCursor, json(rest).nextCursor, 'the cursor stays put until something new happens');

    const later = await recordEvent(svc, org.organizationId, 'message.received', { message_id: 'm' });
    const next = await page(`?after=${json(caughtUp).nextCursor}`, 1);
    assert.deepEqual(
      json(next).data.map((e: { id: string }) => e.id),
      [later.id],
    );
  });

  it('validates the cursor and needs events:read', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const bad = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/events?after=abc`, headers: org.keyHeader });
    assert.equal(bad.statusCode, 400);
    assert.equal(json(bad).error.details[0].field, 'after');
    const tooMany = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/events?limit=501`, headers: org.keyHeader });
    assert.equal(tooMany.statusCode, 400);
    const narrow = await svc.seedOrganization({ scopes: ['webhooks:write'] });
    const denied = await svc.inject({ method: 'GET', url: `/api/${narrow.organizationId}/events`, headers: narrow.keyHeader });
    assert.equal(denied.statusCode, 403);
  });
});
