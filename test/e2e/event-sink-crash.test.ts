/**
 * An event sink across a SIGKILL of the process streaming it (DESIGN §13): the real
 * `conversa serve` (worker inline) on SQLite (a file) and PostgreSQL streams every organization's
 * events into the machine's RabbitMQ, in small batches, while customers are created one after
 * another; the process is killed mid-stream and started again on the same database. A consumer
 * bound to the exchange must end with every event of the log, each organization's first arrivals in
 * the log's order, and every copy carrying its event id (duplicates are allowed: at least once).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AMQP_URL, brokerSkip, firstArrivals, rabbitConsumer, uniqueName } from '../support/brokers.js';
import { createTestDatabase, DIALECTS } from '../support/databases.js';
import { call, type ConversaProcess, startServe, until } from '../support/serve-process.js';

const ADMIN = 'sink-crash-admin-token-0123456789';
const skipWithoutRabbit = await brokerSkip('RabbitMQ');

for (const { dialect, skip } of DIALECTS) {
  describe(`event sink across a SIGKILL (real process) [${dialect}]`, { skip: skip || skipWithoutRabbit }, () => {
    it('delivers every event, in order per organization, with its id, after the streaming process is killed', async () => {
      const database = await createTestDatabase(dialect);
      const databaseUrl = database.config.dialect === 'sqlite' ? database.config.file : database.config.url;
      const env = {
        DATABASE_URL: databaseUrl,
        ADMIN_TOKEN: ADMIN,
        JOB_LEASE_MS: '1500',
        SEND_TIMEOUT_MS: '1000',
        EVENT_SINK_POLL_MS: '20',
        EVENT_SINK_BATCH: '3',
      };
      const exchange = uniqueName('conversa-crash-');
      const consumer = await rabbitConsumer(exchange);
      let server: ConversaProcess = startServe(env);
      try {
        let url = await server.listening;
        const key = /API key:\s+(cnv_\S+)/.exec(server.output())![1]!;
        const organizationId = /Organization:\s+([0-9a-f-]{36})/.exec(server.output())![1]!;
        const admin = { authorization: `Bearer ${ADMIN}` };
        const sink = await call(`${url}/admin/v1/event-sinks`, 'POST', admin, {
          kind: 'rabbitmq',
          url: AMQP_URL,
          exchange,
          start: 'oldest',
        });
        assert.equal(sink.status, 201, JSON.stringify(sink.json));

        // Customers created one after another, before, during and after the kill; refused calls while the process is down are retried.
        let created = 0;
        let stopped = false;
        const generate = (async () => {
          while (!stopped) {
            const res = await call(
              `${url}/api/${organizationId}/customers`,
              'POST',
              { 'x-api-key': key },
              {
                name: `Customer ${created}`,
                contacts: [{ type: 'email', value: `${uniqueName('c')}@example.com` }],
              },
            ).catch(() => undefined);
            if (res?.status === 201) created++;
            else await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();

        await until(() => consumer.received.length >= 15, 30_000, 'the sink to stream');
        server.child.kill('SIGKILL');
        await server.exited;
        const atKill = { received: consumer.received.length, created };
        server = startServe(env);
        url = await server.listening;
        await until(() => created >= atKill.created + 15, 30_000, 'more customers after the restart');
        stopped = true;
        await generate;

        const feed = await call(`${url}/api/${organizationId}/events?limit=500`, 'GET', { 'x-api-key': key });
        const expected = (feed.json.data as { id: string }[]).map((event) => event.id);
        await until(
          () => firstArrivals(consumer.received, organizationId).length >= expected.length,
          30_000,
          'every event at the consumer',
        );
        assert.deepEqual(firstArrivals(consumer.received, organizationId), expected, "every event, in the organization's order");
        assert.ok(atKill.received < expected.length, `killed mid-stream (${atKill.received} of ${expected.length} received)`);
        const ids = new Set(expected);
        for (const copy of consumer.received) {
          assert.equal(copy.id, copy.event.id, 'each copy carries its event id');
          assert.ok(ids.has(copy.id), 'nothing that is not in the log');
        }
        console.log(
          `event sink crash figures: ${JSON.stringify({ dialect, events: expected.length, copies: consumer.received.length, duplicates: consumer.received.length - expected.length, receivedAtKill: atKill.received })}`,
        );
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
        await consumer.close();
      }
    });
  });
}
