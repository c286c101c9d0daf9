/**
 * Chat create (spec endpoint 2, DESIGN.md §6): the customer found, created or filled, the contact's
 * active chat reused or opened, auto-assignment and attending, the flow request, the template and
 * the initial message stored `pending`, all in ONE transaction with their events (and the request's
 * Idempotency-Key answer); then, after the commit, the two messages are handed to the provider in
 * that order (ChatDelivery.handOff), never inside the transaction. A process that dies before
 * handing them off leaves them to the send sweep, like a send's; a retry replays the answer.
 *
 * A 4xx changes nothing: references (team, flows, template) are checked before the transaction, and
 * whatever the transaction refuses (unknown customerId, a duplicate, a closed WhatsApp window) rolls
 * it back whole. The transaction is a unit of the group-commit batcher, as the send's is; a unit
 * that meets the one-active-chat index (a parallel create for the same contact committed first) is
 * run again and then finds that chat.
 */
import type { MessageSource } from '../messages/index.js';
import type { Kysely } from 'kysely';
import type { AccessChanges } from '../../access/access-changes.js';
import { KeptChannels } from '../../access/kept-channels.js';
import { capabilitiesOf } from '../../channels/registry.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, notFound, validationError } from '../../errors.js';
import type { RecordOutcome } from '../../http/idempotency.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson, toJson } from '../../lib/json.js';
import {
  applyCustomerDetails,
  recordCustomerDetailEvents,
  type CustomerDetails,
  type DetailsApplied,
  findOrCreateCustomerByContact,
  requireCustomer,
} from '../customers/index.js';
import { orgContext, type EventDraft, type OrgContext, assertWindowOpen } from '../shared/index.js';
import {
  findOrOpenActiveChat,
  type ChatDelivery,
  type DeliveryChannel,
  type DeliveryState,
  type NewMessage,
  usableChannel,
} from '../delivery/index.js';
import {
  channelContactOf,
  customerDetailsOf,
  initialMessageDraft,
  templateParameters,
  type ChannelContact,
  type MessageDraft,
} from './chat-create-input.js';
import type { ChatCreateInput, ChatCreateResultRecord } from './chat-create.schemas.js';
import type { ChatLifecycle, ChatRow } from './chat-lifecycle.service.js';
import type { FlowHooks } from './flow-starter.js';

export interface ChatCreateDeps {
  db: Kysely<DB>;
  batcher: TransactionBatcher;
  events: EventLog;
  clock: Clock;
  lifecycle: ChatLifecycle;
  delivery: ChatDelivery;
  flows: Pick<FlowHooks, 'start'>;
  accessChanges: AccessChanges;
}

interface CreateChannel extends DeliveryChannel {
  defaultCountry: string;
  defaultStageId: string | null;
  defaultTeamId: string | null;
  autoAssign: boolean;
}

/** What the request asks for, checked against the channel and the organization before the transaction. */
interface Plan {
  contact: ChannelContact;
  details: CustomerDetails;
  draft?: MessageDraft;
  template?: MessageDraft;
  flow?: { id: string; variables: { name: string; value: string }[]; contextMessage: string | null };
  responseFlow?: { id: string; name: string };
  teamId: string | null;
  keepPending: boolean;
}

/** A unit that met the one-active-chat index is run again this many times (it then finds the chat). */
const UNIQUE_RETRIES = 3;

export class ChatCreateService {
  private readonly channels: KeptChannels<CreateChannel>;

  constructor(private readonly deps: ChatCreateDeps) {
    this.channels = new KeptChannels(deps.accessChanges);
  }

