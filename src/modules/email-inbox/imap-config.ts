/**
 * An e-mail channel's `config.imap` (DESIGN.md §9 "E-mail"; docs/providers.md "E-mail inbound over
 * IMAP"): `{ host, port?, secure?, user, password, mailbox?, pollMs? }`. Absent: the channel reads
 * no mailbox (Mailgun's route may still bring its mail).
 */
import { ProviderError } from '../../channels/provider.js';

export interface ImapConfig {
  host: string;
  /** 993 by default (IMAP over TLS). */
  port: number;
  /** TLS from the start; true on 993, else STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The mailbox read, `INBOX` by default. */
  mailbox: string;
  /** How often the mailbox is looked at when IDLE says nothing (a server without IDLE, a lost notice); 60 s. */
  pollMs: number;
}

export function imapConfigOf(config: Record<string, unknown>): ImapConfig | undefined {
  const imap = config.imap;
  if (imap === undefined || imap === null) return undefined;
  if (typeof imap !== 'object') throw invalid('config.imap must be an object');
  const value = imap as Record<string, unknown>;
  const text = (key: string, fallback?: string): string => {
    const given = value[key] ?? fallback;
    if (typeof given !== 'string' || given === '') throw invalid(`config.imap.${key} is required`);
    return given;
  };
  const port = value.port ?? 993;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) throw invalid('config.imap.port must be a port');
  const pollMs = value.pollMs ?? 60_000;
  if (typeof pollMs !== 'number' || pollMs < 100) throw invalid('config.imap.pollMs must be at least 100');
  return {
    host: text('host'),
    port,
    secure: typeof value.secure === 'boolean' ? value.secure : port === 993,
    user: text('user'),
    password: text('password'),
    mailbox: text('mailbox', 'INBOX'),
    pollMs,
  };
}

function invalid(message: string): ProviderError {
  return new ProviderError('PROVIDER_NOT_CONFIGURED', `email: ${message}`, false);
}
