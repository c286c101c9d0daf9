/**
 * The organization's live events (DESIGN §8): `GET /api/{org}/events/stream`, read with fetch so
 * that every (re)connection sends `Last-Event-ID` itself: the server replays what was missed, so a
 * dropped connection, a laptop asleep or a phone offline loses nothing. EventSource resends the id
 * only on its own retries, not after the page closes it (as it must when the browser goes offline).
 * The first `ready` event carries the current cursor, so even a client that saw no event resumes
 * from there.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { StreamEvent } from './types';

export type { StreamEvent };

export type StreamState = 'connecting' | 'live' | 'offline';

export interface EventStreamOptions {
  url: string;
  onEvent: (event: StreamEvent) => void;
  onState?: (state: StreamState) => void;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

export function openEventStream({ url, onEvent, onState }: EventStreamOptions): () => void {
  let lastEventId: string | null = null;
  let controller: AbortController | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const handle = (message: EventSourceMessage) => {
    if (message.id) lastEventId = message.id;
    if (message.event === 'ready') return;
    let parsed: Partial<StreamEvent> & { data?: unknown } = {};
    try {
      parsed = JSON.parse(message.data) as typeof parsed;
    } catch {
      return;
    }
    const type = parsed.type ?? message.event ?? 'message';
    const data = (parsed.data && typeof parsed.data === 'object' ? parsed.data : parsed) as Record<string, unknown>;
    onEvent({ id: message.id ?? parsed.id ?? '', type, data });
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    clearTimeout(timer);
    controller?.abort();
    const ctrl = new AbortController();
    controller = ctrl;
    onState?.('connecting');
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const res = await fetch(url, { headers, credentials: 'same-origin', signal: ctrl.signal, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      onState?.('live');
      retryMs = RETRY_MIN_MS;
      const parser = createParser({ onEvent: handle });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // Aborted, offline or refused: retried below (or when the browser is back online).
    }
    if (controller !== ctrl || stopped) return;
    onState?.(navigator.onLine ? 'connecting' : 'offline');
    if (navigator.onLine) {
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  }

  const goOffline = () => {
    controller?.abort();
    controller = null;
    clearTimeout(timer);
    onState?.('offline');
  };
  const goOnline = () => {
    retryMs = RETRY_MIN_MS;
    void connect();
  };
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);
  void connect();

  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    window.removeEventListener('offline', goOffline);
    window.removeEventListener('online', goOnline);
  };
}
