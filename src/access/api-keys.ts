/**
 * API key rules: how keys look, how they are stored, what a scope grants, which IPs may use them.
 * A key is shown once; only its SHA-256 hash and a visible prefix are stored (DESIGN.md §4).
 */
import { createHash, randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/** Every scope a key may carry; what each grants: docs/admin.md "API key scopes" (a console session has `*`). */
export const SCOPES = [
  '*',
  'messages:write',
  'chats:read',
  'chats:write',
  'files:read',
  'flows:read',
  'flows:write',
  'directory:read',
  'customers:read',
  'customers:write',
  'tags:read',
  'tags:write',
  'webhooks:write',
  'events:read',
  'audit:read',
  'campaigns:read',
  'campaigns:write',
] as const;
export type Scope = (typeof SCOPES)[number];

const KEY_PREFIX = 'cnv_';
/** How much of the key is kept in clear, to recognize it in lists ("cnv_AbCd1234"). */
const VISIBLE_LENGTH = KEY_PREFIX.length + 8;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = KEY_PREFIX + randomBytes(30).toString('base64url');
  return { key, prefix: key.slice(0, VISIBLE_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function hasScope(granted: readonly string[], needed: Scope): boolean {
  return granted.includes('*') || granted.includes(needed);
}

/** Throws a readable message when a CIDR or address in an allow-list is malformed. */
export function assertValidCidr(entry: string): void {
  if (entry.includes('/')) ipaddr.parseCIDR(entry);
  else ipaddr.parse(entry);
}

/** True when `ip` is inside one of the CIDRs (an empty list allows every address). */
export function ipAllowed(ip: string, allowList: readonly string[]): boolean {
  if (allowList.length === 0) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip); // unwraps IPv4-mapped IPv6 (::ffff:10.0.0.1)
  } catch {
    return false;
  }
  return allowList.some((entry) => {
    try {
      const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), -1];
      const normalizedRange =
        range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress() ? (range as ipaddr.IPv6).toIPv4Address() : range;
      if (normalizedRange.kind() !== address.kind()) return false;
      if (bits === -1) return normalizedRange.toString() === address.toString();
      const prefix = normalizedRange === range ? bits : bits - 96;
      return address.match(normalizedRange, prefix);
    } catch {
      return false;
    }
  });
}
