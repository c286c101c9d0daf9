/**
 * One chat: header (customer, channel, state, WhatsApp's window), the actions an agent takes
 * (attend, ask to close, close, reopen, assign, transfer, collaborators), the messages and the
 * reply box; the customer panel beside it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOrg, useOrgEvents } from '../../app/org';
import { ApiError } from '../../lib/api-client';
import type { StreamEvent } from '../../lib/event-stream';
import { ErrorAlert, RatingStars, channelLabel } from '../../lib/format';
import type { ChatRow } from '../../lib/types';
import { CustomerPanel } from '../customer/CustomerPanel';
import { chatIdOf } from '../inbox/chat-list-store';
import { chatKey, useChat } from './api/get-chat';
import { markChatRead } from './api/chat-actions';
import { useChatNotes, useRefreshChatNotes } from './api/chat-notes';
import { ChatActions } from './ChatActions';
import { useMessages } from './use-messages';
import { MessageList } from './MessageList';
import { ReplyBox } from './ReplyBox';
import { WindowNotice } from './WindowNotice';

export function ChatView({ chatId, onChatChanged }: { chatId: string; onChatChanged(chat: ChatRow): void }) {
  const { orgId, directory } = useOrg();
  const queries = useQueryClient();
  const { t } = useTranslation();
  const { data: chat, error: readError } = useChat(orgId, chatId);
  const [markError, setMarkError] = useState('');
  // On a phone the chat and its customer take turns on the screen; this control switches.
  const [showCustomer, setShowCustomer] = useState(false);
  const messages = useMessages(orgId, chatId);
  const notes = useChatNotes(orgId, chatId);
  const refreshNotes = useRefreshChatNotes(orgId, chatId);
  const reload = useCallback(() => void queries.invalidateQueries({ queryKey: chatKey(orgId, chatId) }), [queries, orgId, chatId]);

  // The list shows what the chat's last read says.
  useEffect(() => {
    if (chat) onChatChanged(chat);
  }, [chat, onChatChanged]);

  // Opening the chat reads the customer's messages; new ones while it is open are read too.
  const unread = chat?.unreadCount ?? 0;
  useEffect(() => {
    if (unread > 0)
      markChatRead(orgId, chatId).then(
        () => (setMarkError(''), reload()),
        (err: Error) => setMarkError(t('chat.markError', { reason: err.message })),
      );
  }, [orgId, chatId, unread, reload, t]);

  useOrgEvents(
    useCallback(
      (event: StreamEvent) => {
        messages.onEvent(event);
        if (chatIdOf(event) !== chatId) return;
        if (event.type === 'chat.note_created') return refreshNotes();
        reload();
      },
      [messages, chatId, reload, refreshNotes],
    ),
  );

  const error = readError ? (readError instanceof ApiError && readError.status === 404 ? t('chat.notFound') : readError.message) : '';
  if (error)
    return (
      <section className="chat-view">
        <p role="alert">{error}</p>
      </section>
    );
  if (!chat)
    return (
      <section className="chat-view" aria-busy="true">
        <p className="loading">{t('common.loading')}</p>
      </section>
    );

  const channel = directory.channels.find((c) => c.id === chat.channelId);
  const apply = (next: ChatRow) => queries.setQueryData(chatKey(orgId, chatId), next);

  return (
    <div className={`chat-and-customer ${showCustomer ? 'show-customer' : ''}`}>
      <button type="button" className="customer-toggle" aria-pressed={showCustomer} onClick={() => setShowCustomer((s) => !s)}>
        {t('customer.panel')}
      </button>
      <section className="chat-view" aria-label={t('chat.region', { name: chat.customerName || chat.contact })}>
        <header className="chat-header">
          <Link href="/inbox" className="back">
            {t('chat.back')}
          </Link>
          <div>
            <h2>{chat.customerName || chat.contact}</h2>
            <p className="muted small">
              {channelLabel(channel, chat.channelId)} · {chat.contact} ·{' '}
              <span className={`state state-${chat.status}`}>{t(`status.${chat.status}`)}</span>
              {chat.status === 'closed' && chat.rating ? (
                <>
                  {' · '}
                  <RatingStars rating={chat.rating} />
                </>
              ) : null}
            </p>
          </div>
        </header>
        <ChatActions chat={chat} onChange={(next) => apply({ ...chat, ...next })} />
        {channel?.kind === 'whatsapp_official' ? <WindowNotice expiresAt={chat.whatsappWindowExpiresAt} /> : null}
        <ErrorAlert
          message={messages.error || markError || (notes.error ? t('chatNotes.loadError', { reason: notes.error.message }) : '')}
        />
        <MessageList
          notes={notes.data}
          messages={messages.messages}
          loaded={messages.loaded}
          hasOlder={messages.hasOlder}
          loadOlder={messages.loadOlder}
        />
        <ReplyBox
          chat={chat}
          channel={channel}
          onSent={(m) => messages.merge([m])}
          onDiscard={messages.discard}
          onRefresh={messages.readLatest}
          onNoteAdded={refreshNotes}
        />
      </section>
      <CustomerPanel customerId={chat.customerId} chatId={chat.id} />
    </div>
  );
}
