/**
 * Message sequences (spec endpoint 9, DESIGN.md §6 "Sequences"). The request stores every step's
 * message (`pending`, with `sequence_id`, `sequence_index`, `temp_id`; no `send_due_at`, so the send
 * sweep leaves them alone), the sequence row (each message's id and the delay after it) and the
 * first step's job in one transaction, and answers at once. Each `chats.sequence_step` job delivers
 * its message through ChatDelivery.deliverStored; the transaction that applies `sent` also enqueues
 * the next step's job, delayed by `delay_after_ms`. So a step goes to the provider only after the
 * one before it was accepted and its delay passed, and a process killed mid-sequence resumes it
 * from the jobs table without sending a committed step again. A step that fails for good fails
 * the steps after it (SEQUENCE_ABORTED): a sequence is not delivered with holes.
 */
import type { Kysely } from 'kysely';
import { capabilitiesOf } from '../../channels/registry.js';
import { isWhatsAppKind } from '../../channels/kinds.js';
import type { MediaKind, MessageType } from '../../channels/provider.js';
import type { DB } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import { tenantQueries } from '../../db/tenant.js';
import { validationError, type ErrorDetail } from '../../errors.js';
import type { RecordOutcome } from '../../http/idempotency.js';
import type { AppJobQueue, SequenceStepPayload } from '../../jobs/job-payloads.js';
import { JOB_PRIORITY_TIMER, type ClaimedJob, type JobContext } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { trafficOf } from '../governor/index.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import type { FilesService, FileRow } from '../files/index.js';
import { applyStatusById } from '../messages/index.js';
import { type ChatDelivery, deliveryChannel, loadChatTarget, type TargetChannel, type NewMessage } from '../delivery/index.js';
import type { MessageSequenceAnswer, MessageSequenceInput, SequenceStepInput } from './chat-sends.schemas.js';
import { assertWindowOpen } from '../shared/index.js';

export const SEQUENCE_STEP_JOB = 'chats.sequence_step';

/** One message of a sequence as its row keeps it: what the step's job needs to schedule the next. */
interface StoredStep {
  messageId: string;
  delayAfterMs: number;
}

interface Part {
  type: MessageType;
  content: Record<string, unknown>;
  stepIndex: number;
  tempId: string | null;
}

/** The media types whose messages carry a caption (audio has none on any channel). */
const CAPTIONED: ReadonlySet<MessageType> = new Set(['image', 'video', 'document']);

export interface MessageSequenceDeps {
  db: Kysely<DB>;
  batcher: TransactionBatcher;
  queue: AppJobQueue;
  clock: Clock;
  delivery: ChatDelivery;
  files: FilesService;
}

/** Channels of one family reach the same contacts: every WhatsApp kind is one family; the others are their own. */
function kindFamily(kind: string): string {
  return isWhatsAppKind(kind) ? 'whatsapp' : kind;
}

function mediaKindOf(mimeType: string | undefined): MediaKind {
  const top = (mimeType ?? '').split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'document';
}

export class MessageSequences {
  constructor(private readonly deps: MessageSequenceDeps) {}

