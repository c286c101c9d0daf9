/** The inbox's list store (chat-list-store.ts) as React state, reading through the inbox's API calls. */
import { storeText } from '../../i18n';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ChatFilter } from '../../lib/types';
import { getChat, getChats } from './api/get-chats';
import { ChatListStore, type ChatListState } from './chat-list-store';

/** The list of one organization and filter, as React state; a new filter starts a new store. */
export function useChatList(orgId: string, filter: ChatFilter): ChatListState {
  const key = JSON.stringify(filter);
  const store = useMemo(
    () =>
      new ChatListStore(
        { chats: (f, cursor) => getChats(orgId, f, cursor), chat: (chatId) => getChat(orgId, chatId) },
        JSON.parse(key) as ChatFilter,
        storeText,
      ),
    [orgId, key],
  );
  useEffect(() => {
    store.open();
    return () => store.close();
  }, [store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, loadMore: store.loadMore, resync: store.resync, onEvent: store.onEvent, patch: store.patch };
}
