/**
 * The console's live stores without a browser: the inbox's list (chat-list-store.ts) and a chat's
 * messages (messages-store.ts), fed by a fake event stream and fake API reads that the test
 * answers when it chooses, so the order of reads and events is the test's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatListStore, type ChatListSource } from '../../console/src/features/inbox/chat-list-store.ts';
import { MessagesStore } from '../../console/src/features/chat/messages-store.ts';
import type { ChatFilter, ChatRow, Message, Page, StreamEvent } from '../../console/src/lib/types.ts';

/** The organization's stream as the console's OrgProvider fans it out: subscribe, and the test emits. */
class FakeEventStream {
  private readonly listeners = new Set<(event: StreamEvent) => void>();
  private seq = 0;
  subscribe(listener: (event: StreamEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  emit(type: string, data: Record<string, unknown>): void {
    const event = { id: String(++this.seq), type, data };
    this.listeners.forEach((listener) => listener(event));
  }
}

/** A read the test answers (or fails) later. */
interface Pending<T> {
  args: unknown[];
  resolve(value: T): void;
  reject(err: Error): void;
}
function deferredCalls<T>() {
  const calls: Pending<T>[] = [];
  const fn = (...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ args, resolve, reject });
    });
  return { calls, fn };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

let n = 0;
/** UUID v7-like ids sort by creation: a later chat has a greater id. */
const id = () => `0192f1c4-0000-7000-8000-${String(++n).padStart(12, '0')}`;
function chat(overrides: Partial<ChatRow> = {}): ChatRow {
  return {
    id: id(),
    channelId: 'channel-1',
    customerId: 'customer-1',
    contact: '5511900000000',
    status: 'pending',
    teamId: null,
    assigneeProfileId: null,
    collaboratorProfileIds: [],
    customerName: 'Ana',
    lastMessage: null,
    unreadCount: 0,
    ...overrides,
  } as ChatRow;
}
function message(chatId: string, overrides: Partial<Message> = {}): Message {
  return {
    id: id(),
    chatId,
    direction: 'inbound',
    type: 'text',
    status: 'delivered',
    content: { text: 'hi' },
    senderProfileId: null,
    tempId: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    error: null,
    ...overrides,
  } as Message;
}

function listStore(filter: ChatFilter = { status: 'pending' }) {
  const pages = deferredCalls<Page<ChatRow>>();
  const rows = deferredCalls<ChatRow>();
  const source: ChatListSource = { chats: (f, cursor) => pages.fn(f, cursor), chat: (chatId) => rows.fn(chatId) };
  const store = new ChatListStore(source, filter);
  const stream = new FakeEventStream();
  stream.subscribe(store.onEvent);
  let renders = 0;
  store.subscribe(() => renders++);
  return { store, stream, pages: pages.calls, rows: rows.calls, renders: () => renders };
}

