import assert from 'node:assert/strict';
import { it } from 'node:test';
import { applyStatusWatermark } from '../../src/modules/messages/message-updates.js';
import { orgContext } from '../../src/modules/shared/org-context.js';
import { describeEachDatabase } from '../support/harness.js';
import { messageRow, post, statusEvents } from './support.js';

describeEachDatabase('watermark receipts (Messenger style)', (env) => {
  it('moves every outbound message to the contact up to the watermark, once, never back', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } });
    const channel = org.channels.facebook;
    const send = async (to: string) =>
      (await post(svc, '/v1/messages/send', { channel_id: channel, to, type: 'text', content: { text: 'x' } }, org.bearer)).json.data;
    const first = await send('2400000000000001');
    const second = await send('2400000000000001');
    const other = await send('2400000000000002');
    const watermark = new Date(Date.parse(second.created_at) + 1).toISOString();
    const apply = (status: 'delivered' | 'read', at: string) =>
      svc.db.transaction().execute((trx) =>
        applyStatusWatermark(orgContext(svc.deps, trx, org.organizationId), channel, {
          kind: 'status_watermark',
          recipient: '2400000000000001',
          status,
          watermark: at,
        }),
      );
    assert.equal(await apply('read', watermark), 2);
    assert.equal(await apply('delivered', watermark), 0, 'a late delivered changes nothing');
    assert.equal(await apply('read', watermark), 0, 'a repeated read changes nothing');
    assert.equal((await messageRow(svc, first.id))?.status, 'read');
    assert.equal((await messageRow(svc, second.id))?.status, 'read');
    assert.equal((await messageRow(svc, other.id))?.status, 'sent', 'another contact is untouched');
    assert.deepEqual(
      (await statusEvents(svc, first.id)).map((e) => e.status),
      ['sent', 'read'],
    );
    const other2 = await svc.seedOrganization({ name: 'Other' });
    assert.equal(
      await svc.db.transaction().execute((trx) =>
        applyStatusWatermark(orgContext(svc.deps, trx, other2.organizationId), channel, {
          kind: 'status_watermark',
          recipient: '2400000000000002',
          status: 'read',
          watermark: new Date().toISOString(),
        }),
      ),
      0,
      'another organization cannot move them',
    );
  });
});
