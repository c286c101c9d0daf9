/**
 * `conversa admin set-password <profile>`: a profile's console password from the shell (DESIGN §8),
 * through the same service and body schema as `PUT /admin/v1/profiles/{profileId}/password`. The
 * password comes from standard input (typed without echo on a terminal, or piped: its first line),
 * or from `--password` where a script accepts it showing in the process list.
 */
import { Writable } from 'node:stream';
import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { SetPasswordBody } from '../modules/organizations/tenancy.schemas.js';
import { parseInput, type AdminCliContext } from './admin-context.js';

type WithServices = (fn: (ctx: AdminCliContext) => Promise<unknown>) => Promise<void>;

const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    // Readline writes what is typed to its output: a sink keeps the password off the screen.
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
    const prompt = createInterface({ input: process.stdin, output: silent, terminal: true });
    process.stderr.write('New password: ');
    try {
      return await prompt.question('');
    } finally {
      prompt.close();
      process.stderr.write('\n');
    }
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

export function registerPasswordCommands(admin: Command, withServices: WithServices): void {
  admin
    .command('set-password <profile>')
    .description(
      "Set a profile's console password (profile id or e-mail), at least 12 characters; ends the profile's open sessions. " +
        'The password is read from standard input (not echoed on a terminal; piped: its first line) unless --password is given.',
    )
    .option('--password <password>', 'the password itself (visible in the process list and shell history: prefer standard input)')
    .addHelpText(
      'after',
      '\nExamples:\n  conversa admin set-password agent@example.com\n  printf %s "$PW" | conversa admin set-password <profileId>\n',
    )
    .action(async (profile: string, opts: { password?: string }) => {
      const password = opts.password ?? (await readPassword());
      await withServices(async ({ tenancy }) => {
        const body = parseInput(SetPasswordBody, { password });
        const id = UUID.test(profile) ? profile : (await tenancy.getProfileByEmail(profile)).id;
        return tenancy.setPassword(id, body.password);
      });
    });
}
