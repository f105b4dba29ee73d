import { isInputMediaError } from '@tonemark/ffmpeg';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, oneLine, UsageError } from './cli-error.ts';
import { type CliIo, processIo } from './cli-io.ts';
import { apiCommand } from './commands/api-command.ts';
import type { Command } from './commands/command.ts';
import { detectCommand } from './commands/detect-command.ts';
import { embedCommand } from './commands/embed-command.ts';
import { synthCommand } from './commands/synth-command.ts';

const COMMANDS: readonly Command[] = [synthCommand, embedCommand, detectCommand, apiCommand];

const HELP = `Usage: tonemark <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(8)} ${c.summary}`).join('\n')}

Run tonemark <command> --help for a command's options.`;

function exitCodeFor(err: unknown): number {
  if (err instanceof UsageError || isInputMediaError(err)) return EXIT_USAGE;
  return EXIT_FAILURE;
}

/** Runs the CLI and resolves with its exit code; never throws. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out)(HELP);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    io.err(`tonemark: unknown command '${name}' (commands: ${COMMANDS.map((c) => c.name).join(', ')})`);
    return EXIT_USAGE;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    const code = exitCodeFor(err);
    const message = err instanceof Error ? err.message : String(err);
    const hint = err instanceof UsageError ? ` (see tonemark ${name} --help)` : '';
    io.err(oneLine(`tonemark ${name}: ${message}${hint}`));
    // Unexpected failures are bugs: the stack helps, but only when asked for.
    if (code === EXIT_FAILURE && process.env.TONEMARK_DEBUG && err instanceof Error && err.stack) {
      io.err(err.stack);
    }
    return code;
  }
}
