/**
 * The chat list, virtualized (@tanstack/react-virtual): only the rows in view are in the page, so
 * an inbox of 10,000 chats paints as fast as one of 50; the next page is read as the end nears.
 */
import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useOrg } from '../../app/org';
import { channelLabel, ErrorAlert, RatingStars, shortTime, StatusTick } from '../../lib/format';
import type { ChatListState } from './chat-list-store';
import { SlaBadge, useNow, useSlaLabel } from './SlaBadge';
import { slaCountdown } from './sla-countdown';

const ROW_HEIGHT = 72;

export function ChatList({ list, selectedId }: { list: ChatListState; selectedId?: string }) {
  const { directory } = useOrg();
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  // One clock for every row's SLA countdown, redrawn every 30 s.
  const now = useNow();
  const slaLabel = useSlaLabel();
  const virtualizer = useVirtualizer({
    count: list.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (i) => list.rows[i]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  const { loadMore, rows, done, loading } = list;
  useEffect(() => {
    if (!done && !loading && (rows.length === 0 || (last && last.index >= rows.length - 10))) loadMore();
  }, [last, rows.length, done, loading, loadMore]);

  return (
    <div ref={scroller} className="chat-scroller">
      <ErrorAlert message={list.error} />
      {!loading && rows.length === 0 ? <p className="muted">{t('inbox.noChats')}</p> : null}
      <ul aria-label={t('inbox.chats')} aria-busy={loading} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const chat = rows[item.index]!;
          const channel = directory.channels.find((c) => c.id === chat.channelId);
          const countdown = slaCountdown(chat, now);
          const name = chat.customerName || chat.contact;
          const rated = chat.status === 'closed' && chat.rating ? t('rating.label', { rating: chat.rating }) : '';
          return (
            <li key={item.key} className="chat-row-item" style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}>
              <Link
                href={`/inbox/${chat.id}`}
                className="chat-row"
                aria-current={chat.id === selectedId ? 'true' : undefined}
                aria-label={[
                  chat.unreadCount ? t('inbox.rowUnread', { name, count: chat.unreadCount }) : name,
                  countdown ? slaLabel(countdown) : '',
                  rated,
                ]
                  .filter(Boolean)
                  .join(', ')}
              >
                <span className="row-top">
                  <span className="customer">{name}</span>
                  <SlaBadge chat={chat} now={now} />
                  {chat.status === 'closed' ? <RatingStars rating={chat.rating} /> : null}
                  <span className="muted small">{chat.lastMessage ? shortTime(chat.lastMessage.createdAt) : ''}</span>
                </span>
                <span className="row-bottom">
                  <span className="channel-badge">{channelLabel(channel, chat.channelId)}</span>
                  <span className="preview">
                    {chat.lastMessage?.direction === 'outbound' ? <StatusTick status={chat.lastMessage.status} /> : null}
                    {chat.lastMessage?.preview ?? <em className="muted">{t('inbox.noMessages')}</em>}
                  </span>
                  {chat.unreadCount > 0 ? (
                    <span className="unread" aria-hidden="true">
                      {chat.unreadCount}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