  /**
   * `record`: the request's Idempotency-Key answer, written in every transaction of the request (the
   * chat's, then each message's and its outcome's) as the answer stands at that commit.
   */
  async create(
    organizationId: string,
    profileId: string,
    input: ChatCreateInput,
    record?: RecordOutcome<ChatCreateResultRecord>,
    source: MessageSource = 'api',
  ): Promise<ChatCreateResultRecord> {
    const channel = await this.resolveChannel(organizationId, input.channelId);
    const plan = await this.plan(channel, input);
    const now = this.deps.clock.now().toISOString();
    const target: DeliveryChannel = { ...channel, enforceWhatsAppWindow: false };
    const written = await this.writeOnce(() =>
      this.deps.batcher.run(async (trx) => {
        const done = await this.write(orgContext(this.deps, trx, organizationId, now), channel, plan, input, profileId);
        // The template and the initial message are stored with the chat, pending (the sweep's fallback
        // hands them to a worker if this process dies before their provider calls): one commit.
        const queued = [plan.template, plan.draft].filter((draft) => draft !== undefined).length;
        const stored = (draft: MessageDraft | undefined, position: number) =>
          draft && this.deps.delivery.prepareMessage(target, done.chat.contact, { ...draft, senderProfileId: profileId, source }, position);
        const withMessages = { ...done, template: stored(plan.template, 0), message: stored(plan.draft, queued - 1) };
        const rows = [withMessages.template, withMessages.message].filter((m) => m !== undefined);
        if (rows.length > 0)
          await trx
            .insertInto('messages')
            .values(rows.map((row) => ({ ...row, chat_id: done.chat.id })))
            .execute();
        await record?.(trx, answerOf(withMessages, plan, this.pendingStates(withMessages)));
        return withMessages;
      }),
    );
    // After the commit: the provider is called outside any transaction, the template first. The window was checked in it.
    const chatId = written.chat.id;
    const pending = this.pendingStates(written);
    const handOff = (message: NewMessage, draft: MessageDraft, answer: (state: DeliveryState) => ChatCreateResultRecord) =>
      this.deps.delivery.handOff(target, message, { ...draft, senderProfileId: profileId, source }, chatId, {
        record: record && ((trx, state) => record(trx, answer(state))),
      });
    const template = written.template
      ? await handOff(written.template, plan.template!, (state) => answerOf(written, plan, { ...pending, template: state }))
      : undefined;
    const message = written.message
      ? await handOff(written.message, plan.draft!, (state) => answerOf(written, plan, { template, message: state }))
      : undefined;
    return answerOf(written, plan, { template, message });
  }

  /** The chat's messages as the commit that stored them leaves them: pending. */
  private pendingStates(written: Written): { template?: DeliveryState; message?: DeliveryState } {
    const pending = (message: NewMessage | undefined) =>
      message && this.deps.delivery.stateOf(message, written.chat.id, { status: 'pending' });
    return { template: pending(written.template), message: pending(written.message) };
  }

  /**
   * An active channel of the organization (membership was checked with the key): unknown or inactive
   * 404, disconnected 422. Kept until the channel or its organization changes (access/kept-channels.ts),
   * as a send's target is.
   */
  private resolveChannel(organizationId: string, channelId: string): Promise<CreateChannel> {
    return this.channels.of({ channelId, organizationId }, () => this.readChannel(organizationId, channelId));
  }

  private async readChannel(organizationId: string, channelId: string): Promise<CreateChannel> {
    // One query: the channel with its organization's settings (default country).
    const row = await this.deps.db
      .selectFrom('channels as c')
      .innerJoin('organizations as o', 'o.id', 'c.organization_id')
      .select(['c.id', 'c.kind', 'c.config', 'c.settings', 'c.status', 'c.active', 'c.health', 'o.settings as org_settings'])
      .where('c.organization_id', '=', organizationId)
      .where('c.id', '=', channelId)
      .executeTakeFirst();
    const channel = usableChannel(row, organizationId);
    const { settings } = channel;
    // usableChannel refused a missing row.
    return {
      ...channel,
      defaultCountry: fromJson<{ defaultCountry?: string }>(row!.org_settings, {}).defaultCountry ?? 'BR',
      defaultStageId: settings.defaultStageId ?? null,
      defaultTeamId: settings.defaultTeamId ?? null,
      autoAssign: settings.autoAssign === true,
    };
  }

