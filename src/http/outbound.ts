/**
 * The outbound URL guard (webhooks, media fetched for e-mail attachments, flow HTTP steps, files by
 * URL, and channels' base URLs unless an admin allowed a private one): every request the service
 * makes to a URL a user gave goes through it, so our server cannot be steered into the operator's
 * private network (SSRF). Literal IPs are checked before a request; hostnames are checked on the
 * address DNS gives, inside the connection's own lookup, and the socket connects to exactly that
 * address, so a DNS answer that changes between a check and the connect (rebinding) cannot slip
 * through. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_NETWORKS, `false` unless an operator sets it, in
 * every environment) turns the address rule off (`true`) or lets loopback addresses through alone
 * (`'loopback'`).
 *
 * A refusal tells the caller only that the address is not allowed (its `message`, what tenants
 * see): what a name resolved to is the operator's business, kept in `detail` and reported to the
 * agent's `onBlocked` (the server log), never echoed to a tenant (docs/security.md).
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Dispatcher } from 'undici';

/** What a tenant is told when the address of its URL (literal or resolved) may not be reached. */
export const ADDRESS_NOT_ALLOWED = 'the address is not allowed';

/**
 * Raised when an outbound URL or the address it resolves to may not be reached. `message` is safe
 * to show the tenant who gave the URL; `detail` says why (the resolved address, its range) and is
 * for the server log only.
 */
export class OutboundBlockedError extends Error {
  readonly detail: string;

  constructor(message: string, detail: string = message) {
    super(message);
    this.name = 'OutboundBlockedError';
    this.detail = detail;
  }
}

/** A refusal of a resolved address, as the server log gets it (the caller's `onBlocked`). */
export interface BlockedAddress {
  host: string;
  address: string;
  range: string;
}

/**
 * Which addresses beyond the public ones outbound calls may reach (WEBHOOK_ALLOW_PRIVATE_NETWORKS):
 * `false` none, `'loopback'` this machine's own (127.0.0.0/8, ::1) only, `true` every one.
 */
export type PrivateNetworkAccess = boolean | 'loopback';

/**
 * The ipaddr.js range of an address when it may not be reached (private, loopback, link-local,
 * unique-local, CGNAT, multicast, unspecified, reserved, IPv4 inside IPv6 …), else undefined: a
 * public unicast address always may, a loopback one too under `'loopback'`.
 * IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
 */
export function forbiddenRange(ip: string, access: PrivateNetworkAccess = false): string | undefined {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return 'invalid';
  }
  const range = address.range();
  if (range === 'unicast' || access === true || (access === 'loopback' && range === 'loopback')) return undefined;
  return range;
}

const ALLOW_HINT = 'set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow private network addresses';

/**
 * Checks what can be known without DNS: http(s), no credentials, and a literal IP host not in a
 * forbidden range. Returns the parsed URL; throws OutboundBlockedError with a readable reason (a
 * refused address: the generic ADDRESS_NOT_ALLOWED, the range in `detail`).
 */
