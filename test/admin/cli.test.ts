/**
 * The admin CLI end to end: `conversa admin …` (bin/conversa.mjs, the compiled dist/) as an operator
 * runs it, on a temporary SQLite file, asserting the JSON it prints. (SQLite only: the CLI shares the services tested on both.)
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-cli-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: path.join(dir, 'cli.db'), NODE_ENV: 'test', LOG_LEVEL: 'silent' };

function conversa(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/conversa.mjs', 'admin', ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function ok(...args: string[]): Promise<any> {
  const res = await conversa(...args);
  assert.equal(res.code, 0, `${args.join(' ')}: ${res.stderr}`);
  return JSON.parse(res.stdout);
}

describe('conversa admin (CLI)', () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sets up an organization and its resources from the shell', { timeout: 300_000 }, async () => {
    const org = await ok('create-org', 'Acme', '--plan', 'professional');
    assert.equal(org.plan, 'professional');
    const profile = await ok('create-profile', 'Ana', 'ana@example.com');
    const member = await ok('add-member', org.id, profile.id, '--role', 'owner');
    assert.equal(member.role, 'owner');
    const key = await ok('create-key', profile.id);
    assert.match(key.key, /^cnv_/);
    const channel = await ok('create-channel', org.id, 'whatsapp_official', 'Main', '--sandbox');
    assert.equal(channel.config.sandbox, true);

    // Independent commands run side by side: each process costs seconds of start-up.
    const [stage, team, field, template, flow] = await Promise.all([
      ok('create-stage', org.id, 'Lead', '--funnel', 'sales'),
      ok('create-team', org.id, 'Support', '--members', profile.id),
      ok('create-field', org.id, 'size', 'Size', 'select', '--options', 'S,M,L'),
      ok('create-template', org.id, channel.id, 'welcome', 'pt_BR', '--components', '[{"type":"BODY","text":"Oi {{1}}"}]'),
      ok('create-flow', org.id, 'Welcome', '--steps', '[{"type":"send_message","text":"Hi"},{"type":"wait","seconds":60}]'),
    ]);
    assert.deepEqual([stage.name, stage.funnel, stage.position], ['Lead', 'sales', 0]);
    assert.deepEqual(team.memberProfileIds, [profile.id]);
    assert.deepEqual(field.options, ['S', 'M', 'L']);
    assert.deepEqual([template.status, template.components], ['approved', [{ type: 'BODY', text: 'Oi {{1}}' }]]);
    assert.equal(flow.steps.length, 2);

    const [stages, templates, bad, duplicate, unknownOrg] = await Promise.all([
      ok('list-stages', org.id),
      ok('list-templates', org.id, '--channel', channel.id),
      conversa('create-field', org.id, 'Bad-Slug', 'Size', 'color'),
      conversa('create-field', org.id, 'size', 'Size', 'text'),
      conversa('list-flows', crypto.randomUUID()),
    ]);
    assert.deepEqual(
      stages.map((s: { id: string }) => s.id),
      [stage.id],
    );
    assert.deepEqual(
      templates.map((t: { id: string }) => t.id),
      [template.id],
    );
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /VALIDATION_ERROR/);
    assert.match(bad.stderr, /"field":"slug"/);
    assert.match(bad.stderr, /"field":"type"/);
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.stderr, /ALREADY_EXISTS/);
    assert.equal(unknownOrg.code, 1);
    assert.match(unknownOrg.stderr, /ORGANIZATION_NOT_FOUND/);
  });
});
