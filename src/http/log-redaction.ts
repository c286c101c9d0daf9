/**
 * Request URLs are logged (every request at debug and trace), and provider callbacks carry secrets
 * in their query (`?token=` callback secrets, `hub.verify_token`, signatures, API keys): such values
 * are replaced before the URL reaches a log line (issue 26, item 3). The rest of the URL is kept as
 * sent, so a log line still says which route and which parameters.
 */

/** A query parameter whose name says it holds a credential (matched case-insensitively, anywhere in the name). */
const SECRET_NAME = /token|signature|secret|key|password|auth/i;
export const REDACTED = '[Redacted]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** `/channels/x/webhook?token=abc&a=1` → `/channels/x/webhook?token=[Redacted]&a=1`. */
export function redactUrlSecrets(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_NAME.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** The request as Fastify logs it (its own serializer's fields), with the URL's secrets redacted. */
export function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrlSecrets(req.url) : req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
