/**
 * The pure rules of webhooks: event filters, secrets, the body an event is delivered as, the subject
 * that orders deliveries. No I/O here, so each rule is tested on its own. (When to retry is the
 * delivery's `schedule` retry policy, jobs/backoff.ts.)
 */
import { randomBytes } from 'node:crypto';

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
/** How many times a delivery waits for an earlier one about the same subject before going anyway. */
export const ORDER_WAIT_MAX_POLLS = 200;

/** The pause before looking again whether the earlier delivery is done: short at first, at most 1 s. */
export function orderWaitMs(poll: number): number {
  return Math.min(1000, 10 * poll);
}

/** An exact type (`customer.created`), a family (`customer.*`) or everything (`*`). */
export const EVENT_PATTERN = '^(\\*|[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*(\\.\\*)?)$';
const eventPattern = new RegExp(EVENT_PATTERN);

export function isEventPattern(value: string): boolean {
  return eventPattern.test(value);
}

/** An empty filter receives every event. */
export function filterMatches(patterns: readonly string[], type: string): boolean {
  if (patterns.length === 0) return true;
  return patterns.some((pattern) => {
    if (pattern === '*') return true;
    if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
    return pattern === type;
  });
}

const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 24 random bytes: the Standard Webhooks secret format. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** A supplied secret must be `whsec_` + base64 of 24 to 64 bytes (Standard Webhooks). */
export function secretProblem(secret: string): string | undefined {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : undefined;
  if (encoded === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
    return 'must be whsec_ followed by base64';
  }
  const bytes = Buffer.from(encoded, 'base64').length;
  if (bytes < 24 || bytes > 64) return `must encode 24 to 64 bytes, got ${bytes}`;
  return undefined;
}

export interface DeliverableEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/**
 * The JSON body sent for an event: `{ event, data }` for every type. `message.status_updated`
 * carries exactly the spec's three fields, whatever else the event log keeps.
 */
export function webhookBody(event: DeliverableEvent): { event: string; data: Record<string, unknown> } {
  if (event.type === 'message.status_updated') {
    const { message_id, status, timestamp } = event.data;
    return { event: event.type, data: { message_id, status, timestamp: timestamp ?? event.createdAt } };
  }
  return { event: event.type, data: event.data };
}

const SUBJECT_FIELDS = ['message_id', 'chat_id', 'customer_id', 'id'] as const;

/**
 * What the event is about, e.g. the message whose status changed. Deliveries to one endpoint about
 * one subject keep event order; events without a subject are not ordered.
 */
export function orderingKey(data: Record<string, unknown>): string | null {
  for (const field of SUBJECT_FIELDS) {
    const value = data[field];
    if (typeof value === 'string' && value !== '') return `${field}:${value}`.slice(0, 200);
  }
  return null;
}

/** Responses worth keeping in the attempt log are cut to 1 KB. */
export const RESPONSE_EXCERPT_BYTES = 1024;
