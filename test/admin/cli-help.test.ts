/** Every `conversa` command's and subcommand's --help: a description and an example to copy. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-cli-'));
const baseEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: path.join(dir, 'cli.db'), NODE_ENV: 'test', LOG_LEVEL: 'info' };
for (const name of ['PUBLIC_URL', 'PORT', 'HOST', 'REDIS_URL']) delete baseEnv[name];

type Result = { code: number; stdout: string; stderr: string };

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(command, args, { env: { ...baseEnv, ...env }, timeout: 100_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const conversa = (args: string[], env?: NodeJS.ProcessEnv) => run(process.execPath, ['bin/conversa.mjs', ...args], env);
import { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';

/** Every command below `command`, depth first. */
function leaves(command: Command): Command[] {
  return command.commands.length ? command.commands.flatMap(leaves) : [command];
}

function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

describe('conversa CLI help', () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives every command and subcommand a description and an example', () => {
    const program = buildProgram();
    const commands = [program, ...program.commands, ...leaves(program)];
    assert.ok(commands.length >= 25, `${commands.length} commands`);
    for (const command of new Set(commands)) {
      const help = helpOf(command);
      assert.ok(command.description().length > 10, `${command.name()} has a description`);
      assert.match(help, /\nExamples?:\n {2}\S/, `${command.name()} --help has an example:\n${help}`);
    }
  });

  it('the real binary answers --help with the same text', async () => {
    const names = ['doctor', 'admin create-channel'];
    const answers = await Promise.all(names.map((name) => conversa([...name.split(' '), '--help'])));
    for (const [i, name] of names.entries()) {
      assert.equal(answers[i].code, 0, name);
      assert.match(answers[i].stdout, /^Usage: conversa /, name);
      assert.match(answers[i].stdout, /\nExamples?:\n/, `${name} --help has an example`);
    }
  });
});
