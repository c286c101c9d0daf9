/** Helpers for the webhook tests: start a service with a fast retry schedule, record events, poll. */
import type { SeededOrganization, TestEnv, TestService } from '../support/harness.js';
import { json } from '../support/harness.js';
import { poll } from '../support/poll.js';
import type { WebhookReceiver } from '../fakes/webhook-receiver.js';
import type { EventPayloads, EventType } from '../../src/event-log/catalogue.js';
import { WEBHOOK_DELIVER_JOB } from '../../src/modules/webhooks/webhook-rules.js';

/** A service whose retries come after 50 ms then 100 ms (3 attempts in all), with a quick worker. */
export function startFast(env: TestEnv, extraEnv: Record<string, string> = {}): Promise<TestService> {
  return env.start({ env: { WEBHOOK_RETRY_SCHEDULE_MS: '50,100', ...extraEnv }, workerOptions: { idlePollMs: 20 } });
}

/**
 * Records a domain event the way every module does: through deps.events in a transaction. The webhook
 * tests use made-up payloads (any type, any data), so this one call sets the catalogue's types aside.
 */
export function recordEvent(svc: TestService, organizationId: string, type: string, data: Record<string, unknown>) {
  return svc.db
    .transaction()
    .execute((trx) => svc.deps.events.record(trx, { organizationId, type: type as EventType, data: data as EventPayloads[EventType] }));
}

/** Registers `receiver` as an endpoint of `org` and gives the receiver its secret. */
export async function register(svc: TestService, org: SeededOrganization, receiver: WebhookReceiver, body: Record<string, unknown> = {}) {
  const res = await svc.inject({
    method: 'POST',
    url: `/api/${org.organizationId}/webhooks`,
    headers: org.keyHeader,
    payload: { url: receiver.url, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const endpoint = json(res).data;
  receiver.secret = endpoint.secret;
  return endpoint as { id: string; secret: string; url: string };
}

/** Polls `check` (every 20 ms at first: ../support/poll.ts) until it answers a value; fails naming `what` after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const { value, met } = await poll(check, (answer) => !!answer, { timeoutMs, everyMs: 20 });
  if (!met) throw new Error(`timed out waiting for ${what}`);
  return value as T;
}

/**
 * Waits until the organization's webhook work is finished: no delivery pending and no delivery job
 * left (fan-out happens in the event's own transaction, so every recorded event is covered). Only
 * then can "exactly once" or "nothing more" be asserted.
 */
export async function webhooksSettled(svc: TestService, organizationId: string, timeoutMs = 10_000): Promise<void> {
  await eventually(
    async () => {
      const pending = await svc.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('status', '=', 'pending')
        .execute();
      const jobs = await svc.db
        .selectFrom('jobs')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('type', '=', WEBHOOK_DELIVER_JOB)
        .where('status', '!=', 'dead')
        .execute();
      return pending.length === 0 && jobs.length === 0;
    },
    timeoutMs,
    'webhook deliveries to finish',
  );
}

export async function deliveries(svc: TestService, org: SeededOrganization, endpointId: string, query = '') {
  const res = await svc.inject({
    method: 'GET',
    url: `/api/${org.organizationId}/webhooks/${endpointId}/deliveries${query}`,
    headers: org.keyHeader,
  });
  if (res.statusCode !== 200) throw new Error(`deliveries failed: ${res.statusCode} ${res.body}`);
  return json(res) as { data: any[]; nextCursor: string | null };
}
