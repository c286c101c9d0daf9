/**
 * What an event sink hands a broker, and the one contract every broker's publisher keeps: publish
 * in the order given, resolve only once the broker has taken every message (JetStream's ack, AMQP's
 * publisher confirm, Kafka's produce answer), reject at the first failure. The runner (sink-runner.ts)
 * advances the sink's cursor only after `publish` resolves, so a failure or a crash re-sends from
 * the last place the broker confirmed: at least once, each copy carrying the event id.
 *
 * Each publisher imports its broker's client when it first connects, not when the process starts:
 * the three clients are over a megabyte of the ten the service loads, and most processes stream to
 * no broker at all (every process that starts, each test file's too, would otherwise parse them).
 */
export interface SinkMessage {
  /** The event's id (`evt_…`): the broker's deduplication key on every copy. */
  id: string;
  organizationId: string;
  type: string;
  /** The event as the feed and the stream carry it, plus its organization, as JSON. */
  body: Buffer;
}

export interface SinkPublisher {
  publish(messages: readonly SinkMessage[]): Promise<void>;
  close(): Promise<void>;
}

export const SINK_KINDS = ['nats', 'rabbitmq', 'kafka'] as const;
export type SinkKind = (typeof SINK_KINDS)[number];

/** How a sink reaches its broker: the kind's URL and where in the broker it writes. */
export interface SinkTarget {
  kind: SinkKind;
  url: string;
  /** The NATS subject prefix, the RabbitMQ exchange or the Kafka topic. */
  target: string;
}

/** Longest a broker may take to confirm one publish before the runner retries from its cursor. */
export const PUBLISH_TIMEOUT_MS = 10_000;
