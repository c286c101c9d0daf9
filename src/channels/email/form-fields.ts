/**
 * The text fields of a Mailgun form post, urlencoded or multipart. Multipart arrives when the mail
 * has attachments; the callback route keeps bodies as text, so file parts cannot be rebuilt byte
 * for byte and are only counted. Field values are what Mailgun sends as plain text parts.
 */
export interface FormFields {
  get(name: string): string | undefined;
  /** File parts seen (attachments), not kept. */
  files: number;
}

export function readFormFields(contentType: string, body: string): FormFields | undefined {
  if (contentType.includes('application/x-www-form-urlencoded')) {
    const params = new URLSearchParams(body);
    return { get: (name) => params.get(name) ?? undefined, files: 0 };
  }
  if (!contentType.includes('multipart/form-data')) return undefined;
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const fields = new Map<string, string>();
  let files = 0;
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    const head = part.slice(0, split);
    const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (!name) continue;
    if (/\bfilename="/i.test(disposition)) {
      files += 1;
      continue;
    }
    // Each part ends with the CRLF that precedes the next boundary.
    const value = part.slice(split + 4).replace(/\r\n$/, '');
    if (!fields.has(name)) fields.set(name, value);
  }
  return { get: (name) => fields.get(name), files };
}
