/**
 * Where an outbound message comes from (DESIGN.md §9): every outbound message carries one, stored in
 * `messages.source` and returned by the message endpoints. `api`: a request made with an API key;
 * `console`: an agent in the console (a session); `flow`: an automation flow's send step;
 * `sequence`: a message sequence's step; `campaign`: a campaign (§10); `phone`: sent from the
 * business's phone or another app on the number, learnt from the vendor's echo (chats/echo-messages.ts).
 */
export const MESSAGE_SOURCES = ['api', 'console', 'flow', 'sequence', 'campaign', 'phone'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

/** A request's source: the console's session, or an API key. */
export function requestSource(principal: { via: 'api-key' | 'session' }): MessageSource {
  return principal.via === 'session' ? 'console' : 'api';
}