  /** `record`: the request's Idempotency-Key answer, written in the transaction that stores the sequence. */
  async create(
    organizationId: string,
    chatId: string,
    profileId: string,
    input: MessageSequenceInput,
    record?: RecordOutcome<MessageSequenceAnswer>,
  ): Promise<MessageSequenceAnswer> {
    const { chat, channel: chatChannel } = await loadChatTarget(this.deps.db, organizationId, chatId);
    const errors: ErrorDetail[] = [];
    let channel: TargetChannel = chatChannel;
    if (input.auxiliaryChannelId !== undefined) {
      const auxiliary = await deliveryChannel(this.deps.db, organizationId, input.auxiliaryChannelId);
      if (!auxiliary || !auxiliary.connected) {
        errors.push({ field: 'auxiliaryChannelId', message: 'is not an active, connected channel of this organization' });
      } else if (kindFamily(auxiliary.kind) !== kindFamily(chatChannel.kind)) {
        errors.push({ field: 'auxiliaryChannelId', message: `is a ${auxiliary.kind} channel; this chat is on ${chatChannel.kind}` });
      } else channel = auxiliary;
    }
    if (input.replyToMessageId !== undefined) {
      const replied = await tenantQueries(this.deps.db, organizationId)
        .selectFrom('messages')
        .select('id')
        .where('id', '=', input.replyToMessageId)
        .where('chat_id', '=', chat.id)
        .executeTakeFirst();
      if (!replied) errors.push({ field: 'replyToMessageId', message: 'is not a message of this chat' });
    }
    const fileIds = input.steps.flatMap((step) => step.attachment_ids ?? []);
    const files = new Map((await this.deps.files.findMany(organizationId, [...new Set(fileIds)])).map((f) => [f.id, f]));
    input.steps.forEach((step, i) => {
      const attachments = (step.attachment_ids?.length ?? 0) + (step.url_attachments?.length ?? 0);
      if (step.content === undefined && attachments === 0) {
        errors.push({ field: `steps.${i}.content`, message: 'is required when the step has no attachment_ids or url_attachments' });
      }
      step.attachment_ids?.forEach((id, k) => {
        if (!files.has(id)) errors.push({ field: `steps.${i}.attachment_ids.${k}`, message: 'is not a file of this organization' });
      });
    });
    if (errors.length > 0) throw validationError(errors);
    // The window is judged once, when the request arrives: the whole sequence or nothing.
    if (channel.enforceWhatsAppWindow) assertWindowOpen('text', chat.last_inbound_at, this.deps.clock.now());

    const signer = await this.signature(organizationId, profileId);
    const parts: Part[] = [];
    const delays: number[] = [];
    input.steps.forEach((step, i) => {
      const stepParts = this.partsOf(step, i, files, signer, capabilitiesOf(channel.kind).captions);
      stepParts.forEach((part, k) => {
        parts.push(part);
        delays.push(k === stepParts.length - 1 ? (step.delay_after_ms ?? 0) : 0);
      });
    });
    const kinds = capabilitiesOf(channel.kind).mediaKinds as readonly string[];
    const refused = parts.find((part) => part.type !== 'text' && !kinds.includes(part.type));
    if (refused) {
      throw validationError([
        { field: `steps.${refused.stepIndex}`, message: `a ${channel.kind} channel cannot send ${refused.type} attachments` },
      ]);
    }

    const now = this.deps.clock.now().toISOString();
    const sequenceId = newId();
    const rows: (NewMessage & { chat_id: string })[] = parts.map((part, k) => ({
      id: newId(),
      organization_id: organizationId,
      chat_id: chat.id,
      channel_id: channel.channelId,
      direction: 'outbound',
      recipient: chat.contact,
      type: part.type,
      content: toJson(part.content),
      status: 'pending',
      provider_message_id: null,
      error_code: null,
      error_message: null,
      sequence_id: sequenceId,
      sequence_index: part.stepIndex,
      temp_id: part.tempId,
      sender_profile_id: profileId,
      created_at: now,
      updated_at: now,
      // Not due for the send sweep: the step's job owns its sending.
      send_due_at: null,
      reply_to_message_id: k === 0 ? (input.replyToMessageId ?? null) : null,
      source: 'sequence',
      traffic: trafficOf({ source: 'sequence' }),
      campaign_id: null,
    }));
    // rows, parts and delays run in step: one of each per part.
    const steps: StoredStep[] = rows.map((row, k) => ({ messageId: row.id, delayAfterMs: delays[k]! }));
    const answer: MessageSequenceAnswer = {
      success: true,
      sequenceId,
      messages: rows.map((row, k) => ({ id: row.id, tempId: row.temp_id, sequenceIndex: parts[k]!.stepIndex })),
    };
    await this.deps.batcher.run(async (trx) => {
      await trx.insertInto('messages').values(rows).execute();
      await trx
        .insertInto('message_sequences')
        .values({
          id: sequenceId,
          organization_id: organizationId,
          chat_id: chat.id,
          channel_id: channel.channelId,
          steps: toJson(steps),
          created_at: now,
        })
        .execute();
      await this.enqueueStep(trx, organizationId, { sequenceId, index: 0 }, 0);
      await record?.(trx, answer);
    });
    return answer;
  }

