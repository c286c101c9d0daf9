/**
 * Where the bytes of uploaded files live. The interface is small on purpose (put, read, remove by a
 * key the files service chooses), so an object store can replace the local one without touching
 * the service. The local store keeps each file at `<FILES_DIR>/<key>`; keys are
 * `<organizationId>/<fileId>`, both UUIDs, so a key never escapes the folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

export class LocalFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`invalid file storage key "${key}"`);
    return path.join(this.dir, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temporary, bytes, { mode: 0o600 });
    await fs.rename(temporary, target);
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
