/**
 * What an agent does with a chat: the status changes its state allows (DESIGN §6), assigning or
 * transferring it (to a member, a team) and adding collaborators. A refused change shows its reason.
 */
import { useState } from 'react';
import { memberName, useOrg } from '../../app/org';
import type { ChatRow, ChatStatus } from '../../lib/types';
import { ErrorAlert } from '../../lib/format';
import { addChatCollaborator, setChatAssignee, setChatStatus } from './api/chat-actions';

const ACTIONS: Record<ChatStatus, { label: string; to: ChatStatus }[]> = {
  pending: [
    { label: 'Attend', to: 'in_progress' },
    { label: 'Close', to: 'closed' },
  ],
  in_progress: [
    { label: 'Ask to close', to: 'await_closing' },
    { label: 'Return to queue', to: 'pending' },
  ],
  await_closing: [
    { label: 'Reopen', to: 'in_progress' },
    { label: 'Close', to: 'closed' },
  ],
  closed: [],
};

export function ChatActions({ chat, onChange }: { chat: ChatRow; onChange(next: Partial<ChatRow>): void }) {
  const { orgId, directory } = useOrg();
  const [error, setError] = useState('');
  const run = (action: Promise<Partial<ChatRow>>) => {
    setError('');
    action.then(onChange, (err: Error) => setError(err.message));
  };
  const others = directory.members.filter(
    (m) => m.profileId !== chat.assigneeProfileId && !chat.collaboratorProfileIds.includes(m.profileId),
  );
  const closed = chat.status === 'closed';

  return (
    <div className="chat-actions" role="group" aria-label="Chat actions">
      {ACTIONS[chat.status].map((a) => (
        <button key={a.label} type="button" onClick={() => run(setChatStatus(orgId, chat.id, a.to))}>
          {a.label}
        </button>
      ))}
      <label>
        Assignee
        <select
          value={chat.assigneeProfileId ?? ''}
          disabled={closed}
          onChange={(e) => run(setChatAssignee(orgId, chat.id, e.target.value || null))}
        >
          <option value="">Unassigned</option>
          {directory.members.map((m) => (
            <option key={m.profileId} value={m.profileId}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Team
        <select
          value={chat.teamId ?? ''}
          disabled={closed}
          onChange={(e) => run(setChatAssignee(orgId, chat.id, chat.assigneeProfileId, e.target.value || null))}
        >
          <option value="">No team</option>
          {directory.teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Add collaborator
        <select
          value=""
          disabled={closed || others.length === 0}
          onChange={(e) => e.target.value && run(addChatCollaborator(orgId, chat.id, e.target.value))}
        >
          <option value="">Choose…</option>
          {others.map((m) => (
            <option key={m.profileId} value={m.profileId}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      {chat.collaboratorProfileIds.length > 0 ? (
        <p className="small muted">Collaborators: {chat.collaboratorProfileIds.map((id) => memberName(directory, id)).join(', ')}</p>
      ) : null}
      <ErrorAlert message={error} />
    </div>
  );
}
