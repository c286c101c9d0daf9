/**
 * What an agent does with a chat: the status changes its state allows (DESIGN §6), assigning or
 * transferring it (to a member, a team) and adding collaborators. A refused change shows its reason.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberName, useOrg } from '../../app/org';
import type { ChatRow, ChatStatus } from '../../lib/types';
import { ErrorAlert } from '../../lib/format';
import { addChatCollaborator, setChatAssignee, setChatStatus } from './api/chat-actions';

type ActionLabel = 'attend' | 'close' | 'askToClose' | 'returnToQueue' | 'reopen';
const ACTIONS: Record<ChatStatus, { label: ActionLabel; to: ChatStatus }[]> = {
  pending: [
    { label: 'attend', to: 'in_progress' },
    { label: 'close', to: 'closed' },
  ],
  in_progress: [
    { label: 'askToClose', to: 'await_closing' },
    { label: 'returnToQueue', to: 'pending' },
  ],
  await_closing: [
    { label: 'reopen', to: 'in_progress' },
    { label: 'close', to: 'closed' },
  ],
  closed: [],
};

export function ChatActions({ chat, onChange }: { chat: ChatRow; onChange(next: Partial<ChatRow>): void }) {
  const { orgId, directory, can, profileId } = useOrg();
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const run = (action: Promise<Partial<ChatRow>>) => {
    setError('');
    action.then(onChange, (err: Error) => setError(err.message));
  };
  const others = directory.members.filter(
    (m) => m.profileId !== chat.assigneeProfileId && !chat.collaboratorProfileIds.includes(m.profileId),
  );
  const closed = chat.status === 'closed';
  // Without chats.reassign (an agent) the service lets one take a chat nobody holds or let go of
  // one's own, nothing else (docs/roles.md): only that is offered.
  const reassign = can('chats.reassign');
  const heldByOther = chat.assigneeProfileId !== null && chat.assigneeProfileId !== profileId;
  const assignable = reassign
    ? directory.members
    : directory.members.filter((m) => m.profileId === profileId || m.profileId === chat.assigneeProfileId);
  const fixed = closed || (!reassign && heldByOther);

  return (
    <div className="chat-actions" role="group" aria-label={t('chat.actions')}>
      {ACTIONS[chat.status].map((a) => (
        <button key={a.label} type="button" onClick={() => run(setChatStatus(orgId, chat.id, a.to))}>
          {t(`chat.${a.label}`)}
        </button>
      ))}
      <label>
        {t('chat.assignee')}
        <select
          value={chat.assigneeProfileId ?? ''}
          disabled={fixed}
          onChange={(e) => run(setChatAssignee(orgId, chat.id, e.target.value || null))}
        >
          <option value="">{t('common.unassigned')}</option>
          {assignable.map((m) => (
            <option key={m.profileId} value={m.profileId}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('chat.team')}
        <select
          value={chat.teamId ?? ''}
          disabled={fixed}
          onChange={(e) => run(setChatAssignee(orgId, chat.id, chat.assigneeProfileId, e.target.value || null))}
        >
          <option value="">{t('chat.noTeam')}</option>
          {directory.teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('chat.addCollaborator')}
        <select
          value=""
          disabled={closed || others.length === 0}
          onChange={(e) => e.target.value && run(addChatCollaborator(orgId, chat.id, e.target.value))}
        >
          <option value="">{t('common.choose')}</option>
          {others.map((m) => (
            <option key={m.profileId} value={m.profileId}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      {chat.collaboratorProfileIds.length > 0 ? (
        <p className="small muted">
          {t('chat.collaborators', { names: chat.collaboratorProfileIds.map((id) => memberName(directory, id)).join(', ') })}
        </p>
      ) : null}
      <ErrorAlert message={error} />
    </div>
  );
}
