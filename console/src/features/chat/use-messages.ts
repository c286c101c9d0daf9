/** A chat's messages store (messages-store.ts) as React state, reading through the chat's API calls. */
import { storeText } from '../../i18n';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { getMessages } from './api/messages';
import { MessagesStore, type MessagesSnapshot } from './messages-store';

export type MessagesState = MessagesSnapshot & Pick<MessagesStore, 'loadOlder' | 'onEvent' | 'merge' | 'readLatest' | 'discard'>;

export function useMessages(orgId: string, chatId: string): MessagesState {
  const store = useMemo(() => new MessagesStore((cursor) => getMessages(orgId, chatId, cursor), chatId, storeText), [orgId, chatId]);
  useEffect(() => {
    store.open();
    store.readLatest();
    return () => store.close();
  }, [store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      loadOlder: store.loadOlder,
      onEvent: store.onEvent,
      merge: store.merge,
      readLatest: store.readLatest,
      discard: store.discard,
    }),
    [snapshot, store],
  );
}
