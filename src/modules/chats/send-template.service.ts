/**
 * Sending a WhatsApp template into an existing chat (spec endpoint 14, DESIGN.md §6): an approved
 * template of the chat's own channel, whose kind sends templates (`capabilitiesOf(kind).templates`),
 * its body placeholders `{{1}}`, `{{2}}`… filled in order from `variables` (an object keyed "1",
 * "2"… or an array). Templates always pass WhatsApp's 24-hour window. The message goes through
 * ChatDelivery.intoChat like any other.
 */
import type { Executor } from '../../db/executor.js';
import type { MessageSource } from '../messages/index.js';
import type { Kysely } from 'kysely';
import { capabilitiesOf } from '../../channels/registry.js';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError, type ErrorDetail } from '../../errors.js';
import type { RecordOutcome } from '../../http/idempotency.js';
import { fromJson } from '../../lib/json.js';
import { type ChatDelivery, loadChatTarget } from '../delivery/index.js';
import type { SendTemplateInput } from './chat-sends.schemas.js';

export interface SendTemplateDeps {
  db: Kysely<DB>;
  delivery: ChatDelivery;
}

/** The distinct placeholder numbers of the template's BODY, in ascending order. */
export function bodyPlaceholders(components: { type?: unknown; text?: unknown }[]): number[] {
  const body = components.find((c) => String(c.type).toUpperCase() === 'BODY');
  const text = typeof body?.text === 'string' ? body.text : '';
  const numbers = new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])));
  return [...numbers].sort((a, b) => a - b);
}

/** `{"1": "Ana"}` or `["Ana"]` → the values of placeholders 1, 2… */
function variableValues(variables: SendTemplateInput['variables']): Map<number, string> {
  if (variables === undefined) return new Map();
  if (Array.isArray(variables)) return new Map(variables.map((value, i) => [i + 1, value]));
  return new Map(Object.entries(variables).map(([key, value]) => [Number(key), value]));
}

export class SendTemplateService {
  constructor(private readonly deps: SendTemplateDeps) {}

  /** `record`: the request's Idempotency-Key answer, written with the message and again with its outcome. */
  async send(
    organizationId: string,
    chatId: string,
    profileId: string,
    input: SendTemplateInput,
    record?: RecordOutcome<{ messageId: string }>,
    source: MessageSource = 'api',
  ): Promise<{ messageId: string }> {
    const { chat, channel } = await loadChatTarget(this.deps.db, organizationId, chatId);
    const content = await this.templateContent(organizationId, { kind: channel.kind, channelId: chat.channel_id }, input);
    const delivered = await this.deps.delivery.intoChat(
      channel,
      { id: chat.id, contact: chat.contact, lastInboundAt: chat.last_inbound_at },
      { type: 'template', content, senderProfileId: profileId, source, tempId: input.tempId ?? null },
      { record: record && ((trx, state) => record(trx, { messageId: state.messageId })) },
    );
    return { messageId: delivered.messageId };
  }

  /**
   * The template message's content for a chat on `channel` (the endpoint and the flow step's
   * `send_template` alike): an approved template of that very channel, every body placeholder
   * given a value and no value without its placeholder.
   */
  async templateContent(
    organizationId: string,
    channel: { kind: string; channelId: string },
    input: Pick<SendTemplateInput, 'templateId' | 'variables'>,
    /** The caller's transaction, when it has one (SQLite has one connection: the database would wait for it). */
    executor: Executor = this.deps.db,
  ): Promise<Record<string, unknown>> {
    if (!capabilitiesOf(channel.kind).templates) {
      throw new AppError('CHANNEL_NOT_OFFICIAL', `The chat is on a ${channel.kind} channel; templates need an official WhatsApp channel`);
    }
    const template = await tenantQueries(executor, organizationId)
      .selectFrom('templates')
      .selectAll()
      .where('id', '=', input.templateId)
      .executeTakeFirst();
    if (!template) throw new AppError('TEMPLATE_NOT_FOUND', 'Template not found');
    if (template.channel_id !== channel.channelId) {
      throw validationError([{ field: 'templateId', message: "is a template of another channel, not of this chat's channel" }]);
    }
    if (template.status !== 'approved') {
      throw new AppError('TEMPLATE_NOT_APPROVED', `The template is ${template.status}; only approved templates can be sent`);
    }
    const placeholders = bodyPlaceholders(fromJson<{ type?: unknown; text?: unknown }[]>(template.components, []));
    const values = variableValues(input.variables);
    const errors: ErrorDetail[] = [];
    const field = (n: number) => (Array.isArray(input.variables) ? `variables.${n - 1}` : `variables.${n}`);
    for (const n of placeholders)
      if (!values.has(n)) errors.push({ field: field(n), message: `is required: the template's body has {{${n}}}` });
    for (const n of values.keys())
      if (!placeholders.includes(n)) errors.push({ field: field(n), message: `the template's body has no {{${n}}}` });
    if (errors.length > 0) throw validationError(errors);
    return {
      name: template.name,
      language: template.language,
      ...(placeholders.length > 0
        ? { components: [{ type: 'body', parameters: placeholders.map((n) => ({ type: 'text', text: values.get(n)! })) }] }
        : {}),
    };
  }
}
