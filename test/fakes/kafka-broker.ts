/**
 * A fake Kafka broker for the event-sink tests: one node (id 1, also the controller) speaking Kafka's
 * binary protocol over TCP on 127.0.0.1, enough for kafkajs 2.2.4's idempotent producer as
 * src/modules/event-sinks/kafka-publisher.ts uses it. No Kafka server installs on our machines
 * (neither Debian's archive nor npm has one), so this checks our use of the client, not Kafka.
 *
 * Implemented, non-flexible versions only (ApiVersions advertises exactly these ranges; kafkajs
 * takes the highest version both sides know):
 * - ApiVersions (18) v0-2; a newer version is answered UNSUPPORTED_VERSION in v0's shape, as Kafka does.
 * - Metadata (3) v4-6: a topic asked for is created with one partition when the request allows it
 *   (at once: no LEADER_NOT_AVAILABLE round), led by this broker; else UNKNOWN_TOPIC_OR_PARTITION.
 * - InitProducerId (22) v0-1: a new producer id, epoch 0 (no transactional id).
 * - Produce (0) v3-7: one v2 record batch per partition (kafka-records.ts: CRC-32C checked,
 *   uncompressed only, varint records with keys, values and headers), appended to an in-memory log
 *   with offsets from 0. An idempotent producer's batch is checked as a broker does: a (producer id,
 *   base sequence) already appended is acknowledged again with its first offset and not appended (a
 *   retry after a lost answer); any other sequence than the next expected is OUT_OF_ORDER_SEQUENCE_NUMBER.
 * Any other API key or version, or a request that does not decode, closes the connection and is
 * listed in `unsupported`. Faults: `failNextProduces`, `dropNextProduceAnswers`, `stop`/`start`.
 *
 * Sources: kafkajs's request and response codecs (node_modules/kafkajs/src/protocol/requests/**,
 * per API and version) and the Apache Kafka protocol guide, https://kafka.apache.org/protocol.
 * Not implemented: replication, more brokers or partitions, compression, flexible versions (tagged
 * fields), transactions, consumers (Fetch, groups, offsets), SASL and TLS, quotas, retention.
 */
import net, { type AddressInfo } from 'node:net';
import { BatchError, KafkaError, Reader, Writer, decodeRecordBatch } from './kafka-records.js';

export const ApiKey = { Produce: 0, Metadata: 3, ApiVersions: 18, InitProducerId: 22 } as const;

/** The versions implemented per API key: what ApiVersions advertises. */
const VERSIONS: Record<number, readonly [min: number, max: number]> = {
  [ApiKey.Produce]: [3, 7],
  [ApiKey.Metadata]: [4, 6],
  [ApiKey.ApiVersions]: [0, 2],
  [ApiKey.InitProducerId]: [0, 1],
};
const NODE_ID = 1;

export interface KafkaRecord {
  topic: string;
  partition: number;
  offset: number;
  key: string | null;
  /** Null for a tombstone (kafkajs sends one for a null value). */
  value: string | null;
  headers: Record<string, string>;
  producerId: number;
  /** The batch's base sequence plus the record's offset delta. */
  sequence: number;
}

interface ProducerState {
  epoch: number;
  nextSequence: number;
  /** Base sequence → first offset of each batch appended (Kafka keeps the last five; we keep all). */
  appended: Map<number, number>;
}

type Answer = Buffer | 'no-answer' | 'close';

export class FakeKafkaBroker {
  port = 0;
  /** Requests received, by API key. */
  readonly requests: Record<number, number> = {};
  /** The versions received, by API key: what kafkajs negotiated. */
  readonly versions: Record<number, number[]> = {};
  /** The acks of every Produce request, in order. */
  readonly produceAcks: number[] = [];
  /** Requests the fake closed the connection on: an API, version or shape it does not implement. */
  readonly unsupported: { apiKey: number; apiVersion: number; reason: string }[] = [];
  /** Batches acknowledged again without being appended (idempotent retries). */
  deduplicated = 0;

  private readonly logs = new Map<string, KafkaRecord[]>();
  private readonly producerIds = new Set<number>();
  private readonly producers = new Map<string, ProducerState>();
  private nextProducerId = 4000;
  private failures = { count: 0, errorCode: 0 };
  private droppedAnswers = 0;
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  get url() {
    return `kafka://127.0.0.1:${this.port}`;
  }

