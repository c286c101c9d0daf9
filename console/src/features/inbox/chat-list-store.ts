/**
 * The inbox's chats for one filter: pages read by cursor as the list scrolls, and rows refreshed
 * from live events. An event names a chat; the chat's row is read again (coalesced per chat) and
 * put in place, or dropped when it no longer matches the filter (a chat that moved to another
 * status tab, or to another agent under "mine"). Whenever the event stream goes live, the first
 * page is read again: what happened before the stream connected was never sent on it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatFilter, OrgApi } from '../../lib/api';
import type { StreamEvent } from '../../lib/event-stream';
import type { ChatRow } from '../../lib/types';

export interface ChatListState {
  rows: ChatRow[];
  loading: boolean;
  done: boolean;
  error: string;
  loadMore(): void;
  /** Reads the first page again and puts its chats in place (the stream just went live). */
  resync(): void;
  onEvent(event: StreamEvent): void;
  patch(chat: ChatRow): void;
}

function matches(chat: ChatRow, filter: ChatFilter): boolean {
  if (chat.status !== filter.status) return false;
  if (filter.assigneeProfileId && chat.assigneeProfileId !== filter.assigneeProfileId) return false;
  if (filter.teamId && chat.teamId !== filter.teamId) return false;
  if (filter.channelId && chat.channelId !== filter.channelId) return false;
  return true;
}

/** Rows are kept newest first, by id (UUID v7: creation order), as the API pages them. */
function upsert(rows: ChatRow[], chat: ChatRow, filter: ChatFilter, loadedTo: string | null): ChatRow[] {
  const without = rows.filter((r) => r.id !== chat.id);
  if (!matches(chat, filter)) return without.length === rows.length ? rows : without;
  // A chat older than every loaded page is left for the page that will bring it.
  if (loadedTo && chat.id < loadedTo && !rows.some((r) => r.id === chat.id)) return rows;
  const at = without.findIndex((r) => r.id < chat.id);
  return at === -1 ? [...without, chat] : [...without.slice(0, at), chat, ...without.slice(at)];
}

export function chatIdOf(event: StreamEvent): string | null {
  const id = event.data.chat_id;
  return typeof id === 'string' ? id : null;
}

export function useChatList(api: OrgApi, filter: ChatFilter): ChatListState {
  const [rows, setRows] = useState<ChatRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const cursor = useRef<string | null>(null);
  const done = useRef(false);
  const busy = useRef(false);
  const generation = useRef(0);
  const filterRef = useRef(filter);
  const pending = useRef(new Map<string, Promise<void>>());
  const key = JSON.stringify(filter);

  const loadMore = useCallback(() => {
    if (busy.current || done.current) return;
    busy.current = true;
    setLoading(true);
    const gen = generation.current;
    api
      .chats(filterRef.current, cursor.current)
      .then((page) => {
        if (gen !== generation.current) return;
        cursor.current = page.nextCursor;
        done.current = page.nextCursor === null;
        setRows((current) => {
          const seen = new Set(current.map((r) => r.id));
          return [...current, ...page.data.filter((r) => !seen.has(r.id))];
        });
      })
      .catch((err: Error) => gen === generation.current && setError(err.message))
      .finally(() => {
        if (gen !== generation.current) return;
        busy.current = false;
        setLoading(false);
      });
  }, [api]);

  useEffect(() => {
    filterRef.current = JSON.parse(key) as ChatFilter;
    generation.current += 1;
    cursor.current = null;
    done.current = false;
    busy.current = false;
    setRows([]);
    setError('');
    loadMore();
  }, [key, loadMore]);

  const patch = useCallback((chat: ChatRow) => {
    setRows((current) => upsert(current, chat, filterRef.current, done.current ? null : cursor.current));
  }, []);

  // A stream's first connection replays nothing (there is no cursor yet): a chat created between
  // the first page's read and that connection reaches the list only through this read.
  const resync = useCallback(() => {
    const gen = generation.current;
    api
      .chats(filterRef.current, null)
      .then((page) => {
        if (gen === generation.current) page.data.forEach(patch);
      })
      .catch(() => {});
  }, [api, patch]);

  // One read per chat at a time; an event during that read asks for one more read after it, since
  // the read in flight may have seen the chat before the change the event reports.
  const again = useRef(new Set<string>());
  const refresh = useCallback(
    function refresh(chatId: string) {
      if (pending.current.has(chatId)) return void again.current.add(chatId);
      const gen = generation.current;
      const run = api
        .chat(chatId)
        .then((chat) => {
          if (gen === generation.current) patch(chat);
        })
        .catch(() => {})
        .finally(() => {
          pending.current.delete(chatId);
          if (again.current.delete(chatId)) refresh(chatId);
        });
      pending.current.set(chatId, run);
    },
    [api, patch],
  );

  const onEvent = useCallback(
    (event: StreamEvent) => {
      const chatId = chatIdOf(event);
      if (chatId) return refresh(chatId);
      if (event.type === 'message.status_updated') {
        const { message_id: messageId, status } = event.data as { message_id?: string; status?: string };
        setRows((current) =>
          current.some((r) => r.lastMessage?.id === messageId)
            ? current.map((r) => (r.lastMessage?.id === messageId && status ? { ...r, lastMessage: { ...r.lastMessage!, status } } : r))
            : current,
        );
      }
    },
    [refresh],
  );

  return { rows, loading, done: done.current, error, loadMore, resync, onEvent, patch };
}
