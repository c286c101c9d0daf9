/**
 * Opt-out of bulk messages (DESIGN.md §10 "Opt-out"), the one place of its rule: a customer whose
 * whole message is an opt-out keyword (`settings.optOutKeywords`, default SAIR, PARAR, STOP,
 * CANCELAR, DESCADASTRAR) is opted out; an opt-in keyword (`settings.optInKeywords`, default VOLTAR,
 * START) or `PUT …/customers/{customerId}/opt-out` reverses it. Keywords compare without case,
 * accents or surrounding spaces ("Sáir", "parar " count). Opted-out customers get no campaign,
 * scheduled or follow-up message; agents' conversational replies still go.
 *
 * The flag changes by a conditional UPDATE, so a change is applied (and its event emitted) once:
 * a second SAIR, or a PUT repeating the current state, changes nothing and emits nothing.
 */
import { fromJson } from '../../lib/json.js';
import type { OrgContext } from '../shared/index.js';

export const DEFAULT_OPT_OUT_KEYWORDS = ['SAIR', 'PARAR', 'STOP', 'CANCELAR', 'DESCADASTRAR'];
export const DEFAULT_OPT_IN_KEYWORDS = ['VOLTAR', 'START'];

export interface OptOutSettings {
  optOutKeywords: string[];
  optInKeywords: string[];
  /** Sent once to a customer who just opted out by keyword; none when unset. */
  optOutReply: string | null;
}

/** Upper case, without diacritics, inner spaces collapsed, trimmed: what keywords are compared as. */
export function keywordForm(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toUpperCase();
}

export async function optOutSettings(ctx: OrgContext): Promise<OptOutSettings> {
  const org = await ctx.trx.selectFrom('organizations').select('settings').where('id', '=', ctx.organizationId).executeTakeFirst();
  const s = fromJson<Record<string, unknown>>(org?.settings, {});
  const list = (value: unknown, fallback: string[]) =>
    Array.isArray(value) && value.every((k) => typeof k === 'string') ? (value as string[]) : fallback;
  return {
    optOutKeywords: list(s.optOutKeywords, DEFAULT_OPT_OUT_KEYWORDS),
    optInKeywords: list(s.optInKeywords, DEFAULT_OPT_IN_KEYWORDS),
    optOutReply: typeof s.optOutReply === 'string' && s.optOutReply.trim() !== '' ? s.optOutReply : null,
  };
}

/** What a customer's whole message asks: `out`, `in`, or nothing. */
export function keywordIntent(text: string, settings: OptOutSettings): 'out' | 'in' | null {
  const form = keywordForm(text);
  if (form === '') return null;
  if (settings.optOutKeywords.some((k) => keywordForm(k) === form)) return 'out';
  if (settings.optInKeywords.some((k) => keywordForm(k) === form)) return 'in';
  return null;
}

export interface OptChange {
  via: 'keyword' | 'api' | 'email';
  keyword?: string | null;
  profileId?: string | null;
}

/**
 * Sets the customer's flag; answers whether it changed (false: already so, or no such customer).
 * Emits `customer.opted_out` / `customer.opted_in` when it did.
 */
export async function setOptedOut(ctx: OrgContext, customerId: string, optedOut: boolean, change: OptChange): Promise<boolean> {
  const result = await ctx.q
    .updateTable('customers')
    .set({ opted_out: optedOut ? 1 : 0, opted_out_at: optedOut ? ctx.now : null, updated_at: ctx.now })
    .where('id', '=', customerId)
    .where('opted_out', '=', optedOut ? 0 : 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await ctx.emit(optedOut ? 'customer.opted_out' : 'customer.opted_in', {
    customer_id: customerId,
    via: change.via,
    keyword: change.keyword ?? null,
    profile_id: change.profileId ?? null,
  });
  return true;
}

/** Whether the customer opted out of bulk messages (an unknown customer: false). */
export async function isOptedOut(ctx: OrgContext, customerId: string): Promise<boolean> {
  const row = await ctx.q.selectFrom('customers').select('opted_out').where('id', '=', customerId).executeTakeFirst();
  return row?.opted_out === 1;
}