  /** The topic's log (its one partition), oldest first. */
  records(topic: string): KafkaRecord[] {
    return [...(this.logs.get(topic) ?? [])];
  }

  /** The next `count` Produce requests are answered `errorCode` on every partition, nothing appended. */
  failNextProduces(count: number, errorCode: number) {
    this.failures = { count, errorCode };
  }

  /** The next `count` Produce requests are appended, then the connection closes instead of answering. */
  dropNextProduceAnswers(count: number) {
    this.droppedAnswers = count;
  }

  /** Listens (again) on 127.0.0.1: on a port the system chooses the first time, then on the same one. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: this.port, host: '127.0.0.1' }, resolve);
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** Down: stops listening and drops every connection (the log and producer state are kept, as on disk). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  close(): Promise<void> {
    return this.stop();
  }

  private accept(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
        const size = pending.readInt32BE(0);
        const answer = this.handle(pending.subarray(4, 4 + size));
        pending = pending.subarray(4 + size);
        if (answer === 'close') return void socket.destroy();
        if (answer !== 'no-answer') socket.write(answer);
      }
    });
  }

  /** One request (header v1: key, version, correlation id, client id) to its response frame. */
  private handle(frame: Buffer): Answer {
    const reader = new Reader(frame);
    const apiKey = reader.int16();
    const apiVersion = reader.int16();
    const correlationId = reader.int32();
    reader.string(); // client id
    this.requests[apiKey] = (this.requests[apiKey] ?? 0) + 1;
    if (!(this.versions[apiKey] ??= []).includes(apiVersion)) this.versions[apiKey].push(apiVersion);
    const range = VERSIONS[apiKey];
    const refuse = (reason: string): Answer => (this.unsupported.push({ apiKey, apiVersion, reason }), 'close');
    let body: Answer;
    if (apiKey === ApiKey.ApiVersions && apiVersion > range![1]) body = this.apiVersions(0, KafkaError.UNSUPPORTED_VERSION);
    else if (!range || apiVersion < range[0] || apiVersion > range[1]) return refuse('not implemented');
    else {
      try {
        if (apiKey === ApiKey.ApiVersions) body = this.apiVersions(apiVersion, KafkaError.NONE);
        else if (apiKey === ApiKey.Metadata) body = this.metadata(reader, apiVersion);
        else if (apiKey === ApiKey.InitProducerId) body = this.initProducerId(reader);
        else body = this.produce(reader, apiVersion);
      } catch (err) {
        return refuse(err instanceof Error ? err.message : String(err));
      }
      if (typeof body === 'string') return body;
    }
    return Buffer.concat([
      new Writer()
        .int32(4 + body.length)
        .int32(correlationId)
        .buffer(),
      body,
    ]);
  }

  private apiVersions(version: number, errorCode: number): Buffer {
    const writer = new Writer()
      .int16(errorCode)
      .array(Object.entries(VERSIONS), (w, [key, [min, max]]) => w.int16(Number(key)).int16(min).int16(max));
    if (version >= 1) writer.int32(0); // throttle_time_ms
    return writer.buffer();
  }

  private metadata(reader: Reader, version: number): Buffer {
    const asked = reader.array((r) => r.string() ?? '');
    const autoCreate = reader.int8() !== 0;
    const topics = (asked ?? [...this.logs.keys()]).map((name) => {
      if (!this.logs.has(name) && autoCreate) this.logs.set(name, []);
      return { name, errorCode: this.logs.has(name) ? KafkaError.NONE : KafkaError.UNKNOWN_TOPIC_OR_PARTITION };
    });
    const nodes = (w: Writer, ids: number[]) => w.array(ids, (w2, id) => w2.int32(id));
    return new Writer()
      .int32(0) // throttle_time_ms
      .array([NODE_ID], (w, id) => w.int32(id).string('127.0.0.1').int32(this.port).string(null))
      .string('fake-kafka')
      .int32(NODE_ID) // controller
      .array(topics, (w, topic) =>
        w
          .int16(topic.errorCode)
          .string(topic.name)
          .bool(false)
          .array(topic.errorCode ? [] : [0], (w2, partition) => {
            w2.int16(KafkaError.NONE).int32(partition).int32(NODE_ID);
            nodes(nodes(w2, [NODE_ID]), [NODE_ID]); // replicas, isr
            if (version >= 5) nodes(w2, []); // offline replicas
          }),
      )
      .buffer();
  }

