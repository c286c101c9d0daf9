/**
 * Helpers of the report tests: a clock that stands still until moved (so every fact has a known
 * instant and each figure can be computed by hand), the report client, and a seeded history.
 */
import assert from 'node:assert/strict';
import type { Clock } from '../../src/lib/clock.js';
import type { SeededOrganization, TestEnv, TestService } from '../support/harness.js';
import { addMember, call, chatApi, customerWrites } from '../chats/support.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Time that moves only when told: `set` and `advance` (waking the worker as the TestClock does). */
export class StillClock implements Clock {
  private listeners = new Set<() => void>();
  constructor(private ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
  set(iso: string): void {
    this.ms = Date.parse(iso);
    for (const listener of this.listeners) listener();
  }
  advance(ms: number): void {
    this.ms += ms;
    for (const listener of this.listeners) listener();
  }
  onJump(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export async function startedAt(env: TestEnv, iso: string) {
  const clock = new StillClock(Date.parse(iso));
  const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 20 } });
  const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 1_700_000_000, readAfterMs: 1_700_000_000 } });
  return { svc, org, clock };
}

export function reportsApi(svc: TestService, org: { organizationId: string }, keyHeader: Record<string, string>) {
  return (kind: string, query = '', headers: Record<string, string> = {}) =>
    call(svc, 'GET', `/api/${org.organizationId}/reports/${kind}${query}`, { ...keyHeader, ...headers });
}

/** The figures of the row with `key`, without the key. */
export function rowOf(report: { rows: { key: string | null }[] }, key: string | null) {
  const row = report.rows.find((r) => r.key === key);
  assert.ok(row, `no row ${key} in ${JSON.stringify(report.rows)}`);
  const { key: _key, ...figures } = row;
  return figures;
}

/**
 * The history of docs/reports.md's example, in São Paulo time (UTC−3), Monday 2 March 2026:
 *   09:00 A writes; 09:10 agent1 replies A (first response 10 min)
 *   09:20 B writes; 09:50 agent2 replies B (30 min)
 *   10:00 C writes; 11:00 agent1 replies C (60 min)
 *   12:00 agent1 closes A (resolution 3 h from 09:00)
 *   13:00 agent2 asks to close B; 13:10 B writes (reopened); 14:00 agent2 closes B (4 h 40 min)
 *   Tuesday 09:00 D writes (no reply)
 */
export async function seedHistory(svc: TestService, org: SeededOrganization, clock: StillClock) {
  const agent1 = await addMember(svc, org.organizationId, 'Agent1');
  const agent2 = await addMember(svc, org.organizationId, 'Agent2');
  const channel = org.channels.whatsapp_zapi;
  const at = (local: string) => clock.set(`${local}-03:00`);
  const reply = async (agent: { keyHeader: Record<string, string> }, chatId: string) => {
    const sent = await chatApi(svc, org, agent.keyHeader).reply(chatId, { type: 'text', content: 'On it' });
    assert.equal(sent.status, 201, sent.text);
  };
  const status = async (agent: { keyHeader: Record<string, string> }, chatId: string, to: string) => {
    const changed = await chatApi(svc, org, agent.keyHeader).status(chatId, to);
    assert.equal(changed.status, 200, changed.text);
  };
  at('2026-03-02T09:00:00');
  const a = (await customerWrites(svc, channel, '5511987650001')).chatId;
  at('2026-03-02T09:10:00');
  await reply(agent1, a);
  at('2026-03-02T09:20:00');
  const b = (await customerWrites(svc, channel, '5511987650002')).chatId;
  at('2026-03-02T09:50:00');
  await reply(agent2, b);
  at('2026-03-02T10:00:00');
  const c = (await customerWrites(svc, channel, '5511987650003')).chatId;
  at('2026-03-02T11:00:00');
  await reply(agent1, c);
  at('2026-03-02T12:00:00');
  await status(agent1, a, 'await_closing');
  await status(agent1, a, 'closed');
  at('2026-03-02T13:00:00');
  await status(agent2, b, 'await_closing');
  at('2026-03-02T13:10:00');
  assert.equal((await customerWrites(svc, channel, '5511987650002')).chatId, b);
  at('2026-03-02T14:00:00');
  await status(agent2, b, 'await_closing');
  await status(agent2, b, 'closed');
  at('2026-03-03T09:00:00');
  const d = (await customerWrites(svc, channel, '5511987650004')).chatId;
  at('2026-03-04T12:00:00');
  return { agent1, agent2, channel, chats: { a, b, c, d } };
}
