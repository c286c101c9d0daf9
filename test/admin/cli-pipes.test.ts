/**
 * The CLI as a shell user pipes it: `npm run -s conversa -- admin list-orgs | jq .` (stdout is JSON
 * alone, logs on stderr), and URLs built from the configured PORT/PUBLIC_URL. (SQLite only: the CLI
 * shares the services tested on both databases.)
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { cliSandbox } from '../support/cli-process.js';

const cli = cliSandbox('conversa-cli-pipes-');
const { run, conversa } = cli;

describe('conversa CLI in a pipe', () => {
  after(cli.remove);

  it('`npm run -s conversa -- admin list-orgs` prints JSON alone on stdout; URLs follow PORT and PUBLIC_URL', async () => {
    const created = await conversa(['admin', 'create-org', 'Acme']);
    assert.equal(created.code, 0, created.stderr);
    const org = JSON.parse(created.stdout);
    // Independent commands side by side: each process costs seconds of start-up.
    const [listed, migrated, onPort, onPublic] = await Promise.all([
      run('npm', ['run', '-s', 'conversa', '--', 'admin', 'list-orgs']),
      conversa(['migrate']),
      conversa(['admin', 'create-channel', org.id, 'whatsapp_official', 'Main', '--sandbox'], { PORT: '4567' }),
      conversa(['admin', 'create-channel', org.id, 'whatsapp_official', 'Other', '--sandbox'], {
        PUBLIC_URL: 'https://conversa.example.com/',
      }),
    ]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(
      JSON.parse(listed.stdout).map((o: { id: string }) => o.id),
      [org.id],
    );
    assert.deepEqual(JSON.parse(migrated.stdout), { applied: [] });
    assert.match(JSON.parse(onPort.stdout).webhookUrl, /^http:\/\/127\.0\.0\.1:4567\/channels\/[0-9a-f-]{36}\/webhook$/);
    assert.match(JSON.parse(onPublic.stdout).webhookUrl, /^https:\/\/conversa\.example\.com\/channels\//);
  });
});
