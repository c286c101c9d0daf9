/**
 * Private notes in a chat's timeline (DESIGN §11): what agents tell each other about a
 * conversation, never sent to the customer. A note's `@name` mentions (mentions.ts) are kept with it
 * and announced by `chat.note_created`, which the console turns into a notification for the agents
 * named. Distinct from a customer's notes (modules/notes/), which belong to the customer's record.
 */
import type { AppDeps } from '../../deps.js';
import { fromJson, toJson } from '../../lib/json.js';
import { newId } from '../../lib/ids.js';
import { AppError } from '../../errors.js';
import { orgContext } from '../shared/index.js';
import { tenantQueries } from '../../db/tenant.js';
import { mentionedProfiles } from './mentions.js';

export interface ChatNoteRecord {
  id: string;
  chatId: string;
  authorProfileId: string | null;
  authorName: string | null;
  content: string;
  mentions: { profileId: string; name: string }[];
  createdAt: string;
}

export class ChatNotesService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'events'>) {}

  async list(organizationId: string, chatId: string): Promise<ChatNoteRecord[]> {
    await this.assertChat(organizationId, chatId);
    const rows = await tenantQueries(this.deps.db, organizationId)
      .selectFrom('chat_notes')
      .selectAll()
      .where('chat_id', '=', chatId)
      .orderBy('id')
      .execute();
    const names = await this.memberNames(organizationId);
    return rows.map((row) => ({
      id: row.id,
      chatId: row.chat_id,
      authorProfileId: row.author_profile_id,
      authorName: row.author_profile_id ? (names.get(row.author_profile_id)?.name ?? null) : null,
      content: row.content,
      mentions: fromJson<string[]>(row.mentions, []).map((profileId) => ({ profileId, name: names.get(profileId)?.name ?? '' })),
      createdAt: row.created_at,
    }));
  }

  async create(organizationId: string, chatId: string, authorProfileId: string, content: string): Promise<ChatNoteRecord> {
    await this.assertChat(organizationId, chatId);
    const members = await this.memberNames(organizationId);
    const mentions = mentionedProfiles(content, [...members.values()]).filter((id) => id !== authorProfileId);
    const now = this.deps.clock.now().toISOString();
    const id = newId();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('chat_notes')
        .values({
          id,
          organization_id: organizationId,
          chat_id: chatId,
          author_profile_id: authorProfileId,
          content,
          mentions: toJson(mentions),
          created_at: now,
        })
        .execute();
      await orgContext(this.deps, trx, organizationId, now).emit('chat.note_created', {
        chat_id: chatId,
        note_id: id,
        author_profile_id: authorProfileId,
        mentioned_profile_ids: mentions,
      });
    });
    return {
      id,
      chatId,
      authorProfileId,
      authorName: members.get(authorProfileId)?.name ?? null,
      content,
      mentions: mentions.map((profileId) => ({ profileId, name: members.get(profileId)?.name ?? '' })),
      createdAt: now,
    };
  }

  private async assertChat(organizationId: string, chatId: string): Promise<void> {
    const chat = await tenantQueries(this.deps.db, organizationId)
      .selectFrom('chats')
      .select('id')
      .where('id', '=', chatId)
      .executeTakeFirst();
    if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
  }

  private async memberNames(organizationId: string) {
    const rows = await tenantQueries(this.deps.db, organizationId)
      .selectFrom('memberships')
      .innerJoin('profiles', 'profiles.id', 'memberships.profile_id')
      .select(['profiles.id as profileId', 'profiles.name', 'profiles.email'])
      .execute();
    return new Map(rows.map((row) => [row.profileId, row]));
  }
}
