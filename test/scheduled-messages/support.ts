/** Helpers of the scheduled-message tests: the API for one chat, the rows, a started service with a TestClock. */
import assert from 'node:assert/strict';
import { TestClock } from '../../src/lib/clock.js';
import type { SeededOrganization, TestEnv, TestService } from '../support/harness.js';
import { waitFor } from '../messages/support.js';
import { call } from '../chats/support.js';

export const HOUR = 3_600_000;
export const QUIET = { channelConfig: { deliverAfterMs: 1_700_000_000, readAfterMs: 1_700_000_000 } };

export async function started(env: TestEnv) {
  const clock = new TestClock();
  const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 20 } });
  const org = await svc.seedOrganization(QUIET);
  return { svc, org, clock };
}

export function scheduledApi(svc: TestService, org: { organizationId: string }, keyHeader: Record<string, string>) {
  const base = (chatId: string) => `/api/${org.organizationId}/chats/${chatId}/scheduled-messages`;
  return {
    create: (chatId: string, body: unknown) => call(svc, 'POST', base(chatId), keyHeader, body),
    list: (chatId: string, query = '') => call(svc, 'GET', `${base(chatId)}${query}`, keyHeader),
    cancel: (chatId: string, id: string) => call(svc, 'DELETE', `${base(chatId)}/${id}`, keyHeader),
  };
}

export const inHours = (clock: TestClock, hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();

export async function scheduledRow(svc: TestService, id: string) {
  return svc.db.selectFrom('scheduled_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Waits until the scheduled message left `scheduled` (the job ran), and answers its row. */
export async function settled(svc: TestService, id: string) {
  const row = await waitFor(
    () => scheduledRow(svc, id),
    (r) => r.status !== 'scheduled',
    8000,
  );
  assert.notEqual(row.status, 'scheduled', 'the scheduled message is still waiting');
  return row;
}

export async function eventsOf(svc: TestService, org: SeededOrganization, type: string) {
  const rows = await svc.db
    .selectFrom('events')
    .select('payload')
    .where('organization_id', '=', org.organizationId)
    .where('type', '=', type)
    .orderBy('seq')
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>);
}
