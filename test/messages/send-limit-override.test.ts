/**
 * An organization's own send limit (issue 13, item 5): set through the admin API, it replaces the
 * plan's in the send rate limit and its RateLimit-* headers from the next send; cleared (null), the
 * plan's limit is back. The CLI's `set-send-limit` goes through the same service and body schema.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { post } from './support.js';

function sendBody(channelId: string, i: number) {
  return { channel_id: channelId, to: `55119877${String(50000 + i)}`, type: 'text', content: { text: `n${i}` } };
}

describeEachDatabase('send limit override', (env) => {
  it('set to 5 a minute, the 6th send is 429 with RateLimit-Limit: 5; cleared, the plan limit is back', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization({ plan: 'starter' });
    const set = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { sendLimitPerMinute: 5 });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().data.sendLimitPerMinute, 5);
    assert.equal(set.json().data.plan, 'starter', 'the plan stays');

    for (let i = 0; i < 5; i++) {
      const res = await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, i), org.bearer);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.headers.get('ratelimit-limit'), '5');
      assert.equal(res.headers.get('ratelimit-remaining'), String(4 - i));
    }
    const limited = await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, 5), org.bearer);
    assert.equal(limited.status, 429, limited.text);
    assert.equal(limited.json.error.code, 'RATE_LIMITED');
    assert.equal(limited.headers.get('ratelimit-limit'), '5');

    const cleared = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { sendLimitPerMinute: null });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.equal(cleared.json().data.sendLimitPerMinute, null);
    const back = await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, 6), org.bearer);
    assert.equal(back.status, 201, back.text);
    assert.equal(back.headers.get('ratelimit-limit'), '60', "the starter plan's limit again");
  });

  it('a limit above the plan lets an organization send more; a PATCH without it keeps it; bad values are 400', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization({ plan: 'starter' });
    await svc.admin('PATCH', `/organizations/${org.organizationId}`, { sendLimitPerMinute: 50_000 });
    const renamed = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { name: 'Renamed' });
    assert.equal(renamed.json().data.sendLimitPerMinute, 50_000, 'a PATCH that does not name it keeps it');
    const res = await post(svc, '/v1/messages/send', sendBody(org.channels.email, 0), org.bearer);
    assert.equal(res.headers.get('ratelimit-limit'), '50000');
    for (const bad of [0, -1, 1.5, '10', 1_000_001]) {
      const refused = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { sendLimitPerMinute: bad });
      assert.equal(refused.statusCode, 400, `sendLimitPerMinute ${JSON.stringify(bad)}: ${refused.body}`);
    }
    const created = await svc.admin('POST', '/organizations', { name: 'Contract', plan: 'enterprise', sendLimitPerMinute: 3000 });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().data.sendLimitPerMinute, 3000);
  });
});
