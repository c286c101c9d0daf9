/**
 * `New conversation` from a closed chat (DESIGN §11): the same customer on the same channel, opened
 * by `POST …/chat/create` (docs/conversations.md) with a first message, or on an official WhatsApp
 * channel with a template (outside the 24-hour window only a template may start it), its variables
 * filled and previewed as in the reply box (TemplateFields). The new chat opens in the inbox.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useOrg } from '../../app/org';
import { client, unwrap } from '../../lib/api-client';
import { ErrorAlert } from '../../lib/format';
import type { Channel, ChatRow } from '../../lib/types';
import { useTemplates } from './api/templates';
import { sendErrorText } from './send-error';
import { TemplateFields, useTemplateChoice } from './TemplateFields';

/** Which `customer` field of chat create holds a channel's contact (docs/conversations.md, rule 1). */
function contactField(kind: string | undefined): 'whatsapp' | 'email' | 'instagram' | 'facebook' {
  if (!kind || kind.startsWith('whatsapp')) return 'whatsapp';
  return kind === 'email' || kind === 'instagram' ? kind : 'facebook';
}

export function NewConversation({ chat, channel }: { chat: ChatRow; channel?: Channel }) {
  const { orgId } = useOrg();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const official = !!channel?.templates;
  const { data: templates = [] } = useTemplates(orgId, official && open ? chat.channelId : '');
  const choice = useTemplateChoice(templates);

  async function start(event: FormEvent) {
    event.preventDefault();
    const first = official
      ? { whatsappTemplate: { templateId: choice.chosen, variables: choice.values } }
      : { initialMessage: text.trim() };
    if (busy || (official ? !choice.ready : !text.trim())) return;
    setBusy(true);
    setError('');
    try {
      const created = await unwrap(
        client.POST('/api/{organizationId}/chat/create', {
          params: { path: { organizationId: orgId } },
          body: {
            channelId: chat.channelId,
            customerId: chat.customerId,
            // The chat is keyed on the contact, given as the channel's kind names it.
            customer: { [contactField(channel?.kind)]: chat.contact },
            ...first,
          },
        }),
      );
      navigate(`/inbox/${created.chatId}`);
    } catch (err) {
      setError(sendErrorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t('newChat.open')}
      </button>
    );
  return (
    <form className="new-conversation" aria-label={t('newChat.open')} onSubmit={(e) => void start(e)}>
      {official ? (
        <TemplateFields choice={choice} />
      ) : (
        <label>
          {t('newChat.firstMessage')}
          <textarea rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      )}
      <button type="submit" disabled={busy || (official && !choice.ready)}>
        {official ? t('reply.sendTemplate') : t('newChat.start')}
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        {t('common.cancel')}
      </button>
      <ErrorAlert message={error} />
    </form>
  );
}
