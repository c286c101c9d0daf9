/**
 * Chat create (spec endpoint 2) with a NEW contact on every request (customer, contact, chat and
 * their events created in one transaction), beside the bare Fastify route and the send scenario's
 * durable floor (key lookup + message + outbox row in one transaction), on each database, at 50
 * connections. The organization API's per-key rate limit is lifted for the run. Target: at least
 * 0.5x the floor's throughput.
 */
import { benchDatabases, load, printTable, startService, withBareFastify } from '../lib.js';
import type { Scenario } from '../lib.js';
import { ownDatabase, seed, withFloor } from './send.js';

export const chatCreateScenario: Scenario = {
  name: 'chat-create',
  description: 'POST /api/{organizationId}/chat/create, a new contact each request, vs a bare route and the send floor',
  async run() {
    for (const { label, config } of benchDatabases()) {
      const database = await ownDatabase(config());
      const { runtime, url } = await startService(database.config, { ORG_API_RATE_LIMIT: '1000000' });
      try {
        const seeded = await seed(runtime.services);
        const headers = { 'x-api-key': seeded.key };
        const bearer = { authorization: `Bearer ${seeded.key}` };
        const warm = await fetch(`${url}/api/${seeded.organizationId}/chat/create`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ channelId: seeded.quietChannel, customer: { whatsapp: '5511987654321' } }),
        });
        if (warm.status !== 200) throw new Error(`warm-up chat create failed: ${warm.status} ${await warm.text()}`);
        const chatId = ((await warm.json()) as { chatId: string }).chatId;

        const bare = await withBareFastify((bareUrl) => load('bare Fastify route', { url: bareUrl, method: 'POST', body: '{}' }));
        const floor = await withFloor(runtime.deps.db, seeded.organizationId, seeded.quietChannel, chatId, async (floorUrl) => {
          await load('warm-up', { url: floorUrl, method: 'POST', headers: bearer, body: '{}', durationSeconds: 1 });
          return load('floor (key lookup + message + outbox, 1 tx)', { url: floorUrl, method: 'POST', headers: bearer, body: '{}' });
        });
        const requests = (first: number) => ({
          factory: 'chatCreateRequests' as const,
          args: [seeded.organizationId, seeded.quietChannel, first],
        });
        await load('warm-up', { url, headers, requests: requests(0), durationSeconds: 1 });
        const create = await load('chat create, every contact new (customer + chat created)', {
          url,
          headers,
          requests: requests(10_000_000),
        });
        printTable(`chat create on ${label} (50 connections, ${process.env.BENCH_SECONDS ?? 5} s each)`, bare, [floor, create]);
        console.log(
          `chat create / floor throughput: ${(create.requestsPerSecond / floor.requestsPerSecond).toFixed(2)} (target >= 0.5); ` +
            `chat create p50 ${create.p50Ms} ms, p99 ${create.p99Ms} ms`,
        );
      } finally {
        await runtime.close(10_000);
        await database.drop();
      }
    }
  },
};
