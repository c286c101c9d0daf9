/**
 * A chat's messages: the latest page first, older pages on demand, and the latest page read again
 * when a live event concerns the chat (a message in, a status change of one of its messages).
 * Replies being sent are shown at once (by their tempId) until the server's message replaces them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrgApi } from '../../lib/api';
import type { StreamEvent } from '../../lib/event-stream';
import type { Message } from '../../lib/types';
import { chatIdOf } from '../inbox/chat-list-store';

export function useMessages(api: OrgApi, chatId: string) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const reading = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const shown = useRef<Message[]>([]);
  useEffect(() => {
    shown.current = messages;
  }, [messages]);

  const merge = useCallback((incoming: Message[]) => {
    setMessages((current) => {
      const byId = new Map(current.map((m) => [m.id, m]));
      for (const m of incoming) byId.set(m.id, m);
      const tempIds = new Set(incoming.map((m) => m.tempId).filter(Boolean));
      // A reply's optimistic copy (id = its tempId) gives way to the stored message.
      return [...byId.values()]
        .filter((m) => !(m.id === m.tempId && tempIds.has(m.tempId) && !incoming.includes(m)))
        .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
    });
  }, []);

  const readLatest = useCallback(
    function readLatest() {
      if (reading.current) return void (again.current = true);
      reading.current = api
        .latestMessages(chatId)
        .then((page) => {
          merge(page.data);
          setOlderCursor((c) => c ?? page.nextCursor);
          setLoaded(true);
        })
        .catch(() => {})
        .finally(() => {
          reading.current = null;
          if (again.current) {
            again.current = false;
            readLatest();
          }
        });
    },
    [api, chatId, merge],
  );

  useEffect(() => {
    readLatest();
  }, [readLatest]);

  const loadOlder = useCallback(() => {
    if (!olderCursor) return;
    void api.latestMessages(chatId, olderCursor).then((page) => {
      merge(page.data);
      setOlderCursor(page.nextCursor);
    });
  }, [api, chatId, olderCursor, merge]);

  const onEvent = useCallback(
    (event: StreamEvent) => {
      // A customer's message carries itself: shown at once, then the page is read again (statuses, order).
      if (event.type === 'message.received' && chatIdOf(event) === chatId) {
        const data = event.data as { message_id: string; type: string; content: Record<string, unknown>; timestamp: string };
        const at = typeof data.timestamp === 'string' ? data.timestamp : new Date().toISOString();
        merge([
          {
            id: data.message_id,
            chatId,
            direction: 'inbound',
            type: data.type,
            status: 'delivered',
            content: data.content ?? {},
            senderProfileId: null,
            tempId: null,
            createdAt: at,
            error: null,
          },
        ]);
      }
      if (chatIdOf(event) === chatId && event.type.startsWith('message.')) return readLatest();
      if (event.type === 'message.status_updated') {
        const id = (event.data as { message_id?: string }).message_id;
        if (shown.current.some((m) => m.id === id)) readLatest();
      }
    },
    [chatId, readLatest, merge],
  );

  return { messages, loaded, hasOlder: olderCursor !== null, loadOlder, onEvent, merge, readLatest };
}
