/**
 * Kafka: one topic, each message keyed by its organization (so one organization's events share a
 * partition and keep their order), the event id and type in headers. The producer is idempotent with
 * one request in flight, so a retried produce neither duplicates nor reorders within a partition.
 * Tested against a wire-protocol fake (test/fakes/kafka-broker.ts), not a real broker: none installs
 * from Debian or npm on our machines (docs/event-sinks.md).
 */
import { PUBLISH_TIMEOUT_MS, type SinkMessage, type SinkPublisher } from './sink-publisher.js';

const KAFKA_URL = /^(kafkas?):\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^/?#@]+)\/?$/;

/** `kafka://host:9092,host2:9092`, `kafka://user:pass@host:9092` (SASL PLAIN), `kafkas://` for TLS; undefined when not one. */
export function parseKafkaUrl(url: string) {
  const match = KAFKA_URL.exec(url);
  if (!match) return undefined;
  const brokers = match[4]!.split(',');
  if (brokers.some((broker) => !/^[A-Za-z0-9.-]+:[0-9]{1,5}$/.test(broker))) return undefined;
  const username = decodeURIComponent(match[2] ?? '');
  const sasl = username ? { mechanism: 'plain' as const, username, password: decodeURIComponent(match[3] ?? '') } : undefined;
  return { brokers, ssl: match[1] === 'kafkas', sasl };
}

function kafkaOptions(url: string, quiet: number) {
  const parsed = parseKafkaUrl(url);
  if (!parsed) throw new Error('Kafka: the sink URL is not kafka://host:port[,host:port]');
  return { clientId: 'conversa', ...parsed, requestTimeout: PUBLISH_TIMEOUT_MS, logLevel: quiet };
}

export async function kafkaPublisher(url: string, topic: string): Promise<SinkPublisher> {
  // Loaded by the first Kafka sink (sink-publisher.ts says why).
  const { Kafka, logLevel } = await import('kafkajs');
  const producer = new Kafka(kafkaOptions(url, logLevel.NOTHING)).producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: true,
  });
  await producer.connect();
  return {
    async publish(messages: readonly SinkMessage[]) {
      if (messages.length === 0) return;
      await producer.send({
        topic,
        acks: -1,
        timeout: PUBLISH_TIMEOUT_MS,
        messages: messages.map((message) => ({
          key: message.organizationId,
          value: message.body,
          headers: { 'event-id': message.id, 'event-type': message.type },
        })),
      });
    },
    close: () => producer.disconnect(),
  };
}
