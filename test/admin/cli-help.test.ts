/** Every `conversa` command's and subcommand's --help: a description and an example to copy. */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { cliSandbox } from '../support/cli-process.js';

const cli = cliSandbox('conversa-cli-help-');
const { conversa } = cli;
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
  after(cli.remove);

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
      assert.equal(answers[i]!.code, 0, name);
      assert.match(answers[i]!.stdout, /^Usage: conversa /, name);
      assert.match(answers[i]!.stdout, /\nExamples?:\n/, `${name} --help has an example`);
    }
  });
});
