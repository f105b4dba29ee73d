import { EXIT_OK } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import { type OptionSpec, type ParsedValues, parseCommandOptions } from '../parse-command-options.ts';

export interface Command {
  name: string;
  /** One line for `tonemark --help`. */
  summary: string;
  /** Full text for `tonemark <command> --help`. */
  help: string;
  /** Resolves with the exit code; throws UsageError / MediaError for bad input. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}

/**
 * A command that takes only options: parses them strictly and answers -h/--help with its help
 * text, so `run` sees parsed values and never has to handle help itself.
 */
export function optionsCommand<T extends OptionSpec>(def: {
  name: string;
  summary: string;
  help: string;
  options: T;
  run(values: ParsedValues<T>, io: CliIo): Promise<number>;
}): Command {
  return {
    name: def.name,
    summary: def.summary,
    help: def.help,
    async run(args, io) {
      const { values, help } = parseCommandOptions(args, def.options);
      if (help) {
        io.out(def.help);
        return EXIT_OK;
      }
      return def.run(values, io);
    },
  };
}
