/**
 * A local SMTP relay (smtp-server on 127.0.0.1) for the e-mail provider: it requires AUTH PLAIN/LOGIN
 * with the given user, keeps every accepted message (envelope and raw RFC 5322 text), and answers
 * like a real relay for scripted recipients: `reject…@` → 550 (permanent), `busy…@` → 451 (later).
 * A slow relay: set `greetingDelayMs` and the next connections wait that long for the greeting
 * (`connections` counts them; `slowOpen`, those of them still open).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

export interface SmtpFake {
  port: number;
  mails: ReceivedMail[];
  /** How long a new connection waits for the greeting (0: at once); change it at any time. */
  greetingDelayMs: number;
  /** Connections accepted so far. */
  connections: number;
  /** Connections accepted while the greeting was delayed and not closed yet (a closed one delivers nothing more). */
  slowOpen: number;
  close(): Promise<void>;
}

function smtpRefusal(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

export async function startSmtpFake(credentials: { user: string; pass: string }): Promise<SmtpFake> {
  const mails: ReceivedMail[] = [];
  const state = { greetingDelayMs: 0, connections: 0, slowOpen: 0 };
  const slow = new Set<string>();
  const server = new SMTPServer({
    // Plain TCP on loopback: STARTTLS is not offered, so AUTH must be allowed without it.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(session, callback) {
      state.connections++;
      if (state.greetingDelayMs > 0) {
        slow.add(session.id);
        state.slowOpen = slow.size;
        setTimeout(() => callback(), state.greetingDelayMs);
      } else callback();
    },
    onClose(session) {
      slow.delete(session.id);
      state.slowOpen = slow.size;
    },
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      callback(smtpRefusal(535, '5.7.8 Authentication credentials invalid'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('reject')) return callback(smtpRefusal(550, '5.1.1 Mailbox unavailable'));
      if (address.address.startsWith('busy')) return callback(smtpRefusal(451, '4.3.0 Try again later'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

/** One header of a raw message (unfolded), case-insensitive. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
