/**
 * A place in an organization's event log, as the feed's `after`/`nextCursor` and the stream's SSE
 * `id` carry it. The log's order is (xid, seq): the inserting transaction on PostgreSQL, then the
 * event's sequence number (events.service.ts says why). Both are global to the database, so handed
 * out as they are they would tell one tenant how many events (and transactions) every other tenant
 * makes. Handed out, a cursor is therefore opaque and bound to its organization (DESIGN §14,
 * docs/security.md "The HTTP edge"): `c` and 38 base64url characters, the (xid, seq) pair as one
 * AES-256 block under a key of that organization (deterministic: one place, one cursor) followed by
 * a 12-byte HMAC tag under another. Another organization's key does not open it (400), and nothing
 * in it orders or counts.
 *
 * Accepted as well, for clients holding one from before: the bare forms the log used to hand out,
 * "1234" (SQLite, and PostgreSQL rows older than migration 0014) and "<xid>-<seq>". They name only a
 * place in the caller's own log, whose reads are scoped to its organization, so they reveal nothing.
 */
import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';

export interface EventCursor {
  /** Decimal xid8 ("0" on SQLite and for rows written before migration 0014). */
  xid: string;
  seq: number;
}

/** The start of the log: everything comes after it. */
export const LOG_START: EventCursor = { xid: '0', seq: 0 };

const SEALED = 'c[A-Za-z0-9_-]{38}';
/** The bare forms of before (19 digits stay below 2^64). */
const BARE = '(?:[0-9]{1,19}-)?[0-9]{1,15}';
/** What `after` and `Last-Event-ID` accept. */
export const CURSOR_PATTERN = `^(?:${SEALED}|${BARE})$`;

const BARE_CURSOR = new RegExp(`^${BARE}$`);
const SEALED_CURSOR = new RegExp(`^${SEALED}$`);
const TAG_BYTES = 12;

/** A bare cursor (the form of before), or undefined. */
function parseBare(text: string): EventCursor | undefined {
  if (!BARE_CURSOR.test(text)) return undefined;
  const dash = text.indexOf('-');
  if (dash === -1) return { xid: '0', seq: Number(text) };
  // BigInt drops leading zeros, so one place has one spelling.
  return { xid: BigInt(text.slice(0, dash)).toString(), seq: Number(text.slice(dash + 1)) };
}

/** Seals and opens the cursors of each organization under keys derived from the deployment's secret. */
export class EventCursors {
  private master: Buffer | undefined;
  private readonly keys = new Map<string, { cipher: Buffer; mac: Buffer }>();

  constructor(private readonly secret: () => Buffer) {}

  /** The opaque cursor of `cursor` in `organizationId`'s log. */
  seal(organizationId: string, cursor: EventCursor): string {
    const { cipher, mac } = this.keysOf(organizationId);
    const block = Buffer.alloc(16);
    block.writeBigUInt64BE(BigInt(cursor.xid), 0);
    block.writeBigUInt64BE(BigInt(cursor.seq), 8);
    const aes = createCipheriv('aes-256-ecb', cipher, null).setAutoPadding(false);
    const sealed = Buffer.concat([aes.update(block), aes.final()]);
    return `c${Buffer.concat([sealed, tagOf(mac, sealed)]).toString('base64url')}`;
  }

  /** The place `text` names in `organizationId`'s log, or undefined when it is no cursor of that organization. */
  open(organizationId: string, text: string): EventCursor | undefined {
    if (!SEALED_CURSOR.test(text)) return parseBare(text);
    const bytes = Buffer.from(text.slice(1), 'base64url');
    if (bytes.length !== 16 + TAG_BYTES) return undefined;
    const sealed = bytes.subarray(0, 16);
    const { cipher, mac } = this.keysOf(organizationId);
    if (!timingSafeEqual(tagOf(mac, sealed), bytes.subarray(16))) return undefined;
    const aes = createDecipheriv('aes-256-ecb', cipher, null).setAutoPadding(false);
    const block = Buffer.concat([aes.update(sealed), aes.final()]);
    const seq = block.readBigUInt64BE(8);
    if (seq > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
    return { xid: block.readBigUInt64BE(0).toString(), seq: Number(seq) };
  }

  private keysOf(organizationId: string): { cipher: Buffer; mac: Buffer } {
    let keys = this.keys.get(organizationId);
    if (!keys) {
      this.master ??= this.secret();
      const derive = (purpose: string) => createHmac('sha256', this.master!).update(`${purpose}:${organizationId}`).digest();
      keys = { cipher: derive('cipher'), mac: derive('mac') };
      // One pair per organization streamed or read; bounded so a scan of ids cannot grow it without end.
      if (this.keys.size >= 10_000) this.keys.clear();
      this.keys.set(organizationId, keys);
    }
    return keys;
  }
}

function tagOf(key: Buffer, sealed: Buffer): Buffer {
  return createHmac('sha256', key).update(sealed).digest().subarray(0, TAG_BYTES);
}