  /** The request read against the channel, and its references checked: team 400, flows 404, template 400/404. */
  private async plan(channel: CreateChannel, input: ChatCreateInput): Promise<Plan> {
    const contact = channelContactOf(channel.kind, input.customer, channel.defaultCountry, channel.config.sandbox === true);
    const draft = initialMessageDraft(channel.kind, input.initialMessage);
    const q = tenantQueries(this.deps.db, channel.organizationId);
    if (input.teamId) {
      const team = await q.selectFrom('teams').select('id').where('id', '=', input.teamId).executeTakeFirst();
      if (!team) throw validationError([{ field: 'teamId', message: 'is not a team of this organization' }], 'Unknown team');
    }
    const flowName = async (flowId: string, field: string) => {
      const flow = await q.selectFrom('flows').select('name').where('id', '=', flowId).executeTakeFirst();
      if (!flow)
        throw new AppError('FLOW_NOT_FOUND', `Flow not found (${field})`, [{ field, message: 'is not a flow of this organization' }]);
      return flow.name;
    };
    if (input.flowId) await flowName(input.flowId, 'flowId');
    const responseFlow = input.responseFlowId
      ? { id: input.responseFlowId, name: await flowName(input.responseFlowId, 'responseFlowId') }
      : undefined;
    return {
      contact,
      details: customerDetailsOf(input, contact),
      draft,
      template: input.whatsappTemplate ? await this.template(channel, input.whatsappTemplate) : undefined,
      flow: input.flowId
        ? { id: input.flowId, variables: input.flowVariables ?? [], contextMessage: input.contextMessage ?? null }
        : undefined,
      responseFlow,
      teamId: input.teamId ?? null,
      keepPending: input.keepPending === true,
    };
  }