  /** The `chats.sequence_step` job: delivers one message, and on `sent` schedules the next. */
  async runStepJob(job: ClaimedJob<SequenceStepPayload>, context?: JobContext): Promise<void> {
    const { sequenceId, index } = job.payload;
    const organizationId = job.organizationId ?? '';
    const sequence = await tenantQueries(this.deps.db, organizationId)
      .selectFrom('message_sequences')
      .select('steps')
      .where('id', '=', sequenceId)
      .executeTakeFirst();
    const steps = fromJson<StoredStep[]>(sequence?.steps, []);
    const step = steps[index];
    if (!step) return;
    const later = steps.slice(index + 1);
    await this.deps.delivery.deliverStored(organizationId, step.messageId, {
      lastAttempt: job.attempt >= job.maxAttempts,
      signal: context?.signal,
      prepare: (message) => {
        // A file's link is signed at hand-over time, so a late step still gets a fresh one.
        const { file_id: fileId, ...content } = message.content;
        return typeof fileId === 'string' ? { ...message, content: { ...content, url: this.deps.files.signedUrl(fileId) } } : message;
      },
      onSent: async (ctx) => {
        if (later.length > 0) await this.enqueueStep(ctx.trx, organizationId, { sequenceId, index: index + 1 }, step.delayAfterMs);
      },
      onFailed: async (ctx) => {
        const error = {
          code: 'SEQUENCE_ABORTED',
          message: `Step message ${step.messageId} of the sequence failed; later steps were not sent`,
        };
        for (const next of later) await applyStatusById(ctx, next.messageId, { status: 'failed', error });
      },
    });
  }

  private async enqueueStep(
    trx: Parameters<AppJobQueue['enqueue']>[0],
    organizationId: string,
    payload: SequenceStepPayload,
    delayMs: number,
  ) {
    await this.deps.queue.enqueue(trx, {
      type: SEQUENCE_STEP_JOB,
      organizationId,
      payload,
      delayMs,
      // A step's delay is a promised moment: once due it goes before immediate work.
      ...(delayMs > 0 ? { priority: JOB_PRIORITY_TIMER } : {}),
    });
  }

  /** The prefix of signed steps: `*<sender profile name>*:` and a new line. */
  private async signature(organizationId: string, profileId: string): Promise<{ byDefault: boolean; prefix: string }> {
    const organization = await this.deps.db
      .selectFrom('organizations')
      .select('settings')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    const profile = await this.deps.db.selectFrom('profiles').select('name').where('id', '=', profileId).executeTakeFirst();
    return {
      byDefault: fromJson<{ signMessagesByDefault?: boolean }>(organization?.settings, {}).signMessagesByDefault === true,
      prefix: `*${profile?.name ?? ''}*:\n`,
    };
  }

  /**
   * A step's messages: its text first (signed if asked), then one media message per attachment,
   * files of the organization by their signed link, URL attachments as given. With
   * `content_as_caption`, on a channel with captions, a step of text and one captionable attachment
   * is one message, the (signed) text as its caption.
   */
  private partsOf(
    step: SequenceStepInput,
    stepIndex: number,
    files: Map<string, FileRow>,
    signer: { byDefault: boolean; prefix: string },
    channelHasCaptions: boolean,
  ): Part[] {
    const tempId = step.tempId ?? null;
    const parts: Part[] = [];
    const signed = step.sign_message ?? step.signMessage ?? signer.byDefault;
    const text = step.content === undefined ? undefined : signed ? `${signer.prefix}${step.content}` : step.content;
    const media = [...this.attachmentParts(step, stepIndex, files, tempId)];
    const captioned = media.length === 1 && CAPTIONED.has(media[0]!.type);
    if (text !== undefined && step.content_as_caption === true && channelHasCaptions && captioned) {
      return [{ ...media[0]!, content: { ...media[0]!.content, caption: text } }];
    }
    if (text !== undefined) parts.push({ type: 'text', content: { text }, stepIndex, tempId });
    return [...parts, ...media];
  }

  /** One media message per attachment: files of the organization by their signed link, URL attachments as given. */
  private *attachmentParts(step: SequenceStepInput, stepIndex: number, files: Map<string, FileRow>, tempId: string | null): Iterable<Part> {
    for (const id of step.attachment_ids ?? []) {
      const file = files.get(id)!;
      const type = mediaKindOf(file.mime_type);
      yield {
        type,
        content: { url: this.deps.files.signedUrl(file.id), file_id: file.id, ...(type === 'document' ? { filename: file.name } : {}) },
        stepIndex,
        tempId,
      };
    }
    for (const attachment of step.url_attachments ?? []) {
      const type = attachment.type ?? mediaKindOf(attachment.mimetype);
      yield {
        type,
        content: { url: attachment.url, ...(type === 'document' && attachment.name ? { filename: attachment.name } : {}) },
        stepIndex,
        tempId,
      };
    }
  }
}
