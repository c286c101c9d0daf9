/** Helpers of the file tests (and of the sequence tests that attach files). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StartOptions, TestEnv, TestService } from '../support/harness.js';

/** The smallest valid PNG: 1×1, transparent. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export async function startWithFiles(
  env: TestEnv,
  extra: Record<string, string> = {},
  options: Omit<StartOptions, 'env' | 'listen'> = {},
): Promise<TestService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-files-'));
  return env.start({ ...options, listen: true, env: { FILES_DIR: dir, ...extra } });
}

export async function upload(
  svc: TestService,
  organizationId: string,
  headers: Record<string, string>,
  bytes: Buffer,
  name = 'photo.txt',
  type = 'text/plain',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${svc.url}/api/${organizationId}/files`, { method: 'POST', headers, body: form });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text), text };
}
