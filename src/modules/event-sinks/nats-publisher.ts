/**
 * NATS JetStream: subject `<prefix>.<organizationId>.<event type>`, the event id as `Nats-Msg-Id`
 * (JetStream drops a copy it has seen within the stream's duplicate window). Each publish waits for
 * its ack before the next: a message that failed is never overtaken by a later one, so the stream
 * keeps each organization's order. When no stream captures the prefix, one is created
 * (`<PREFIX>_EVENTS`, file storage, two-minute duplicate window); an operator who manages streams
 * creates their own first, and it is used.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { PUBLISH_TIMEOUT_MS, type SinkMessage, type SinkPublisher } from './sink-publisher.js';

const DUPLICATE_WINDOW_NS = 2 * 60 * 1e9;

function connectionOptions(url: string) {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  return {
    servers: `${parsed.hostname.includes(':') ? `[${parsed.hostname}]` : parsed.hostname}:${parsed.port || '4222'}`,
    // nats://user:pass@host, or nats://token@host
    ...(user && pass ? { user, pass } : user ? { token: user } : {}),
    timeout: PUBLISH_TIMEOUT_MS,
    reconnect: false,
  };
}

export function streamNameFor(prefix: string): string {
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
}

export async function natsPublisher(url: string, prefix: string): Promise<SinkPublisher> {
  // Loaded by the first NATS sink (sink-publisher.ts says why).
  const [{ connect, headers }, { jetstream, jetstreamManager }] = await Promise.all([
    import('@nats-io/transport-node'),
    import('@nats-io/jetstream'),
  ]);
  const connection: NatsConnection = await connect(connectionOptions(url));
  try {
    const manager = await jetstreamManager(connection);
    const subjects = `${prefix}.>`;
    const found = await manager.streams.find(`${prefix}.x.y`).catch(() => undefined);
    if (!found) await manager.streams.add({ name: streamNameFor(prefix), subjects: [subjects], duplicate_window: DUPLICATE_WINDOW_NS });
  } catch (err) {
    await connection.close();
    throw err;
  }
  const stream = jetstream(connection);
  return {
    async publish(messages: readonly SinkMessage[]) {
      for (const message of messages) {
        const meta = headers();
        meta.set('Conversa-Organization', message.organizationId);
        meta.set('Conversa-Event-Type', message.type);
        await stream.publish(`${prefix}.${message.organizationId}.${message.type}`, message.body, {
          msgID: message.id,
          headers: meta,
          timeout: PUBLISH_TIMEOUT_MS,
        });
      }
    },
    close: () => connection.close(),
  };
}