describe('the inbox list store', () => {
  it('reads pages by cursor, then stops', async () => {
    const { store, pages } = listStore();
    const [a, b, c] = [chat(), chat(), chat()];
    store.loadMore();
    store.loadMore(); // a second call while reading asks nothing more
    assert.equal(pages.length, 1);
    assert.equal(store.getSnapshot().loading, true);
    pages[0]!.resolve({ data: [c, b], nextCursor: 'cursor-1' });
    await settle();
    store.loadMore();
    assert.deepEqual(pages[1]!.args, [{ status: 'pending' }, 'cursor-1']);
    pages[1]!.resolve({ data: [a], nextCursor: null });
    await settle();
    assert.deepEqual(
      store.getSnapshot().rows.map((r) => r.id),
      [c.id, b.id, a.id],
    );
    assert.equal(store.getSnapshot().done, true);
    store.loadMore();
    assert.equal(pages.length, 2);
  });

  it('puts a chat named by an event in place, and drops one that left the tab', async () => {
    const { store, stream, pages, rows } = listStore();
    const [older, newer] = [chat(), chat()];
    store.loadMore();
    pages[0]!.resolve({ data: [newer, older], nextCursor: null });
    await settle();

    const created = chat();
    stream.emit('chat.created', { chat_id: created.id });
    rows[0]!.resolve(created);
    await settle();
    assert.deepEqual(
      store.getSnapshot().rows.map((r) => r.id),
      [created.id, newer.id, older.id],
    );

    stream.emit('chat.status_changed', { chat_id: newer.id });
    rows[1]!.resolve({ ...newer, status: 'in_progress' });
    await settle();
    assert.deepEqual(
      store.getSnapshot().rows.map((r) => r.id),
      [created.id, older.id],
    );
  });

  it('reads a chat once at a time, and once more when an event came during the read', async () => {
    const { store, stream, pages, rows } = listStore();
    const row = chat();
    store.loadMore();
    pages[0]!.resolve({ data: [row], nextCursor: null });
    await settle();

    stream.emit('message.received', { chat_id: row.id });
    stream.emit('message.received', { chat_id: row.id });
    stream.emit('message.received', { chat_id: row.id });
    assert.equal(rows.length, 1, 'one read in flight');
    rows[0]!.resolve({ ...row, unreadCount: 1 });
    await settle();
    assert.equal(rows.length, 2, 'one more read for the events that came during the first');
    rows[1]!.resolve({ ...row, unreadCount: 3 });
    await settle();
    assert.equal(rows.length, 2);
    assert.equal(store.getSnapshot().rows[0]!.unreadCount, 3);
  });

  it('shows a failed read of a chat or of the resync to the agent', async () => {
    const { store, stream, pages, rows } = listStore();
    const row = chat();
    store.loadMore();
    pages[0]!.resolve({ data: [row], nextCursor: null });
    await settle();

    stream.emit('chat.assigned', { chat_id: row.id });
    rows[0]!.reject(new Error('Service unavailable'));
    await settle();
    assert.equal(store.getSnapshot().error, 'Could not update a chat: Service unavailable');

    store.resync();
    pages[1]!.reject(new Error('Network down'));
    await settle();
    assert.equal(store.getSnapshot().error, 'Could not bring the chats up to date: Network down');
  });

  it('resync puts the first page in place without losing the rows read since', async () => {
    const { store, pages } = listStore();
    const [old, missed] = [chat(), chat()];
    store.loadMore();
    pages[0]!.resolve({ data: [old], nextCursor: null });
    await settle();
    store.resync();
    pages[1]!.resolve({ data: [missed, old], nextCursor: null });
    await settle();
    assert.deepEqual(
      store.getSnapshot().rows.map((r) => r.id),
      [missed.id, old.id],
    );
  });

  it('updates the tick of a row whose last message changed status', async () => {
    const { store, stream, pages } = listStore();
    const row = chat({
      lastMessage: { id: 'm-1', direction: 'outbound', type: 'text', status: 'sent', preview: 'Hi', createdAt: '2026-01-01T00:00:00Z' },
    } as Partial<ChatRow>);
    store.loadMore();
    pages[0]!.resolve({ data: [row], nextCursor: null });
    await settle();
    stream.emit('message.status_updated', { message_id: 'm-1', status: 'read' });
    assert.equal(store.getSnapshot().rows[0]!.lastMessage!.status, 'read');
  });

  it('drops answers once closed (the filter changed)', async () => {
    const { store, pages, renders } = listStore();
    store.loadMore();
    const before = renders();
    store.close();
    pages[0]!.resolve({ data: [chat()], nextCursor: null });
    await settle();
    assert.equal(store.getSnapshot().rows.length, 0);
    assert.equal(renders(), before);
  });
});

function messagesStore(chatId: string) {
  const reads = deferredCalls<Page<Message>>();
  const store = new MessagesStore((cursor) => reads.fn(cursor), chatId);
  const stream = new FakeEventStream();
  stream.subscribe(store.onEvent);
  return { store, stream, reads: reads.calls };
}

