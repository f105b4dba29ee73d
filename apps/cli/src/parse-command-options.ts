import { parseArgs } from 'node:util';
import { UsageError } from './cli-error.ts';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

export type ParsedValues<T extends OptionSpec> = {
  [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string;
};

function hasCode(err: unknown): err is Error & { code: string } {
  return err instanceof Error && typeof (err as { code?: unknown }).code === 'string';
}

/**
 * node:util parseArgs with strict checking, rephrasing its multi-sentence errors as short ones.
 * Every command also accepts -h/--help.
 */
export function parseCommandOptions<T extends OptionSpec>(
  args: readonly string[],
  spec: T,
): { values: ParsedValues<T>; help: boolean } {
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { ...spec, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    const { help, ...rest } = values as Record<string, string | boolean | undefined>;
    return { values: rest as ParsedValues<T>, help: help === true };
  } catch (err) {
    if (!hasCode(err)) throw err;
    switch (err.code) {
      case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
        const option = /'([^']+)'/.exec(err.message)?.[1] ?? 'option';
        throw new UsageError(`unknown option ${option}`);
      }
      case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
        const option = (/'(-[^' ]+)/.exec(err.message)?.[1] ?? 'an option').replace(/,$/, '');
        if (err.message.includes('does not take')) throw new UsageError(`${option} does not take a value`);
        throw new UsageError(`${option} needs a value`);
      }
      case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
        const positional = /'([^']+)'/.exec(err.message)?.[1] ?? '';
        throw new UsageError(`unexpected argument ${positional}`);
      }
      default:
        throw new UsageError(err.message);
    }
  }
}

export function requireOption(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required`);
  return value;
}
