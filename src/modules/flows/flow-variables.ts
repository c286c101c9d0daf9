/**
 * A run's variables and the `{{variable}}` placeholders they fill (DESIGN.md §7). The scope a step
 * sees is the run's own variables (`flowVariables` of chat create or the start request, `context`,
 * `reply`, what steps saved) under the built-in ones: `customer.name`, `customer.email`,
 * `customer.phone`, `customer.<slug>` (custom fields) and `chat.id`, which are read fresh for each
 * step so a flow sees a change an agent just made. A dotted path reads into saved JSON
 * (`{{order.status}}`, `{{items.0.name}}`); an unknown variable renders empty. Pure functions.
 */
import { patternMatches } from './flow-pattern.js';
import { BRANCH_OPS } from './flow-steps.schemas.js';

export type Scope = Record<string, unknown>;

/** The value at a dotted path, or undefined. An own key with a dot in its name wins over the path. */
export function lookup(scope: Scope, path: string): unknown {
  if (Object.hasOwn(scope, path)) return scope[path];
  let value: unknown = scope;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** How a value reads inside text: strings as they are, objects as JSON, nothing as empty. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

export function render(template: string, scope: Scope): string {
  return template.replace(PLACEHOLDER, (_, path: string) => asText(lookup(scope, path)));
}

/** Every string inside a JSON value rendered (an http_request body); keys stay as written. */
export function renderDeep(value: unknown, scope: Scope): unknown {
  if (typeof value === 'string') return render(value, scope);
  if (Array.isArray(value)) return value.map((item) => renderDeep(item, scope));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderDeep(item, scope)]));
  return value;
}

/**
 * A branch's test. `equals` and `contains` ignore case (and surrounding spaces for `equals`: a
 * customer typing " Yes " meant yes); `matches` is an RE2 pattern, case-insensitive, in linear time
 * with a capped subject (flow-pattern.ts); `exists` holds for any value but nothing and the empty
 * string.
 */
export function branchHolds(op: (typeof BRANCH_OPS)[number], value: unknown, expected: string | undefined): boolean {
  const text = asText(value);
  switch (op) {
    case 'exists':
      return text !== '';
    case 'equals':
      return text.trim().toLowerCase() === (expected ?? '').trim().toLowerCase();
    case 'contains':
      return text.toLowerCase().includes((expected ?? '').toLowerCase());
    case 'matches':
      return patternMatches(expected ?? '', text);
  }
}

/**
 * Whether a branch step jumps: its variable's value tested against its `value`. The value of
 * `equals` and `contains` is rendered (it may hold placeholders); a `matches` pattern is used as
 * written, since rendering it would let a variable, a customer's reply among them, write the pattern.
 */
export function branchTaken(step: { variable: string; op: (typeof BRANCH_OPS)[number]; value?: string }, scope: Scope): boolean {
  const expected = step.value === undefined || step.op === 'matches' ? step.value : render(step.value, scope);
  return branchHolds(step.op, lookup(scope, step.variable), expected);
}

/** The customer as a flow reads it. */
export interface CustomerView {
  name: string;
  email: string | null;
  contacts: { type: string; value: string }[];
  customFields: { slug: string; value: unknown }[];
}

/** The built-in variables of a step: the customer (custom fields by slug) and the chat. */
export function builtInScope(customer: CustomerView | undefined, chatId: string): Scope {
  const phone = customer?.contacts.find((c) => c.type === 'phone' || c.type === 'whatsapp')?.value ?? null;
  const fields = Object.fromEntries((customer?.customFields ?? []).map((field) => [field.slug, field.value]));
  return {
    // Custom fields first: a field slugged `name` does not hide the customer's name.
    customer: { ...fields, name: customer?.name ?? '', email: customer?.email ?? null, phone },
    chat: { id: chatId },
  };
}

/** The scope a step sees: the run's variables under the built-in ones. */
export function scopeOf(variables: Scope, builtIns: Scope): Scope {
  return { ...variables, ...builtIns };
}
