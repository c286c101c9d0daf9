/**
 * Never missing a customer (DESIGN §11): the page title counts the chats with unread messages
 * (`(3) Conversa`), and, once the agent allowed it, a browser notification announces a message
 * from a customer nobody holds yet (a new pending chat) or in a chat the agent is assigned to or
 * collaborates on, and a private note naming the agent (`chat.note_created`'s
 * `mentioned_profile_ids`). The open chat of a visible page is not announced: the agent is looking at it.
 *
 * An optional sound (`Sound on new messages`, off unless the agent turns it on; remembered per
 * browser in localStorage) plays a short beep for the same customer messages while the tab is
 * hidden. The beep is generated with WebAudio (no audio file in the bundle); its AudioContext is
 * made on the agent's click that turns the sound on, as browsers only let a page play sound after
 * a gesture (after a reload, the first click anywhere on the page has that effect).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useOrg, useOrgEvents } from '../../app/org';
import type { StreamEvent } from '../../lib/event-stream';
import { useChatCounts } from '../inbox/api/chat-counts';
import { getChat } from '../inbox/api/get-chats';

const TITLE = 'Conversa';
const EVERY_CHAT = {};

export const notificationsSupported = () => typeof Notification !== 'undefined';

const SOUND_KEY = 'conversa.sound';

function soundStored(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false; // storage refused (private mode): no sound
  }
}

let audio: AudioContext | undefined;

/** A short two-tone beep (about 0.25 s), generated: an oscillator through a fading gain. */
export function beep(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const at = audio.currentTime;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
  gain.connect(audio.destination);
  const tone = audio.createOscillator();
  tone.type = 'sine';
  tone.frequency.setValueAtTime(880, at);
  tone.frequency.setValueAtTime(1320, at + 0.1);
  tone.connect(gain);
  tone.start(at);
  tone.stop(at + 0.26);
}

/** The sound setting of this browser, and turning it on or off (on: a beep, made by the click). */
export function useSoundSetting() {
  const [on, setOn] = useState(soundStored);
  const set = useCallback((next: boolean) => {
    try {
      localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    } catch {
      // not remembered; still on for this page
    }
    setOn(next);
    if (next) beep();
  }, []);
  return { on, set };
}

/** The permission as React state, and the request an agent's click makes. */
export function useNotificationPermission() {
  const [permission, setPermission] = useState(() => (notificationsSupported() ? Notification.permission : 'denied'));
  const ask = useCallback(() => {
    if (!notificationsSupported()) return;
    void Notification.requestPermission().then(setPermission);
  }, []);
  return { permission, ask };
}

export function useUnreadTitle(): void {
  const { orgId } = useOrg();
  const counts = useChatCounts(orgId, EVERY_CHAT);
  const unread = counts?.unreadChats ?? 0;
  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) ${TITLE}` : TITLE;
    return () => void (document.title = TITLE);
  }, [unread]);
}

/** A notification that opens its chat when clicked; a second one for the chat replaces the first. */
function announce(title: string, body: string, chatId: string, open: (chatId: string) => void): void {
  const notification = new Notification(title, { body, tag: chatId });
  notification.onclick = () => {
    window.focus();
    open(chatId);
    notification.close();
  };
}

export function useMessageNotifications(): void {
  const { orgId, profileId, directory } = useOrg();
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  useOrgEvents(
    useCallback(
      (event: StreamEvent) => {
        const notify = notificationsSupported() && Notification.permission === 'granted';
        const sound = soundStored() && document.visibilityState === 'hidden' && event.type === 'message.received';
        if (!notify && !sound) return;
        const chatId = typeof event.data.chat_id === 'string' ? event.data.chat_id : undefined;
        if (!chatId) return;
        if (document.visibilityState === 'visible' && location.endsWith(`/inbox/${chatId}`)) return;
        const open = (id: string) => navigate(`/inbox/${id}`);
        if (event.type === 'chat.note_created') {
          if (!notify) return;
          const mentioned = event.data.mentioned_profile_ids;
          if (!Array.isArray(mentioned) || !mentioned.includes(profileId)) return;
          const author = directory.members.find((m) => m.profileId === event.data.author_profile_id)?.name ?? t('common.someone');
          void getChat(orgId, chatId).then(
            (chat) => announce(t('notify.mentioned', { author, name: chat.customerName || chat.contact }), '', chat.id, open),
            () => undefined,
          );
          return;
        }
        if (event.type !== 'message.received') return;
        void getChat(orgId, chatId).then(
          (chat) => {
            const waiting = chat.status === 'pending' && !chat.assigneeProfileId;
            const mine = chat.assigneeProfileId === profileId || chat.collaboratorProfileIds.includes(profileId);
            if (!waiting && !mine) return;
            if (sound) beep();
            if (!notify) return;
            const name = chat.customerName || chat.contact;
            const content = event.data.content as { text?: unknown; caption?: unknown } | undefined;
            const body = typeof content?.text === 'string' ? content.text : typeof content?.caption === 'string' ? content.caption : '';
            announce(waiting ? t('notify.newChat', { name }) : t('notify.newMessage', { name }), body, chat.id, open);
          },
          () => undefined,
        );
      },
      [orgId, profileId, directory, location, navigate, t],
    ),
  );
}
