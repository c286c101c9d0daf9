/**
 * The inbox's chats for one filter: pages read by cursor as the list scrolls, and rows refreshed
 * from live events. An event names a chat; the chat's row is read again (coalesced per chat) and
 * put in place, or dropped when it no longer matches the filter (a chat that moved to another
 * status tab, or to another agent under "mine"). Whenever the event stream goes live, the first
 * page is read again: what happened before the stream connected was never sent on it.
 *
 * The store is plain TypeScript (no React): `useChatList` (use-chat-list.ts) binds it to a
 * component with useSyncExternalStore, and test/console/stores.test.ts drives it with a fake event stream.
 * It is not in the query cache: rows are patched one by one by events, in the list's order.
 */
// Imports carry their extension so that tests (NodeNext) type-check this file as the console does.
import type { ChatFilter, ChatRow, Page, StreamEvent } from '../../lib/types.ts';
import { englishStoreText, type StoreText } from '../../i18n/store-text.ts';

export interface ChatListSource {
  chats(filter: ChatFilter, cursor: string | null): Promise<Page<ChatRow>>;
  chat(chatId: string): Promise<ChatRow>;
}

export interface ChatListSnapshot {
  rows: ChatRow[];
  loading: boolean;
  done: boolean;
  /** The last failed read, for the agent to see; cleared by the next read that succeeds. */
  error: string;
}

export interface ChatListState extends ChatListSnapshot {
  loadMore(): void;
  resync(): void;
  onEvent(event: StreamEvent): void;
  patch(chat: ChatRow): void;
}

function matches(chat: ChatRow, filter: ChatFilter): boolean {
  if (chat.status !== filter.status) return false;
  if (filter.assigneeProfileId && chat.assigneeProfileId !== filter.assigneeProfileId) return false;
  if (filter.teamId && chat.teamId !== filter.teamId) return false;
  if (filter.channelId && chat.channelId !== filter.channelId) return false;
  if (filter.unassigned && chat.assigneeProfileId !== null) return false;
  // The API's rule for `customerWrote` (docs/conversations.md): the chat has an inbound message.
  if (filter.customerWrote !== undefined && (chat.lastInboundAt !== null) !== filter.customerWrote) return false;
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

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class ChatListStore {
  private snapshot: ChatListSnapshot = { rows: [], loading: false, done: false, error: '' };
  private readonly listeners = new Set<() => void>();
  private cursor: string | null = null;
  private busy = false;
  private closed = false;
  /** Chats being read, and those an event asked to read again once that read ends. */
  private readonly reading = new Set<string>();
  private readonly again = new Set<string>();

  constructor(
    private readonly source: ChatListSource,
    readonly filter: ChatFilter,
    private readonly text: StoreText = englishStoreText,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = (): ChatListSnapshot => this.snapshot;

  /** While closed (unmounted, or the filter changed and another store took over) answers are dropped. */
  open(): void {
    this.closed = false;
  }

  close(): void {
    this.closed = true;
  }

  private set(next: Partial<ChatListSnapshot>): void {
    if (this.closed) return;
    this.snapshot = { ...this.snapshot, ...next };
    this.listeners.forEach((listener) => listener());
  }

  loadMore = (): void => {
    if (this.busy || this.snapshot.done || this.closed) return;
    this.busy = true;
    this.set({ loading: true });
    this.source.chats(this.filter, this.cursor).then(
      (page) => {
        this.busy = false;
        this.cursor = page.nextCursor;
        const seen = new Set(this.snapshot.rows.map((r) => r.id));
        this.set({
          rows: [...this.snapshot.rows, ...page.data.filter((r) => !seen.has(r.id))],
          done: page.nextCursor === null,
          loading: false,
          error: '',
        });
      },
      (err: unknown) => {
        this.busy = false;
        this.set({ loading: false, error: this.text('inbox.loadError', message(err)) });
      },
    );
  };

  patch = (chat: ChatRow): void => {
    this.set({ rows: upsert(this.snapshot.rows, chat, this.filter, this.snapshot.done ? null : this.cursor) });
  };

  /** A stream's first connection replays nothing (there is no cursor yet): a chat created between
   * the first page's read and that connection reaches the list only through this read. */
  resync = (): void => {
    this.source.chats(this.filter, null).then(
      (page) => page.data.forEach(this.patch),
      (err: unknown) => this.set({ error: this.text('inbox.resyncError', message(err)) }),
    );
  };

  /** One read per chat at a time; an event during that read asks for one more read after it, since
   * the read in flight may have seen the chat before the change the event reports. */
  private refresh(chatId: string): void {
    if (this.reading.has(chatId)) return void this.again.add(chatId);
    this.reading.add(chatId);
    this.source
      .chat(chatId)
      .then(this.patch, (err: unknown) => this.set({ error: this.text('inbox.updateError', message(err)) }))
      .finally(() => {
        this.reading.delete(chatId);
        if (this.again.delete(chatId)) this.refresh(chatId);
      });
  }

  onEvent = (event: StreamEvent): void => {
    const chatId = chatIdOf(event);
    if (chatId) return this.refresh(chatId);
    if (event.type === 'message.status_updated') {
      const { message_id: messageId, status } = event.data as { message_id?: string; status?: string };
      const rows = this.snapshot.rows;
      if (!status || !rows.some((r) => r.lastMessage?.id === messageId)) return;
      this.set({
        rows: rows.map((r) => (r.lastMessage && r.lastMessage.id === messageId ? { ...r, lastMessage: { ...r.lastMessage, status } } : r)),
      });
    }
  };
}
