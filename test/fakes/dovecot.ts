/**
 * A private Dovecot IMAP server for the e-mail inbound tests (Debian's `dovecot-imapd`; `.ci/run`
 * installs it): its own temp directory, config and port on 127.0.0.1, every user's password
 * `password` (a static passdb), Maildir mailboxes. `append` delivers a mail as a client would
 * (imapflow APPEND). Absent (`/usr/sbin/dovecot` missing), `startDovecot` answers undefined so the
 * test skips, unless `CI` is set: then it throws.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ImapFlow } from 'imapflow';
import { freeListeningPort } from '../support/free-port.js';

const DOVECOT = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';

export interface Dovecot {
  host: string;
  port: number;
  password: string;
  append(user: string, raw: string): Promise<number>;
  stop(): Promise<void>;
}

export const dovecotAbsent = !existsSync(DOVECOT);

/** Who runs the mail processes: Dovecot refuses root, so root uses the package's `dovecot` user. */
function mailUser(): { user: string; group: string; uid: number; gid: number; login: string } {
  if (process.getuid?.() !== 0) {
    const { username, uid, gid } = os.userInfo();
    const group = execFileSync('id', ['-gn']).toString().trim();
    return { user: username, group, uid, gid, login: username };
  }
  const uid = Number(execFileSync('id', ['-u', 'dovecot']).toString());
  const gid = Number(execFileSync('id', ['-g', 'dovecot']).toString());
  return { user: 'dovecot', group: 'dovecot', uid, gid, login: 'dovenull' };
}

export async function startDovecot(): Promise<Dovecot | undefined> {
  if (dovecotAbsent) {
    if (process.env.CI) throw new Error(`Dovecot is not installed (${DOVECOT}); .ci/run installs dovecot-imapd`);
    return undefined;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'conversa-dovecot-'));
  const port = await freeListeningPort();
  const who = mailUser();
  for (const sub of ['run', 'state', 'home']) mkdirSync(path.join(dir, sub));
  if (process.getuid?.() === 0) {
    // The mail processes run as `dovecot`: they must reach the homes under the (private) temp directory.
    chmodSync(dir, 0o755);
    chownSync(path.join(dir, 'home'), who.uid, who.gid);
  }
  const config = `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = conversa-test-${port}
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${who.user}
default_internal_group = ${who.group}
default_login_user = ${who.login}
first_valid_uid = 1
passdb {
  driver = static
  args = password=password
}
userdb {
  driver = static
  args = uid=${who.uid} gid=${who.gid} home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
  writeFileSync(path.join(dir, 'dovecot.conf'), config);
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  await waitForPort(port);
  return {
    host: '127.0.0.1',
    port,
    password: 'password',
    async append(user, raw) {
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: 'password' }, logger: false });
      await client.connect();
      try {
        const appended = await client.append('INBOX', raw.replace(/\r?\n/g, '\r\n'));
        return appended ? Number(appended.uid) : 0;
      } finally {
        await client.logout();
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Dovecot did not listen on ${port}`);
}
