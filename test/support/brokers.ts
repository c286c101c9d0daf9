/**
 * The real brokers the event-sink tests publish to: NATS (JetStream) on 127.0.0.1:4222 and RabbitMQ
 * on 127.0.0.1:5672 (TEST_NATS_URL, TEST_AMQP_URL to change). Absent, a suite skips saying so, except
 * in CI (`CI` set), where `.ci/run` installs and starts both and an absent broker fails the run.
 * Each test uses its own subject prefix or exchange, and its consumer collects every copy with its
 * event id, so a test can count losses, duplicates and order.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import amqp from 'amqplib';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';

export const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
export const AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** `false` when the broker answers; else the skip message (never in CI: there the test runs and fails). */
export async function brokerSkip(name: 'NATS' | 'RabbitMQ'): Promise<string | false> {
  const up = name === 'NATS' ? await reachable(NATS_URL, 4222) : await reachable(AMQP_URL, 5672);
  if (up || process.env.CI) return false;
  return `${name} is not running on this machine (CI installs and starts it)`;
}

/** A copy as a consumer received it. */
export interface Received {
  id: string;
  organizationId: string;
  type: string;
  /** The parsed body. */
  event: { id: string; organizationId: string; type: string; data: unknown; createdAt: string };
}

export const uniqueName = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** Every message of the JetStream stream capturing `<prefix>.>`, oldest first (waits until `count` arrived, or the timeout). */
export async function drainNats(prefix: string, count: number, timeoutMs = 20_000): Promise<Received[]> {
  const connection = await connect({ servers: NATS_URL.replace(/^nats:\/\//, '') });
  try {
    const manager = await jetstreamManager(connection);
    const deadline = Date.now() + timeoutMs;
    // The sink creates its stream when it first connects, which may be after this starts.
    let streamName: string | undefined;
    while (!streamName) {
      streamName = await manager.streams.find(`${prefix}.x.y`).catch(() => undefined);
      if (!streamName && Date.now() > deadline) throw new Error(`no JetStream stream captures ${prefix}.>`);
      if (!streamName) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const consumer = await jetstream(connection).consumers.get(streamName);
    const received: Received[] = [];
    while (received.length < count && Date.now() < deadline) {
      const message = await consumer.next({ expires: 1000 });
      if (!message) continue;
      const event = message.json<Received['event']>();
      received.push({
        id: message.headers?.get('Nats-Msg-Id') ?? '',
        organizationId: message.headers?.get('Conversa-Organization') ?? '',
        type: message.subject.split('.').slice(2).join('.'),
        event,
      });
    }
    return received;
  } finally {
    await connection.close();
  }
}

export async function deleteNatsStream(prefix: string): Promise<void> {
  const connection = await connect({ servers: NATS_URL.replace(/^nats:\/\//, '') });
  try {
    const manager = await jetstreamManager(connection);
    const name = await manager.streams.find(`${prefix}.x.y`).catch(() => undefined);
    if (name) await manager.streams.delete(name);
  } finally {
    await connection.close();
  }
}

/** A queue bound to every routing key of `exchange` (declared here, as the sink declares it), collecting what arrives. */
export async function rabbitConsumer(exchange: string) {
  const connection = await amqp.connect(AMQP_URL);
  const channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, exchange, '#');
  const received: (Received & { routingKey: string })[] = [];
  await channel.consume(
    queue,
    (message) => {
      if (!message) return;
      received.push({
        id: String(message.properties.messageId),
        organizationId: String(message.properties.headers?.['conversa-organization'] ?? ''),
        type: String(message.properties.type),
        routingKey: message.fields.routingKey,
        event: JSON.parse(message.content.toString('utf8')) as Received['event'],
      });
    },
    { noAck: true },
  );
  return {
    received,
    async close() {
      await channel.deleteExchange(exchange).catch(() => undefined);
      await connection.close();
    },
  };
}

/** The ids in the order each first arrived: what a consumer that deduplicates by id sees. */
export function firstArrivals(received: readonly Received[], organizationId: string): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  for (const copy of received) {
    if (copy.organizationId !== organizationId || seen.has(copy.id)) continue;
    seen.add(copy.id);
    order.push(copy.id);
  }
  return order;
}
