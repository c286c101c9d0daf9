/** How a secret shows in any answer: whole, never in part (DESIGN §14, "secrets masked whole"). */
export const MASKED = '••••••••';

/** A URL with its credentials masked: the password, or a lone user name (NATS takes a token there). */
export function maskUrlCredentials(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^@/]*)@/i.exec(url);
  if (!match) return url;
  const [whole, scheme, userInfo] = match as unknown as [string, string, string];
  const colon = userInfo.indexOf(':');
  const masked = colon >= 0 ? `${userInfo.slice(0, colon)}:${MASKED}` : MASKED;
  return `${scheme}${masked}@${url.slice(whole.length)}`;
}
