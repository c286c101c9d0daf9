import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { messageRow, post, statusEvents, waitFor } from './support.js';

/** A send the sandbox refuses in a retryable way: answered `pending`, handed to a `messages.send` job. */
async function pendingSend(svc: TestService, org: SeededOrganization): Promise<string> {
  const res = await post(
    svc,
    '/v1/messages/send',
    { channel_id: org.channels.instagram, to: '1784140000', type: 'text', content: { text: 'hi' } },
    org.bearer,
  );
  assert.equal(res.status, 201, res.text);
  assert.equal(res.json.data.status, 'pending');
  // Three attempts instead of twelve, so the job runs out within the test.
  await svc.db.updateTable('jobs').set({ max_attempts: 3 }).where('type', '=', 'messages.send').execute();
  return res.json.data.id as string;
}

/** The send job has finished: the message left `pending` and no send job is left (not even a dead one). */
async function sendFinished(svc: TestService, messageId: string) {
  return waitFor(
    async () => ({
      message: await messageRow(svc, messageId),
      jobs: await svc.db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('type', '=', 'messages.send').execute(),
    }),
    ({ message, jobs }) => message?.status !== 'pending' && jobs.length === 0,
    15_000,
  );
}

describeEachDatabase('send jobs that run out of attempts', (env) => {
  it('ends a send job running out of retries failed with the last error', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20, retryBaseMs: 20 } });
    const org = await svc.seedOrganization({ channelConfig: { sendError: 'retryable', deliverAfterMs: 3_600_000 } });
    const id = await pendingSend(svc, org);
    const { message, jobs } = await sendFinished(svc, id);
    assert.deepEqual(jobs, [], 'the job ended, not left dead or queued');
    assert.equal(message?.status, 'failed');
    assert.equal(message?.error_code, 'SANDBOX_UNAVAILABLE');
    assert.match(message?.error_message ?? '', /temporarily unavailable/);
    assert.equal(message?.send_due_at, null);
    assert.equal(message?.provider_message_id, null, 'never sent');
    assert.deepEqual(
      (await statusEvents(svc, id)).map((e) => e.status),
      ['failed'],
    );
  });

  it('ends failed CHANNEL_DISCONNECTED, sending nothing, when the channel is disconnected while its job waits', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20, retryBaseMs: 20 } });
    const org = await svc.seedOrganization({ channelConfig: { sendError: 'retryable', deliverAfterMs: 3_600_000 } });
    const id = await pendingSend(svc, org);
    // The provider would now accept the message, but the channel is disconnected.
    await svc.services.channels.update(org.organizationId, org.channels.instagram, { status: 'disconnected', config: { sendError: null } });
    const { message, jobs } = await sendFinished(svc, id);
    assert.deepEqual(jobs, []);
    assert.equal(message?.status, 'failed');
    assert.equal(message?.error_code, 'CHANNEL_DISCONNECTED');
    assert.equal(message?.provider_message_id, null, 'nothing went out on the disconnected channel');
    assert.deepEqual(
      (await statusEvents(svc, id)).map((e) => e.status),
      ['failed'],
    );
  });
});
