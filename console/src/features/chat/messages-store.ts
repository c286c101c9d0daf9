/**
 * A chat's messages: the latest page first, older pages on demand, and the latest page read again
 * when a live event concerns the chat (a message in, a status change of one of its messages).
 * Replies being sent are shown at once (by their tempId) until the server's message replaces them.
 *
 * Plain TypeScript (no React), like the inbox's store: `useMessages` (use-messages.ts) binds it to the chat view,
 * test/console/stores.test.ts drives it with a fake event stream.
 */
// Imports carry their extension so that tests (NodeNext) type-check this file as the console does.
import type { Message, Page, StreamEvent } from '../../lib/types.ts';
import { chatIdOf } from '../inbox/chat-list-store.ts';
import { englishStoreText, type StoreText } from '../../i18n/store-text.ts';

export type MessagesSource = (cursor: string | null) => Promise<Page<Message>>;

export interface MessagesSnapshot {
  messages: Message[];
  loaded: boolean;
  hasOlder: boolean;
  /** The last failed read, for the agent to see; cleared by the next read that succeeds. */
  error: string;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const byTime = (a: Message, b: Message) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);

export class MessagesStore {
  private snapshot: MessagesSnapshot = { messages: [], loaded: false, hasOlder: false, error: '' };
  private readonly listeners = new Set<() => void>();
  private olderCursor: string | null = null;
  private reading = false;
  private again = false;
  private closed = false;

  constructor(
    private readonly source: MessagesSource,
    readonly chatId: string,
    private readonly text: StoreText = englishStoreText,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = (): MessagesSnapshot => this.snapshot;

  open(): void {
    this.closed = false;
  }

  close(): void {
    this.closed = true;
  }

  private set(next: Partial<MessagesSnapshot>): void {
    if (this.closed) return;
    this.snapshot = { ...this.snapshot, ...next, hasOlder: this.olderCursor !== null };
    this.listeners.forEach((listener) => listener());
  }

  merge = (incoming: Message[]): void => {
    const byId = new Map(this.snapshot.messages.map((m) => [m.id, m]));
    for (const m of incoming) byId.set(m.id, m);
    // A reply's optimistic copy (id = its tempId) gives way to the stored message of that tempId,
    // whichever came first: a Retry after a lost answer shows its copy when the read that followed
    // the failure may already hold the stored reply.
    const storedTempIds = new Set([...byId.values()].filter((m) => m.tempId && m.id !== m.tempId).map((m) => m.tempId));
    const messages = [...byId.values()].filter((m) => !(m.id === m.tempId && storedTempIds.has(m.tempId))).sort(byTime);
    this.set({ messages });
  };

  /** A reply's optimistic copy whose send failed leaves the list (the reply box keeps its text to retry). */
  discard = (id: string): void => {
    const messages = this.snapshot.messages.filter((m) => m.id !== id);
    if (messages.length !== this.snapshot.messages.length) this.set({ messages });
  };

  /** One read at a time; an event during it asks for one more read after it. */
  readLatest = (): void => {
    if (this.reading) return void (this.again = true);
    this.reading = true;
    this.source(null)
      .then(
        (page) => {
          if (!this.snapshot.loaded) this.olderCursor = page.nextCursor;
          this.merge(page.data);
          this.set({ loaded: true, error: '' });
        },
        (err: unknown) => this.set({ loaded: true, error: this.text('messages.loadError', message(err)) }),
      )
      .finally(() => {
        this.reading = false;
        if (this.again) {
          this.again = false;
          this.readLatest();
        }
      });
  };

  loadOlder = (): void => {
    const cursor = this.olderCursor;
    if (!cursor) return;
    this.source(cursor).then(
      (page) => {
        this.olderCursor = page.nextCursor;
        this.merge(page.data);
      },
      (err: unknown) => this.set({ error: this.text('messages.olderError', message(err)) }),
    );
  };

  onEvent = (event: StreamEvent): void => {
    const chatId = this.chatId;
    // A customer's message carries itself: shown at once, then the page is read again (statuses, order).
    if (event.type === 'message.received' && chatIdOf(event) === chatId) {
      const data = event.data as {
        message_id: string;
        channel_id?: string;
        type: Message['type'];
        content: Message['content'];
        timestamp: string;
      };
      const at = typeof data.timestamp === 'string' ? data.timestamp : new Date().toISOString();
      this.merge([
        {
          id: data.message_id,
          chatId,
          channelId: data.channel_id ?? '',
          direction: 'inbound',
          type: data.type,
          status: 'delivered',
          content: data.content ?? {},
          senderProfileId: null,
          tempId: null,
          createdAt: at,
          updatedAt: at,
          error: null,
          source: null,
          reactions: [],
          edits: [],
          editedAt: null,
          deletedAt: null,
        } as Message,
      ]);
    }
    if (chatIdOf(event) === chatId && event.type.startsWith('message.')) return this.readLatest();
    if (event.type === 'message.status_updated') {
      const id = (event.data as { message_id?: string }).message_id;
      if (this.snapshot.messages.some((m) => m.id === id)) this.readLatest();
    }
  };
}
