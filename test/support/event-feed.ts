/**
 * Reading `GET /api/{organizationId}/events` in a test the way an integrator polls it. On
 * PostgreSQL the feed hands out an event only once no older transaction of the database may still
 * be running (src/event-log/horizon.ts). A transaction of another test's database that ends while
 * the horizon is computed cannot be proven foreign and counts as ours for that one read, so on a
 * busy shared server an event just written can be held back for a moment: a test asserting on the
 * feed right after a write reads until it has what was written.
 */
import { waitFor } from '../messages/support.js';
import type { SeededOrganization, TestService } from './harness.js';

export interface FeedPage {
  data: { id: string; type: string; data: unknown; createdAt: string }[];
  nextCursor: string;
}

/** The feed's page once it holds at least `count` events (`query` without the leading `?`). */
export async function settledFeed(svc: TestService, org: SeededOrganization, count: number, query = ''): Promise<FeedPage> {
  const url = `/api/${org.organizationId}/events${query ? `?${query}` : ''}`;
  return waitFor(
    async () => {
      const res = await svc.inject({ method: 'GET', url, headers: org.keyHeader });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as FeedPage;
    },
    (page) => page.data.length >= count,
  );
}
