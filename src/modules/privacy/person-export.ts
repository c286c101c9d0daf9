/**
 * The export of everything about one person (LGPD; DESIGN.md §14; docs/security.md): a ZIP with
 *
 * - `customer.json`: the customer as the API shows it (contacts, tags, field values), the notes,
 *   the stage history, the list of chats (each pointing to its file) and the list of files;
 * - `chats/<chatId>.json`: one chat and its messages, in order, contents as stored;
 * - `files/<fileId>/<name>`: the bytes of every file the person's messages carried, from the file store.
 *
 * Built in memory (src/lib/zip.ts): a person's data is small, and the files are capped at
 * EXPORT_MAX_FILE_BYTES in all (413 past it, before any file is read).
 */
import type { Selectable } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB, MessagesTable } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { fromJson } from '../../lib/json.js';
import { zipArchive, type ZipEntry } from '../../lib/zip.js';
import type { Clock } from '../../lib/clock.js';
import { loadCustomerRecord, type CustomerStageService } from '../customers/index.js';
import type { FileStore } from '../files/index.js';
import { personRows, requirePerson } from './person-data.js';

/** The most file bytes one export carries (the JSON is small beside them). */
export const EXPORT_MAX_FILE_BYTES = 100 * 1024 * 1024;

export interface PersonExportDeps {
  db: Kysely<DB>;
  clock: Clock;
  store: FileStore;
  stages: CustomerStageService;
}

function toMessage(m: Selectable<MessagesTable>) {
  return {
    id: m.id,
    direction: m.direction,
    type: m.type,
    content: fromJson<unknown>(m.content, null),
    status: m.status,
    recipient: m.recipient,
    channelId: m.channel_id,
    providerMessageId: m.provider_message_id,
    errorCode: m.error_code,
    errorMessage: m.error_message,
    senderProfileId: m.sender_profile_id,
    replyToMessageId: m.reply_to_message_id,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
}

/** A file name safe as one path segment in the archive (the original stays in customer.json). */
function entryName(name: string): string {
  const safe = [...name]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 ? '_' : c))
    .join('')
    .replace(/^\.+$/, '_');
  return safe === '' ? 'file' : safe.slice(0, 200);
}

export async function exportPerson(deps: PersonExportDeps, organizationId: string, customerId: string): Promise<Buffer> {
  const q = tenantQueries(deps.db, organizationId);
  await requirePerson(q, customerId);
  const customer = await loadCustomerRecord(q, customerId);
  const notes = await q.selectFrom('notes').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  const stageHistory = await deps.stages.history(organizationId, customerId);
  const { chats, messages, fileIds } = await personRows(q, customerId);
  const files = fileIds.length === 0 ? [] : await q.selectFrom('files').selectAll().where('id', 'in', fileIds).orderBy('id').execute();
  const fileBytes = files.reduce((sum, f) => sum + Number(f.size_bytes), 0);
  if (fileBytes > EXPORT_MAX_FILE_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This person's files (${fileBytes} bytes) exceed the export limit of ${EXPORT_MAX_FILE_BYTES} bytes`,
    );
  }

  const entries: ZipEntry[] = [];
  const json = (name: string, value: unknown) => entries.push({ name, data: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) });
  const fileList = files.map((f) => ({
    id: f.id,
    name: f.name,
    mimeType: f.mime_type,
    sizeBytes: Number(f.size_bytes),
    sha256: f.sha256,
    createdAt: f.created_at,
    path: `files/${f.id}/${entryName(f.name)}`,
  }));
  json('customer.json', {
    exportedAt: deps.clock.now().toISOString(),
    customer,
    notes: notes.map((n) => ({
      id: n.id,
      title: n.title,
      content: n.content,
      authorProfileId: n.author_profile_id,
      createdAt: n.created_at,
      updatedAt: n.updated_at,
    })),
    stageHistory,
    chats: chats.map((c) => ({ id: c.id, channelId: c.channel_id, contact: c.contact, status: c.status, path: `chats/${c.id}.json` })),
    files: fileList,
  });
  for (const chat of chats) {
    json(`chats/${chat.id}.json`, {
      chat: {
        id: chat.id,
        channelId: chat.channel_id,
        contact: chat.contact,
        status: chat.status,
        teamId: chat.team_id,
        assigneeProfileId: chat.assignee_profile_id,
        flowVariables: fromJson<unknown>(chat.flow_variables, null),
        contextMessage: chat.context_message,
        createdAt: chat.created_at,
        updatedAt: chat.updated_at,
        closedAt: chat.closed_at,
        lastInboundAt: chat.last_inbound_at,
      },
      messages: messages.filter((m) => m.chat_id === chat.id).map(toMessage),
    });
  }
  for (const [i, file] of files.entries()) {
    // A file whose bytes are gone from the store is listed in customer.json without an entry.
    const bytes = await deps.store.read(file.storage_key).catch(() => undefined);
    if (bytes) entries.push({ name: fileList[i]!.path, data: bytes });
  }
  return zipArchive(entries, deps.clock.now());
}
