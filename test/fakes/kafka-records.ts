/**
 * The byte-level half of the fake Kafka broker (kafka-broker.ts): a reader and a writer for Kafka's
 * primitive types, CRC-32C, and the decoder of a v2 record batch (magic 2) as a producer sends it.
 * Written from kafkajs's encoders (node_modules/kafkajs/src/protocol/encoder.js, recordBatch/v0,
 * recordBatch/record/v0, recordBatch/header/v0) and the Apache Kafka protocol guide
 * (https://kafka.apache.org/protocol, "Record Batch"). Uncompressed, non-transactional batches only.
 */

/** Kafka error codes the fake answers with (https://kafka.apache.org/protocol#protocol_error_codes). */
export const KafkaError = {
  NONE: 0,
  CORRUPT_MESSAGE: 2,
  UNKNOWN_TOPIC_OR_PARTITION: 3,
  UNSUPPORTED_VERSION: 35,
  OUT_OF_ORDER_SEQUENCE_NUMBER: 45,
  INVALID_PRODUCER_EPOCH: 47,
  INVALID_TXN_STATE: 48,
  UNKNOWN_PRODUCER_ID: 59,
  UNSUPPORTED_COMPRESSION_TYPE: 76,
} as const;

/** A batch the broker refuses, with the error code it answers. */
export class BatchError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Big-endian reads; every read past the end throws (node's RangeError), which the broker treats as a malformed request. */
export class Reader {
  offset = 0;
  constructor(readonly buf: Buffer) {}

  get remaining() {
    return this.buf.length - this.offset;
  }
  take(n: number): Buffer {
    if (n < 0 || this.offset + n > this.buf.length) throw new RangeError(`${n} bytes wanted, ${this.remaining} left`);
    this.offset += n;
    return this.buf.subarray(this.offset - n, this.offset);
  }
  int8 = () => this.take(1).readInt8(0);
  int16 = () => this.take(2).readInt16BE(0);
  int32 = () => this.take(4).readInt32BE(0);
  uint32 = () => this.take(4).readUInt32BE(0);
  int64 = () => Number(this.take(8).readBigInt64BE(0));
  string(): string | null {
    const n = this.int16();
    return n < 0 ? null : this.take(n).toString('utf8');
  }
  bytes(): Buffer | null {
    const n = this.int32();
    return n < 0 ? null : this.take(n);
  }
  array<T>(item: (reader: Reader) => T): T[] | null {
    const n = this.int32();
    return n < 0 ? null : Array.from({ length: n }, () => item(this));
  }
  /** A zigzag varint or varlong (exact up to 2^53, enough for a timestamp delta). */
  varint(): number {
    let raw = 0;
    for (let shift = 0; ; shift += 7) {
      if (shift > 63) throw new RangeError('varint longer than 10 bytes');
      const byte = this.take(1)[0]!;
      raw += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) break;
    }
    return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
  }
  varBytes(): Buffer | null {
    const n = this.varint();
    return n < 0 ? null : this.take(n);
  }
}

export class Writer {
  private readonly parts: Buffer[] = [];
  private put(size: number, write: (buf: Buffer) => unknown) {
    const buf = Buffer.alloc(size);
    write(buf);
    this.parts.push(buf);
    return this;
  }
  int8 = (v: number) => this.put(1, (b) => b.writeInt8(v));
  int16 = (v: number) => this.put(2, (b) => b.writeInt16BE(v));
  int32 = (v: number) => this.put(4, (b) => b.writeInt32BE(v));
  int64 = (v: number) => this.put(8, (b) => b.writeBigInt64BE(BigInt(v)));
  bool = (v: boolean) => this.int8(v ? 1 : 0);
  string(v: string | null) {
    if (v === null) return this.int16(-1);
    const bytes = Buffer.from(v, 'utf8');
    this.int16(bytes.length).parts.push(bytes);
    return this;
  }
  array<T>(items: readonly T[], item: (writer: Writer, value: T) => unknown) {
    this.int32(items.length);
    for (const value of items) item(this, value);
    return this;
  }
  buffer = () => Buffer.concat(this.parts);
}

// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78): what a v2 batch's CRC field holds. Not in node:crypto or zlib.
const CRC32C_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c;
});

/** CRC-32C of `data` as an unsigned 32-bit number (crc32c('123456789') is 0xe3069283). */
function crc32c(data: Uint8Array): number {
  let crc = -1;
  for (const byte of data) crc = CRC32C_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

export interface BatchRecord {
  timestampDelta: number;
  offsetDelta: number;
  key: Buffer | null;
  value: Buffer | null;
  headers: [string, Buffer | null][];
}

export interface RecordBatch {
  baseOffset: number;
  partitionLeaderEpoch: number;
  attributes: number;
  lastOffsetDelta: number;
  firstTimestamp: number;
  maxTimestamp: number;
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
  records: BatchRecord[];
}

/** A produce request's record set for one partition: exactly one v2 batch, as Kafka requires from Produce v3 on. */
export function decodeRecordBatch(set: Buffer): RecordBatch {
  const outer = new Reader(set);
  const baseOffset = outer.int64();
  const body = new Reader(outer.take(outer.int32()));
  if (outer.remaining !== 0) throw new BatchError(KafkaError.CORRUPT_MESSAGE, 'more than one record batch for a partition');
  const partitionLeaderEpoch = body.int32();
  const magic = body.int8();
  if (magic !== 2) throw new BatchError(KafkaError.CORRUPT_MESSAGE, `record batch magic ${magic}, not 2`);
  const crc = body.uint32();
  // The CRC covers everything after itself: attributes to the last record.
  if (crc32c(body.buf.subarray(body.offset)) !== crc) throw new BatchError(KafkaError.CORRUPT_MESSAGE, 'record batch CRC-32C mismatch');
  const attributes = body.int16();
  if (attributes & 0x07) throw new BatchError(KafkaError.UNSUPPORTED_COMPRESSION_TYPE, `compression codec ${attributes & 0x07}`);
  if (attributes & 0x30) throw new BatchError(KafkaError.INVALID_TXN_STATE, 'transactional or control batch');
  const batch: RecordBatch = {
    baseOffset,
    partitionLeaderEpoch,
    attributes,
    lastOffsetDelta: body.int32(),
    firstTimestamp: body.int64(),
    maxTimestamp: body.int64(),
    producerId: body.int64(),
    producerEpoch: body.int16(),
    baseSequence: body.int32(),
    records: [],
  };
  const count = body.int32();
  for (let i = 0; i < count; i++) {
    const record = new Reader(body.take(body.varint()));
    record.int8(); // record attributes: unused
    const timestampDelta = record.varint();
    const offsetDelta = record.varint();
    const key = record.varBytes();
    const value = record.varBytes();
    const headers = Array.from({ length: record.varint() }, (): [string, Buffer | null] => {
      const name = record.varBytes();
      if (name === null) throw new BatchError(KafkaError.CORRUPT_MESSAGE, 'a header without a key');
      return [name.toString('utf8'), record.varBytes()];
    });
    if (record.remaining !== 0) throw new BatchError(KafkaError.CORRUPT_MESSAGE, `record ${i}: its length is not its content's`);
    if (offsetDelta !== i) throw new BatchError(KafkaError.CORRUPT_MESSAGE, `record ${i} has offset delta ${offsetDelta}`);
    batch.records.push({ timestampDelta, offsetDelta, key, value, headers });
  }
  if (body.remaining !== 0 || batch.lastOffsetDelta !== count - 1) {
    throw new BatchError(KafkaError.CORRUPT_MESSAGE, `batch of ${count} records, last offset delta ${batch.lastOffsetDelta}`);
  }
  return batch;
}
