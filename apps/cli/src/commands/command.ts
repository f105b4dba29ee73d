import type { CliIo } from '../cli-io.ts';

export interface Command {
  name: string;
  /** One line for `tonemark --help`. */
  summary: string;
  /** Full text for `tonemark <command> --help`. */
  help: string;
  /** Resolves with the exit code; throws UsageError / MediaError for bad input. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}
