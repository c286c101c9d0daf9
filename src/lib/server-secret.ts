/**
 * The deployment's own secret: FILES_SIGNING_SECRET, or, when that is unset, a random secret
 * generated once and kept in `<FILES_DIR>/.signing-secret` (0600), so every process that serves the
 * files folder shares it and it survives restarts. Signed file links use it as it is; other uses take
 * a key derived from it for their purpose, so no two uses share a key.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function storedSecret(dir: string): string {
  const file = path.join(dir, '.signing-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dir, { recursive: true });
  try {
    // `wx`: when two processes start at once, one writes and both read the same secret.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export class ServerSecret {
  private secret: string | undefined;

  constructor(private readonly options: { secret: string | undefined; dir: string }) {
    this.secret = options.secret;
  }

  /** Read (or created) on first use only: a service that never needs it never touches the folder. */
  value(): string {
    this.secret ??= storedSecret(this.options.dir);
    return this.secret;
  }

  /** A 32-byte key for one purpose (HMAC-SHA256 of the purpose under the secret). */
  derive(purpose: string): Buffer {
    return createHmac('sha256', this.value()).update(purpose).digest();
  }
}
