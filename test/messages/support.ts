/** Helpers of the messaging tests: real HTTP against the started service, bounded polling. */
import type { TestService } from '../support/harness.js';
import { poll } from '../support/poll.js';

export async function post(svc: TestService, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${svc.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Polls `read` (every `everyMs` at first: ../support/poll.ts) until `done` holds or the time is up; returns the last value read. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000, everyMs = 50): Promise<T> {
  return (await poll(read, done, { timeoutMs, everyMs })).value;
}

export async function messageRow(svc: TestService, id: string) {
  return svc.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function statusEvents(svc: TestService, messageId: string) {
  const rows = await svc.db.selectFrom('events').selectAll().where('type', '=', 'message.status_updated').orderBy('seq').execute();
  return rows.map((r) => JSON.parse(r.payload)).filter((data) => data.message_id === messageId);
}