describe('the chat messages store', () => {
  it('shows a customer message from its event at once, then reads the latest page', async () => {
    const chatId = id();
    const { store, stream, reads } = messagesStore(chatId);
    store.readLatest();
    reads[0]!.resolve({ data: [], nextCursor: null });
    await settle();

    stream.emit('message.received', {
      chat_id: chatId,
      message_id: 'in-1',
      type: 'text',
      content: { text: 'Hello' },
      timestamp: '2026-01-01T10:00:00Z',
    });
    assert.deepEqual(
      store.getSnapshot().messages.map((m) => m.content),
      [{ text: 'Hello' }],
    );
    assert.equal(reads.length, 2, 'the latest page is read again');

    stream.emit('message.received', {
      chat_id: id(),
      message_id: 'elsewhere',
      type: 'text',
      content: {},
      timestamp: '2026-01-01T10:00:01Z',
    });
    assert.equal(store.getSnapshot().messages.length, 1, "another chat's message is not shown");
  });

  it("replaces a reply's optimistic copy by the stored message", async () => {
    const chatId = id();
    const { store, reads } = messagesStore(chatId);
    store.readLatest();
    reads[0]!.resolve({ data: [], nextCursor: null });
    await settle();
    const optimistic = message(chatId, { id: 'tmp-1', tempId: 'tmp-1', direction: 'outbound', status: 'pending' });
    store.merge([optimistic]);
    const stored = message(chatId, { tempId: 'tmp-1', direction: 'outbound', status: 'sent' });
    store.merge([stored]);
    assert.deepEqual(
      store.getSnapshot().messages.map((m) => m.id),
      [stored.id],
    );
  });

  it("shows no optimistic copy of a retried reply whose stored message is already there (a lost answer's Retry)", async () => {
    const chatId = id();
    const { store, reads } = messagesStore(chatId);
    // The first try was stored but its answer lost: the read after the failure brought the stored reply.
    const stored = message(chatId, { tempId: 'tmp-2', direction: 'outbound', status: 'sent' });
    store.readLatest();
    reads[0]!.resolve({ data: [stored], nextCursor: null });
    await settle();
    // The Retry shows its optimistic copy under the same tempId, before the replayed answer comes back.
    store.merge([message(chatId, { id: 'tmp-2', tempId: 'tmp-2', direction: 'outbound', status: 'pending' })]);
    assert.deepEqual(
      store.getSnapshot().messages.map((m) => m.id),
      [stored.id],
    );
  });

  it('reads once at a time and once more for events during the read; a status change of a shown message reads again', async () => {
    const chatId = id();
    const { store, stream, reads } = messagesStore(chatId);
    const shown = message(chatId, { direction: 'outbound', status: 'sent' });
    store.readLatest();
    reads[0]!.resolve({ data: [shown], nextCursor: 'older' });
    await settle();
    assert.equal(store.getSnapshot().hasOlder, true);

    stream.emit('message.status_updated', { message_id: shown.id, status: 'delivered' });
    stream.emit('message.status_updated', { message_id: shown.id, status: 'read' });
    stream.emit('message.status_updated', { message_id: 'not-here', status: 'read' });
    assert.equal(reads.length, 2, 'one read in flight');
    reads[1]!.resolve({ data: [{ ...shown, status: 'delivered' }], nextCursor: 'older' });
    await settle();
    assert.equal(reads.length, 3, 'one more for the event during the read');
    reads[2]!.resolve({ data: [{ ...shown, status: 'read' }], nextCursor: 'older' });
    await settle();
    assert.equal(store.getSnapshot().messages[0]!.status, 'read');
  });

  it('shows a failed read to the agent, and clears it when a read succeeds', async () => {
    const chatId = id();
    const { store, reads } = messagesStore(chatId);
    store.readLatest();
    reads[0]!.reject(new Error('Service unavailable'));
    await settle();
    assert.equal(store.getSnapshot().error, 'Could not load the messages: Service unavailable');
    store.readLatest();
    reads[1]!.resolve({ data: [], nextCursor: null });
    await settle();
    assert.equal(store.getSnapshot().error, '');
  });

  it('loads older pages by cursor until there are none', async () => {
    const chatId = id();
    const { store, reads } = messagesStore(chatId);
    const [first, second] = [message(chatId), message(chatId)];
    store.readLatest();
    reads[0]!.resolve({ data: [second], nextCursor: 'c1' });
    await settle();
    store.loadOlder();
    assert.equal(reads[1]!.args[0], 'c1');
    reads[1]!.resolve({ data: [first], nextCursor: null });
    await settle();
    assert.deepEqual(
      store.getSnapshot().messages.map((m) => m.id),
      [first.id, second.id],
    );
    assert.equal(store.getSnapshot().hasOlder, false);
  });
});
