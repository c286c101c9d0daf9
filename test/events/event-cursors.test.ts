/**
 * Event cursors are opaque and bound to their organization (DESIGN §14, docs/security.md "The HTTP
 * edge"): the log's place is global to the database, so a bare one would tell a tenant how many
 * events the others make. Another organization's cursor is refused (400) by the feed and the
 * stream; the cursors of before (bare numbers) are still read.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { settledFeed } from '../support/event-feed.js';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { recordEvent } from '../webhooks/support.js';

const OPAQUE = /^c[A-Za-z0-9_-]{38}$/;

function feed(svc: TestService, org: SeededOrganization, after?: string) {
  const query = after === undefined ? '' : `?after=${encodeURIComponent(after)}`;
  return svc.inject({ method: 'GET', url: `/api/${org.organizationId}/events${query}`, headers: org.keyHeader });
}

function stream(svc: TestService, org: SeededOrganization, lastEventId: string) {
  return svc.inject({
    method: 'GET',
    url: `/api/${org.organizationId}/events/stream`,
    headers: { ...org.keyHeader, 'last-event-id': lastEventId },
  });
}

describeEachDatabase('event cursors', (env) => {
  it("refuses one organization's cursor in another's feed and stream, and hands out cursors that count nothing", async () => {
    const svc = await env.start({ startWorker: false });
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    await recordEvent(svc, a.organizationId, 'customer.updated', { n: 1 });
    const beforeB = (await feed(svc, b)).json().nextCursor as string;
    // A busy neighbour: B's cursors do not move with A's volume.
    for (let i = 0; i < 30; i++) await recordEvent(svc, a.organizationId, 'customer.updated', { n: i });
    assert.equal((await feed(svc, b)).json().nextCursor, beforeB, "another organization's events do not show in B's cursor");
    await recordEvent(svc, b.organizationId, 'customer.updated', { n: 'b' });

    const pageA = await settledFeed(svc, a, 31);
    assert.equal(pageA.data.length, 31);
    const cursorA = pageA.nextCursor as string;
    const pageB = await settledFeed(svc, b, 1);
    assert.equal(pageB.data.length, 1);
    const cursorB = pageB.nextCursor as string;
    for (const cursor of [cursorA, cursorB, beforeB]) assert.match(cursor, OPAQUE);
    // B's only event sits after A's 31 in the global log; nothing of that shows in its cursor.
    const seqB = (await svc.db.selectFrom('events').select('seq').where('organization_id', '=', b.organizationId).executeTakeFirstOrThrow())
      .seq;
    assert.ok(!cursorB.includes(String(seqB)) || String(seqB).length < 2);
    const c = await svc.seedOrganization({ name: 'C' });
    const startC = (await feed(svc, c)).json().nextCursor as string;
    assert.notEqual(startC, beforeB, 'the start of the log is a different cursor for each organization');

    // A's cursor in B's feed and stream: 400, as is a cursor altered by one character.
    const refused = [
      await feed(svc, b, cursorA),
      await stream(svc, b, cursorA),
      // a middle character: the last one's low bits are base64url padding, which decoding drops
      await feed(svc, a, `${cursorA.slice(0, 10)}${cursorA[10] === 'A' ? 'B' : 'A'}${cursorA.slice(11)}`),
      await feed(svc, a, 'c-not-a-cursor'),
    ];
    for (const res of refused) {
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().success, false);
      assert.equal(res.json().error.code, 'VALIDATION_ERROR');
    }
    // Its own cursor still reads on; B's feed after its own cursor is empty.
    assert.equal((await feed(svc, a, cursorA)).json().data.length, 0);
    assert.equal((await feed(svc, b, cursorB)).json().data.length, 0);
    assert.equal((await settledFeed(svc, b, 1, `after=${encodeURIComponent(beforeB)}`)).data.length, 1);
  });

  it('still reads the bare cursors handed out before, and answers with an opaque one', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const first = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 1 });
    const second = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 2 });
    const seq = (await svc.db.selectFrom('events').select('seq').where('id', '=', first.id).executeTakeFirstOrThrow()).seq;
    const page = await settledFeed(svc, org, 1, `after=${seq}`);
    assert.ok(page.data.some((e) => e.id === second.id));
    assert.match(page.nextCursor, OPAQUE);
    assert.equal((await settledFeed(svc, org, 2, 'after=0')).data.length, 2);
  });
});
