/**
 * RabbitMQ: a durable topic exchange (declared if missing), routing key
 * `<organizationId>.<event type>`, persistent messages with the event id as AMQP `message_id` and
 * the type as `type`. Publisher confirms, one message at a time: a message the broker refused is
 * never overtaken by a later one, so each organization's order holds on every queue bound to the
 * exchange. RabbitMQ drops what no queue is bound to: bind queues before streaming what you need.
 */
import { PUBLISH_TIMEOUT_MS, type SinkMessage, type SinkPublisher } from './sink-publisher.js';

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`RabbitMQ: no ${what} within ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function rabbitmqPublisher(url: string, exchange: string): Promise<SinkPublisher> {
  // Loaded by the first RabbitMQ sink (sink-publisher.ts says why).
  const { default: amqp } = await import('amqplib');
  const connection = await withTimeout(amqp.connect(url, { timeout: PUBLISH_TIMEOUT_MS }), 'connection');
  // An error event without a listener would crash the process; the next publish fails instead.
  let lost: Error | undefined;
  connection.on('error', (err: Error) => (lost = err));
  connection.on('close', () => (lost ??= new Error('RabbitMQ: the connection closed')));
  try {
    const channel = await connection.createConfirmChannel();
    channel.on('error', (err: Error) => (lost = err));
    await channel.assertExchange(exchange, 'topic', { durable: true });
    return {
      async publish(messages: readonly SinkMessage[]) {
        for (const message of messages) {
          if (lost) throw lost;
          const confirmed = new Promise<void>((resolve, reject) => {
            channel.publish(
              exchange,
              `${message.organizationId}.${message.type}`,
              message.body,
              {
                persistent: true,
                messageId: message.id,
                type: message.type,
                contentType: 'application/json',
                headers: { 'conversa-organization': message.organizationId },
              },
              (err: unknown) =>
                err ? reject(err instanceof Error ? err : new Error('RabbitMQ: the broker refused the message')) : resolve(),
            );
          });
          await withTimeout(confirmed, 'publisher confirm');
        }
      },
      async close() {
        await connection.close().catch(() => undefined); // already closed by the broker: nothing to release
      },
    };
  } catch (err) {
    await connection.close().catch(() => undefined);
    throw err;
  }
}
