/**
 * The `conversa` command's entry point (bin/conversa.mjs, `node --import tsx src/main.ts`): parses
 * argv with the command tree of cli/program.ts; an error no command handled ends the process with 1.
 */
import { buildProgram } from './cli/program.js';

buildProgram()
  .parseAsync(process.argv)
  .catch((err) => {
    console.error(`conversa: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