  /** Rule 9 and DESIGN §6's send-template codes: official channel (400), this channel's template (404), approved (400). */
  private async template(channel: CreateChannel, input: NonNullable<ChatCreateInput['whatsappTemplate']>): Promise<MessageDraft> {
    if (!capabilitiesOf(channel.kind).templates) {
      throw new AppError('CHANNEL_NOT_OFFICIAL', `Templates can only be sent on a whatsapp_official channel, not ${channel.kind}`, [
        { field: 'whatsappTemplate', message: 'needs a whatsapp_official channel' },
      ]);
    }
    const templateId = input.templateId ?? input.id;
    if (!templateId) throw validationError([{ field: 'whatsappTemplate.templateId', message: 'id or templateId is required' }]);
    if (input.id && input.templateId && input.id !== input.templateId)
      throw validationError([{ field: 'whatsappTemplate.id', message: 'differs from whatsappTemplate.templateId' }]);
    const parameters = templateParameters(input.variables);
    const row = await tenantQueries(this.deps.db, channel.organizationId)
      .selectFrom('templates')
      .select(['name', 'language', 'status'])
      .where('id', '=', templateId)
      .where('channel_id', '=', channel.channelId)
      .executeTakeFirst();
    if (!row) throw notFound('TEMPLATE_NOT_FOUND', 'Template (of this channel)');
    if (row.status !== 'approved') {
      throw new AppError('TEMPLATE_NOT_APPROVED', `The template is ${row.status}, not approved`, [
        { field: 'whatsappTemplate.templateId', message: `is ${row.status}` },
      ]);
    }
    const components = parameters.length > 0 ? [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }] : [];
    return { type: 'template', content: { name: row.name, language: row.language, components } };
  }

  /** Runs the unit again when it met the one-active-chat index: the second run finds the chat the other request opened. */
  private async writeOnce<T>(unit: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await unit();
      } catch (err) {
        if (!isUniqueViolation(err) || attempt > UNIQUE_RETRIES) throw err;
      }
    }
  }

  /** The transaction: pure database work (a batcher unit), every write with its event. */
  private async write(ctx: OrgContext, channel: CreateChannel, plan: Plan, input: ChatCreateInput, profileId: string) {
    const { recipient, field } = plan.contact;
    const { details } = plan;
    let customerId: string;
    let contact: string;
    // The new customer's customer.created, recorded with the chat's chat.created in one insert.
    let customerCreated: EventDraft[] = [];
    let applied: DetailsApplied | undefined;
    let customerIsNew = false;
    if (input.customerId) {
      // The named customer: the channel's contact is one of its contacts, added when missing (duplicate rule applies).
      customerId = input.customerId;
      await requireCustomer(ctx.q, customerId);
      const channelContact = { type: recipient.contactType, value: recipient.value, field, normalized: recipient };
      applied = await applyCustomerDetails(
        ctx,
        customerId,
        { ...details, contacts: [channelContact, ...details.contacts] },
        { created: false, defaultCountry: channel.defaultCountry },
      );
      contact = applied.contactValues.get(field) ?? recipient.value;
    } else {
      // Only a name (or nothing) besides the contact: the lookup sets it on a new customer and answers
      // its customer.created, and nothing is read twice (the common case of an integration). With
      // more details, applying them records the event with the whole record.
      const extra = hasDetailsBeyondName(details);
      const found = await findOrCreateCustomerByContact(
        ctx,
        { type: recipient.contactType, value: recipient.value, name: details.name, field, normalized: recipient },
        { defaultCountry: channel.defaultCountry, defaultStageId: channel.defaultStageId, emitCreated: false },
      );
      customerId = found.customerId;
      contact = found.contactValue;
      customerIsNew = found.created;
      if (!extra && found.createdEvent) customerCreated = [found.createdEvent];
      applied =
        extra || (!found.created && details.name !== undefined)
          ? await applyCustomerDetails(ctx, customerId, details, { created: found.created, defaultCountry: channel.defaultCountry })
          : undefined;
    }
    if (applied) await recordCustomerDetailEvents(ctx, customerId, applied, profileId);

    const flowColumns = {
      ...(plan.flow
        ? { flow_id: plan.flow.id, flow_variables: toJson(plan.flow.variables), context_message: plan.flow.contextMessage }
        : {}),
      ...(plan.responseFlow ? { response_flow_id: plan.responseFlow.id } : {}),
      ...(!plan.flow && input.contextMessage !== undefined ? { context_message: input.contextMessage } : {}),
    };
    const opened = await findOrOpenActiveChat(
      ctx,
      { channelId: channel.channelId, customerId, contact, teamId: plan.teamId, ...flowColumns },
      customerCreated,
      { customerIsNew },
    );
    let chat: ChatRow = opened.chat;
    if (!opened.created && Object.keys(flowColumns).length > 0) {
      chat = await ctx.q
        .updateTable('chats')
        .set({ ...flowColumns, updated_at: ctx.now })
        .where('id', '=', chat.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    // WhatsApp's 24-hour window: refused here, so a refusal rolls back the customer and the chat too.
    if (plan.draft && channel.enforceWhatsAppWindow) assertWindowOpen(plan.draft.type, chat.last_inbound_at, new Date(ctx.now));

    if (opened.created && !plan.keepPending) {
      const teamId = plan.teamId ?? channel.defaultTeamId;
      if (channel.autoAssign && teamId) chat = await this.deps.lifecycle.autoAssign(ctx, chat, teamId);
      if (plan.draft || plan.template) chat = await this.deps.lifecycle.attend(ctx, chat, profileId);
    }
    const flowInitiated = plan.flow
      ? await this.deps.flows.start(ctx, {
          chatId: chat.id,
          flowId: plan.flow.id,
          variables: plan.flow.variables,
          contextMessage: plan.flow.contextMessage,
        })
      : false;
    return { chat, existing: !opened.created, flowInitiated };
  }
}

/** What the chat's transaction wrote (the messages: with the chat, before their provider calls). */
interface Written {
  chat: ChatRow;
  existing: boolean;
  flowInitiated: boolean;
  template?: NewMessage;
  message?: NewMessage;
}

/** The answer as it stands after the chat's commit and after each message's (a message not sent yet is absent). */
function answerOf(written: Written, plan: Plan, sent: { template?: DeliveryState; message?: DeliveryState }): ChatCreateResultRecord {
  const { template, message } = sent;
  return {
    success: true,
    chatId: written.chat.id,
    customerId: written.chat.customer_id,
    status: written.chat.status,
    formattedContact: written.chat.contact,
    existing: written.existing,
    flowInitiated: written.flowInitiated,
    keepPending: plan.keepPending,
    responseFlowScheduled: plan.responseFlow !== undefined,
    responseFlowId: plan.responseFlow?.id ?? null,
    responseFlowName: plan.responseFlow?.name ?? null,
    templateSent: template?.outcome.status === 'sent',
    templateMessageId: template?.messageId ?? null,
    templateStatus: template?.outcome.status ?? null,
    initialMessageId: message?.messageId ?? null,
    initialMessageStatus: message?.outcome.status ?? null,
  };
}

function hasDetailsBeyondName(details: CustomerDetails): boolean {
  return (
    details.email !== undefined ||
    details.document !== undefined ||
    details.salePrice !== undefined ||
    details.contacts.length + details.customFields.length + details.tagNames.length > 0
  );
}
