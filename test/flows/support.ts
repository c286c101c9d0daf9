/** Helpers of the flow tests: flows and runs through the organization API, outbound texts of a chat, a run awaited. */
import assert from 'node:assert/strict';
import type { SeededOrganization, TestService } from '../support/harness.js';
import { call, type Answer } from '../chats/support.js';
import { waitFor } from '../messages/support.js';

export function flowApi(svc: TestService, org: SeededOrganization, keyHeader: Record<string, string> = org.keyHeader) {
  const base = `/api/${org.organizationId}`;
  return {
    call: (method: string, path: string, body?: unknown): Promise<Answer> => call(svc, method, `${base}${path}`, keyHeader, body),
    async createFlow(steps: unknown[], name = 'Flow'): Promise<string> {
      const res = await call(svc, 'POST', `${base}/flows`, keyHeader, { name, steps });
      assert.equal(res.status, 201, res.text);
      return res.json.data.id as string;
    },
    async startRun(flowId: string, chatId: string, variables?: Record<string, unknown>) {
      const res = await call(svc, 'POST', `${base}/flows/${flowId}/runs`, keyHeader, { chatId, ...(variables ? { variables } : {}) });
      assert.equal(res.status, 201, res.text);
      return res.json.data as { id: string; status: string };
    },
    async run(runId: string) {
      const res = await call(svc, 'GET', `${base}/flow-runs/${runId}`, keyHeader);
      assert.equal(res.status, 200, res.text);
      return res.json.data;
    },
    /** Waits until the run is in one of `statuses` and answers its record. */
    async until(runId: string, statuses: string[], timeoutMs = 8000) {
      const record = await waitFor(
        () => this.run(runId),
        (run) => statuses.includes(run.status),
        timeoutMs,
      );
      assert.ok(statuses.includes(record.status), `run ${runId} is ${record.status}, not ${statuses.join('/')}: ${JSON.stringify(record)}`);
      return record;
    },
  };
}

/** The texts (or captions) of the chat's outbound messages, oldest first, with when each was stored. */
export async function outbound(svc: TestService, chatId: string) {
  const rows = await svc.db
    .selectFrom('messages')
    .select(['id', 'content', 'type', 'status', 'created_at'])
    .where('chat_id', '=', chatId)
    .where('direction', '=', 'outbound')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const content = JSON.parse(row.content) as Record<string, unknown>;
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      text: (content.text ?? content.caption ?? content.name) as string,
      at: Date.parse(row.created_at),
      content,
    };
  });
}

export async function outboundTexts(svc: TestService, chatId: string): Promise<string[]> {
  return (await outbound(svc, chatId)).map((m) => m.text);
}
