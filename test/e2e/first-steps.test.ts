/**
 * The README's first steps, as a newcomer runs them: the real `conversa serve` on a fresh SQLite
 * folder with nothing configured (no ADMIN_TOKEN, no WEBHOOK_ALLOW_PRIVATE_NETWORKS), the banner's
 * export line pasted into a shell, then the README's block run by bash exactly as written (it
 * reaches the service through the banner's `$BASE`, so a changed PORT needs no edit). Every curl must answer 2xx, the dev inspector must
 * have received the events (through the outbound guard, nothing configured), signed with the secret
 * the banner printed, and open only with the banner's token; a restart must neither duplicate the
 * demo's content nor print new credentials. (SQLite only: a newcomer's `npm start`.)
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { freeListeningPort } from '../support/free-port.js';

/** The shell block of README.md that follows `<!-- first-steps -->`. */
function readmeFirstSteps(): string {
  const readme = fs.readFileSync('README.md', 'utf8');
  const match = /<!-- first-steps -->\n```sh\n([\s\S]*?)\n```/.exec(readme);
  assert.ok(match, 'README.md has a first-steps block');
  return match[1]!;
}

/** `npm start` as a newcomer runs it: the variables a newcomer would not have set are blanked. */
function startNewcomerServer(dir: string, port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: '',
    LOG_LEVEL: 'info',
    PORT: String(port),
    DATABASE_URL: path.join(dir, 'conversa.db'),
  };
  for (const name of ['ADMIN_TOKEN', 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', 'PUBLIC_URL', 'HOST', 'REDIS_URL', 'SEED_DEMO', 'FILES_DIR'])
    env[name] = '';
  const child = spawn(process.execPath, ['bin/conversa.mjs', 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 90_000);
    child.stdout.on('data', () => {
      if (/Conversa listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { listening, stop, output: () => output, kill: () => child.kill('SIGKILL') };
}

function runBash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Inspected {
  headers: Record<string, string>;
  body: { event?: string } & Record<string, unknown>;
}

describe("the README's first steps (real server, fresh SQLite, nothing configured)", () => {
  it(
    'answers 2xx to every step as written, delivers the events to the dev inspector, and restarts without duplicates',
    { timeout: 240_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-first-steps-'));
      const port = await freeListeningPort();
      let server = startNewcomerServer(dir, port);
      try {
        await server.listening;
        const exportLine =
          /^ {2}(export BASE=\S+ KEY=cnv_\S+ ORG=\S+ CHANNEL=\S+ STAGE=\S+ TAG=\S+ FLOW=\S+ TEMPLATE=\S+ INSPECTOR=\S+)$/m.exec(
            server.output(),
          )?.[1];
        assert.ok(exportLine, `the banner prints the export line:\n${server.output()}`);
        const token = /INSPECTOR=(\S+)/.exec(exportLine)![1];
        const inspector = `http://127.0.0.1:${port}/dev/inspector`;
        assert.ok(server.output().includes(`${inspector}?token=${token}`), 'the banner prints the inspector with its token');
        assert.match(server.output(), /plan starter: 60 messages a minute/);
        const secret = /signing secret (whsec_\S+)/.exec(server.output())?.[1];
        assert.ok(secret);

        const lines = readmeFirstSteps().split('\n');
        assert.match(
          lines[0]!,
          /^export BASE=\S+ KEY=cnv_\.\.\. /,
          "the block's first line is the placeholder for the banner's export line",
        );
        assert.ok(exportLine.includes(`BASE=http://127.0.0.1:${port} `), 'the banner exports the service address as BASE');
        // Run as written: the steps reach the service through $BASE only, never a hard-coded host.
        assert.doesNotMatch(lines.slice(1).join('\n'), /localhost:|127\.0\.0\.1:/, 'the steps address the service through $BASE');
        const steps = [exportLine, ...lines.slice(1)].join('\n');
        // Every curl reports its status on stderr; -f turns a 4xx/5xx into a failure, which stops the script.
        const wrapper = `set -euo pipefail\ncurl() { command curl --fail-with-body --show-error -w '%{stderr}STATUS %{http_code} %{method} %{url_effective}\\n' "$@"; }\n`;
        const run = await runBash(wrapper + steps);
        assert.equal(run.code, 0, `the first steps stopped:\n${run.stderr}\n${run.stdout}`);
        const statuses = [...run.stderr.matchAll(/^STATUS (\d{3}) (\S+) (\S+)$/gm)].map((m) => ({
          code: Number(m[1]),
          method: m[2],
          url: m[3],
        }));
        const curls = steps.split('\n').filter((line) => /(^|\$\(|\s)curl /.test(line)).length;
        assert.equal(statuses.length, curls, 'every curl of the block ran');
        for (const s of statuses) assert.ok(s.code >= 200 && s.code < 300, `${s.method} ${s.url} answered ${s.code}`);
        const paths = statuses.map((s) => `${s.method} ${new URL(s.url!).pathname.replace(/[0-9a-f-]{36}/g, ':id')}`);
        for (const step of [
          'POST /v1/messages/send',
          'POST /api/:id/chat/create',
          'POST /channels/:id/webhook',
          'POST /api/:id/chat/:id/message-sequence',
          'POST /api/:id/chat/:id/send-template',
          'PUT /api/:id/customers/:id/stage',
          'POST /api/:id/customers/:id/field-values',
          'POST /api/:id/customers/:id/tags',
          'POST /api/:id/customers/:id/notes',
          'POST /api/:id/flows/:id/runs',
          'GET /dev/inspector/requests',
        ]) {
          assert.ok(paths.includes(step), `the README runs ${step}`);
        }

        // The events reach the inspector through the real webhook delivery, signed with the banner's secret.
        const wanted = [
          'message.status_updated',
          'chat.created',
          'customer.stage_changed',
          'customer.tag_added',
          'customer.field_value_set',
          'flow.started',
        ];
        const deadline = Date.now() + 60_000;
        let received: Inspected[] = [];
        while (Date.now() < deadline) {
          const res = await fetch(`${inspector}/requests?token=${token}`);
          received = ((await res.json()) as { data: Inspected[] }).data;
          if (wanted.every((type) => received.some((r) => r.body.event === type))) break;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        const types = new Set(received.map((r) => r.body.event));
        for (const type of wanted) assert.ok(types.has(type), `the inspector received ${type} (got ${[...types].join(', ')})`);
        const delivery = received.find((r) => r.body.event === 'chat.created')!;
        assert.doesNotThrow(
          () => new Webhook(secret).verify(JSON.stringify(delivery.body), delivery.headers),
          'signed with the printed secret',
        );
        const page = await fetch(`${inspector}?token=${token}`);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /chat\.created/);
        for (const url of [inspector, `${inspector}/requests`, `${inspector}/requests?token=not-${token}`]) {
          assert.equal((await fetch(url)).status, 401, `${url} without the token`);
        }
        // The one-file build in dist/ still finds the files served beside it: the console's and Swagger UI's.
        const consolePage = await fetch(`http://127.0.0.1:${port}/app/`);
        assert.equal(consolePage.status, 200, 'the console is served');
        assert.match(await consolePage.text(), /<script type="module"/);
        const docsPage = await fetch(`http://127.0.0.1:${port}/docs/`);
        assert.equal(docsPage.status, 200, 'the API reference is served');
        assert.match(await docsPage.text(), /swagger/i);

        // A restart keeps what there is: no second banner, no duplicate template, stage, tag, field, team, flow or endpoint.
        await server.stop();
        server = startNewcomerServer(dir, port);
        await server.listening;
        assert.doesNotMatch(server.output(), /API key:/);
        assert.ok(server.output().includes(`${inspector}?token=${token}`), 'a restart prints the inspector again, with the same token');
        const [key, org] = [/KEY=(\S+)/.exec(exportLine)![1]!, /ORG=(\S+)/.exec(exportLine)![1]!];
        const counts: Record<string, number> = {};
        for (const resource of ['templates', 'stages', 'tags', 'custom-fields', 'teams', 'flows', 'webhooks']) {
          const res = await fetch(`http://127.0.0.1:${port}/api/${org}/${resource}`, { headers: { 'x-api-key': key } });
          assert.equal(res.status, 200, resource);
          counts[resource] = ((await res.json()) as { data: unknown[] }).data.length;
        }
        assert.deepEqual(counts, { templates: 1, stages: 5, tags: 3, 'custom-fields': 5, teams: 1, flows: 1, webhooks: 1 });
      } finally {
        server.kill();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