export function checkOutboundUrl(raw: string, allowPrivate: PrivateNetworkAccess): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundBlockedError('must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundBlockedError('must use http or https');
  if (url.username || url.password) throw new OutboundBlockedError('must not contain credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate !== true && net.isIP(host)) {
    const range = forbiddenRange(host, allowPrivate);
    if (range) throw new OutboundBlockedError(ADDRESS_NOT_ALLOWED, `${host} is a ${range} address; ${ALLOW_HINT}`);
  }
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

type Lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

/**
 * A `net.connect` lookup that refuses the connection when any address of the name may not be
 * reached; `onBlocked` hears what the name resolved to (for the server log).
 */
export function guardedLookupFor(access: PrivateNetworkAccess, onBlocked?: (blocked: BlockedAddress) => void): Lookup {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const blocked = addresses.find((a) => forbiddenRange(a.address, access));
      if (blocked) {
        const range = forbiddenRange(blocked.address, access)!;
        onBlocked?.({ host: hostname, address: blocked.address, range });
        const error = new OutboundBlockedError(
          ADDRESS_NOT_ALLOWED,
          `${hostname} resolves to ${blocked.address}, a ${range} address; ${ALLOW_HINT}`,
        );
        return callback(Object.assign(error, { code: 'EOUTBOUNDBLOCKED' }), []);
      }
      if (options.all) return callback(null, addresses);
      // Without an error the name has an address: a name with none fails with ENOTFOUND.
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The strict lookup: public addresses only. */
export const guardedLookup: Lookup = guardedLookupFor(false);

/**
 * undici, loaded on the first outbound call rather than with the service: loading it cost about
 * 0.1 s of processor time in every process that started one (each test file, each CLI command)
 * whether it called out or not (25 s over the suite, measured with the profiler).
 */
let undici: Promise<typeof import('undici')> | undefined;
export function loadUndici(): Promise<typeof import('undici')> {
  return (undici ??= import('undici'));
}

/**
 * The dispatcher of outbound calls, made on first use: keep-alive connections, connect timeout, and
 * (unless private networks are allowed) the guarded lookup, whose refusals `onBlocked` hears.
 * Redirects are never followed (undici's `request` returns a 3xx as it is).
 */
export class OutboundAgent {
  private agent: Promise<Dispatcher> | undefined;

  constructor(
    private readonly allowPrivate: PrivateNetworkAccess,
    private readonly onBlocked?: (blocked: BlockedAddress) => void,
  ) {}

  dispatcher(): Promise<Dispatcher> {
    const { allowPrivate, onBlocked } = this;
    return (this.agent ??= loadUndici().then(
      ({ Agent }) =>
        new Agent({
          connect: { timeout: 10_000, ...(allowPrivate === true ? {} : { lookup: guardedLookupFor(allowPrivate, onBlocked) }) },
          keepAliveTimeout: 30_000,
        }),
    ));
  }

  async close(): Promise<void> {
    if (this.agent) await (await this.agent).close();
  }
}

export function createOutboundAgent(allowPrivate: PrivateNetworkAccess, onBlocked?: (blocked: BlockedAddress) => void): OutboundAgent {
  return new OutboundAgent(allowPrivate, onBlocked);
}

/** The OutboundBlockedError behind an undici failure, if that is what stopped it. */
export function blockedCause(err: unknown): OutboundBlockedError | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundBlockedError) return e;
  }
  return undefined;
}

/** Redirects a guarded fetch follows, each hop checked again; past that the 3xx is answered as it is. */
export const MAX_OUTBOUND_REDIRECTS = 3;

/**
 * A `fetch` for URLs a user gave (media to attach, files by URL): every hop is checked (scheme, no
 * credentials, literal addresses) before it is requested, connects through the guarded agent (the
 * resolved address is checked at connect time), and redirects are followed by hand, at most
 * MAX_OUTBOUND_REDIRECTS, so a public URL cannot redirect us into the private network. A refused
 * URL throws OutboundBlockedError (possibly as the `cause` of a TypeError, as fetch reports
 * connection failures). `redirect: 'error'` (a vendor's API) makes any redirect a TypeError instead.
 * Size and time limits are the caller's: pass a signal, cap what you read.
 */
export function createGuardedFetch(agent: OutboundAgent, allowPrivate: PrivateNetworkAccess): typeof fetch {
  return async (input, init) => {
    let url = checkOutboundUrl(input instanceof Request ? input.url : String(input), allowPrivate);
    const [{ fetch: undiciFetch }, dispatcher] = await Promise.all([loadUndici(), agent.dispatcher()]);
    for (let hop = 0; ; hop++) {
      const response = (await undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        redirect: 'manual',
        dispatcher,
      })) as unknown as Response;
      const location = response.headers.get('location');
      if (init?.redirect === 'error' && response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw new TypeError(`redirect to ${location ?? '?'} refused`);
      }
      if (response.status < 300 || response.status >= 400 || !location || hop >= MAX_OUTBOUND_REDIRECTS) return response;
      await response.body?.cancel();
      url = checkOutboundUrl(new URL(location, url).toString(), allowPrivate);
    }
  };
}

/** A response body larger than the reader allows. */
export class ResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
    this.name = 'ResponseTooLargeError';
  }
}

/**
 * Reads a response body to at most `maxBytes` (a declared length beyond it is refused before
 * reading); throws ResponseTooLargeError and stops reading beyond it, so a hostile server cannot
 * make us buffer without bound.
 */
export async function readBoundedBody(response: Response, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(maxBytes);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
