/**
 * The dev inspector's memory: the latest requests it received, newest first, bounded so a chatty
 * sender cannot grow the process (development only: nothing here is persisted or shared).
 */
import { randomUUID } from 'node:crypto';

export interface InspectedRequest {
  id: string;
  receivedAt: string;
  method: string;
  /** The path and query the request came to (`/dev/inspector`, `/dev/inspector/<anything>?…`). */
  url: string;
  headers: Record<string, string>;
  /** The body as parsed JSON, or as text when it is not JSON; null when there was none. */
  body: unknown;
}

/** How many requests are kept; older ones are dropped. */
export const INSPECTOR_CAPACITY = 200;

export class RequestInspector {
  private readonly requests: InspectedRequest[] = [];

  record(input: Omit<InspectedRequest, 'id' | 'receivedAt'>): InspectedRequest {
    const entry = { id: randomUUID(), receivedAt: new Date().toISOString(), ...input };
    this.requests.unshift(entry);
    this.requests.length = Math.min(this.requests.length, INSPECTOR_CAPACITY);
    return entry;
  }

  list(): InspectedRequest[] {
    return [...this.requests];
  }

  clear(): void {
    this.requests.length = 0;
  }
}