  private initProducerId(reader: Reader): Buffer {
    if (reader.string() !== null) throw new Error('a transactional id: no transactions here');
    reader.int32(); // transaction timeout
    const producerId = this.nextProducerId++;
    this.producerIds.add(producerId);
    return new Writer().int32(0).int16(KafkaError.NONE).int64(producerId).int16(0).buffer();
  }

  private produce(reader: Reader, version: number): Answer {
    if (reader.string() !== null) throw new Error('a transactional id: no transactions here');
    const acks = reader.int16();
    reader.int32(); // timeout
    const topics =
      reader.array((t) => ({ topic: t.string() ?? '', partitions: t.array((p) => ({ partition: p.int32(), set: p.bytes() })) ?? [] })) ??
      [];
    this.produceAcks.push(acks);
    const failWith = this.failures.count > 0 ? (this.failures.count--, this.failures.errorCode) : undefined;
    const answers = topics.map(({ topic, partitions }) => ({
      topic,
      partitions: partitions.map(({ partition, set }) => ({
        partition,
        ...(failWith === undefined ? this.append(topic, partition, set) : { errorCode: failWith, baseOffset: -1 }),
      })),
    }));
    if (failWith === undefined && this.droppedAnswers > 0) {
      this.droppedAnswers--;
      return 'close';
    }
    if (acks === 0) return 'no-answer';
    return new Writer()
      .array(answers, (w, { topic, partitions }) =>
        w.string(topic).array(partitions, (w2, p) => {
          w2.int32(p.partition).int16(p.errorCode).int64(p.baseOffset).int64(-1); // log_append_time: none (CreateTime)
          if (version >= 5) w2.int64(0); // log_start_offset
        }),
      )
      .int32(0) // throttle_time_ms
      .buffer();
  }

  private append(topic: string, partition: number, set: Buffer | null): { errorCode: number; baseOffset: number } {
    const log = this.logs.get(topic);
    if (!log || partition !== 0 || !set) return { errorCode: KafkaError.UNKNOWN_TOPIC_OR_PARTITION, baseOffset: -1 };
    let batch;
    try {
      batch = decodeRecordBatch(set);
    } catch (err) {
      return { errorCode: err instanceof BatchError ? err.code : KafkaError.CORRUPT_MESSAGE, baseOffset: -1 };
    }
    const baseOffset = log.length;
    if (batch.producerId >= 0) {
      if (!this.producerIds.has(batch.producerId)) return { errorCode: KafkaError.UNKNOWN_PRODUCER_ID, baseOffset: -1 };
      const key = `${topic}/${partition}/${batch.producerId}`;
      let state = this.producers.get(key);
      if (state && batch.producerEpoch < state.epoch) return { errorCode: KafkaError.INVALID_PRODUCER_EPOCH, baseOffset: -1 };
      if (!state || batch.producerEpoch > state.epoch) state = { epoch: batch.producerEpoch, nextSequence: 0, appended: new Map() };
      const earlier = state.appended.get(batch.baseSequence);
      if (earlier !== undefined) {
        this.deduplicated++;
        return { errorCode: KafkaError.NONE, baseOffset: earlier };
      }
      if (batch.baseSequence !== state.nextSequence) return { errorCode: KafkaError.OUT_OF_ORDER_SEQUENCE_NUMBER, baseOffset: -1 };
      state.appended.set(batch.baseSequence, baseOffset);
      state.nextSequence += batch.records.length;
      this.producers.set(key, state);
    }
    batch.records.forEach((record, i) =>
      log.push({
        topic,
        partition,
        offset: baseOffset + i,
        key: record.key?.toString('utf8') ?? null,
        value: record.value?.toString('utf8') ?? null,
        headers: Object.fromEntries(record.headers.map(([name, value]) => [name, value?.toString('utf8') ?? ''])),
        producerId: batch.producerId,
        sequence: batch.baseSequence + i,
      }),
    );
    return { errorCode: KafkaError.NONE, baseOffset };
  }
}

/** A fake broker listening on a port the system chose. */
export async function startFakeKafka(): Promise<FakeKafkaBroker> {
  const broker = new FakeKafkaBroker();
  await broker.start();
  return broker;
}
