/**
 * The inbox: status tabs, "mine" and team/channel filters, the virtualized chat list, and beside it
 * the open chat with its customer. On a phone's width one column shows at a time.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useOrg, useOrgEvents } from '../../app/org';
import type { ChatRow, ChatStatus } from '../../lib/types';
import { useChatCounts } from './api/chat-counts';
import { ChatView } from '../chat/ChatView';
import { useChatList } from './use-chat-list';
import { ChatList } from './ChatList';
import { Shortcuts } from './Shortcuts';
import { Search } from '../search/Search';
import { ChannelSelect, TeamSelect } from '../directory/DirectorySelects';

export const STATUS_TABS: { status: ChatStatus }[] = [
  { status: 'pending' },
  { status: 'in_progress' },
  { status: 'await_closing' },
  { status: 'closed' },
];

export function Inbox() {
  const { chatId } = useParams<{ chatId?: string }>();
  const { orgId, profileId, streamState } = useOrg();
  const { t } = useTranslation();
  const [status, setStatus] = useState<ChatStatus>('pending');
  const [mine, setMine] = useState(false);
  const [teamId, setTeamId] = useState('');
  const [channelId, setChannelId] = useState('');
  const [unassigned, setUnassigned] = useState(false);
  const filter = useMemo(
    () => ({
      status,
      assigneeProfileId: mine ? profileId : undefined,
      unassigned: unassigned || undefined,
      teamId: teamId || undefined,
      channelId: channelId || undefined,
      // The Pending tab is the agents' queue: a chat a send opened that the customer never answered
      // is not someone waiting (docs/conversations.md), so it stays out of the tab and its count.
      customerWrote: status === 'pending' ? true : undefined,
    }),
    [status, mine, unassigned, profileId, teamId, channelId],
  );
  const list = useChatList(orgId, filter);
  const countsFilter = useMemo(
    () => ({
      assigneeProfileId: filter.assigneeProfileId,
      unassigned: filter.unassigned,
      teamId: filter.teamId,
      channelId: filter.channelId,
    }),
    [filter],
  );
  const counts = useChatCounts(orgId, countsFilter);
  // A chat opened by its address (a reload, a link, a notification) shows the tab it is in, once.
  const followed = useRef<string | undefined>(undefined);
  const { patch } = list;
  const onChatChanged = useCallback(
    (chat: ChatRow) => {
      patch(chat);
      if (followed.current === chat.id) return;
      followed.current = chat.id;
      setStatus(chat.status);
    },
    [patch],
  );
  useOrgEvents(list.onEvent);
  const { resync } = list;
  useEffect(() => {
    if (streamState === 'live') resync();
  }, [streamState, resync]);

  const chatIds = useMemo(() => list.rows.map((r) => r.id), [list.rows]);
  return (
    <main className={`inbox ${chatId ? 'has-chat' : ''}`}>
      <Shortcuts chatIds={chatIds} openId={chatId} />
      <section className="inbox-list" aria-label={t('inbox.region')}>
        <Search />
        <div role="tablist" aria-label={t('inbox.chatStatus')} className="tabs">
          {STATUS_TABS.map((tab) => (
            <button
              key={tab.status}
              type="button"
              role="tab"
              aria-selected={status === tab.status}
              tabIndex={status === tab.status ? 0 : -1}
              onClick={() => setStatus(tab.status)}
              onKeyDown={(e) => {
                const i = STATUS_TABS.findIndex((x) => x.status === status);
                const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                const next = STATUS_TABS[(i + step + STATUS_TABS.length) % STATUS_TABS.length]!;
                setStatus(next.status);
                (
                  e.currentTarget.parentElement?.querySelectorAll('[role=tab]')[STATUS_TABS.indexOf(next)] as HTMLElement | undefined
                )?.focus();
              }}
            >
              {t(`status.${tab.status}`)}
              {counts ? <span className="count"> {counts.byStatus[tab.status]}</span> : null}
            </button>
          ))}
        </div>
        <div className="filters">
          <label className="check">
            <input
              type="checkbox"
              checked={mine}
              onChange={(e) => {
                setMine(e.target.checked);
                if (e.target.checked) setUnassigned(false);
              }}
            />{' '}
            {t('inbox.mine')}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={unassigned}
              onChange={(e) => {
                setUnassigned(e.target.checked);
                if (e.target.checked) setMine(false);
              }}
            />{' '}
            {t('common.unassigned')}
          </label>
          <TeamSelect label={t('inbox.team')} value={teamId} onChange={setTeamId} emptyLabel={t('inbox.allTeams')} />
          <ChannelSelect label={t('inbox.channel')} value={channelId} onChange={setChannelId} emptyLabel={t('inbox.allChannels')} />
        </div>
        <div role="tabpanel" aria-label={t(`status.${status}`)} className="tabpanel">
          <ChatList list={list} selectedId={chatId} />
        </div>
      </section>
      {chatId ? (
        <ChatView key={chatId} chatId={chatId} onChatChanged={onChatChanged} />
      ) : (
        <section className="empty-chat">
          <p>{t('inbox.chooseChat')}</p>
        </section>
      )}
    </main>
  );
}
