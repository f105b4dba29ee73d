import type { TonemarkClient } from '@tonemark/sdk';
import { EXIT_FAILURE, EXIT_OK, UsageError } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import { parseFrequencies, parseNumberOption } from '../option-values.ts';
import { parseCommandOptions, requireOption } from '../parse-command-options.ts';
import type { Command } from './command.ts';

const HELP = `Usage: tonemark api <triggers | create-trigger | tail> [options]

Calls the public REST API with @tonemark/sdk. The key comes from the environment:
  TONEMARK_API_KEY      an API key (Account Settings → API keys)
  TONEMARK_URL          the server's origin (default http://localhost:5000)

Commands:
  triggers              list your triggers
      --type KIND         audible | ultrasonic | combined
      --active true|false
      --limit N
  create-trigger        create a trigger
      --name TEXT --freqs F1,F2,F3,F4 --payload TEXT
      --type KIND         (default audible)   --duration-ms N (default 2000)
      --action-type T     url | deepLink | notification (default url)
      --inactive          create it switched off
  tail                  print new activations as they arrive (Ctrl-C stops)
      --trigger-id N      only this trigger's
      --interval S        seconds between polls (default 5)
      --max N             stop after N activations
  --json                print JSON instead of text (any command)`;

const OPTIONS = {
  type: { type: 'string' },
  active: { type: 'string' },
  limit: { type: 'string' },
  name: { type: 'string' },
  freqs: { type: 'string' },
  payload: { type: 'string' },
  'duration-ms': { type: 'string' },
  'action-type': { type: 'string' },
  inactive: { type: 'boolean' },
  'trigger-id': { type: 'string' },
  interval: { type: 'string' },
  max: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const SIGNALS = ['audible', 'ultrasonic', 'combined'] as const;
const ACTION_TYPES = ['url', 'deepLink', 'notification'] as const;

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  option: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${option} must be ${allowed.join(', ')}`);
  return value as T;
}

export interface ApiCommandDeps {
  env: Record<string, string | undefined>;
  /** The SDK client; the built @tonemark/sdk by default (tests pass one over app.inject). */
  createClient?: (apiKey: string, baseUrl: string) => Promise<TonemarkClient>;
  sleep?: (ms: number) => Promise<void>;
}

async function sdkClient(apiKey: string, baseUrl: string): Promise<TonemarkClient> {
  const sdk = await import('@tonemark/sdk').catch(() => {
    throw new UsageError('the SDK is not built: run npm run build');
  });
  return new sdk.TonemarkClient({ apiKey, baseUrl });
}

/** `tonemark api …`: the SDK client as a command-line consumer. */
export function makeApiCommand(deps: ApiCommandDeps): Command {
  return {
    name: 'api',
    summary: 'call the REST API: list or create triggers, tail activations',
    help: HELP,
    async run(args, io) {
      const [sub, ...rest] = args;
      const { values, help } = parseCommandOptions(rest, OPTIONS);
      if (help || sub === undefined || sub === '--help' || sub === '-h') {
        io.out(HELP);
        return sub === undefined && !help ? EXIT_FAILURE : EXIT_OK;
      }
      const apiKey = deps.env.TONEMARK_API_KEY;
      if (!apiKey) throw new UsageError('set TONEMARK_API_KEY to an API key');
      const baseUrl = deps.env.TONEMARK_URL ?? 'http://localhost:5000';
      const client = await (deps.createClient ?? sdkClient)(apiKey, baseUrl);
      const print = (text: string, data: unknown) => io.out(values.json ? JSON.stringify(data) : text);

      if (sub === 'triggers') {
        const triggers = await client.triggers.list({
          type: oneOf(values.type, SIGNALS, '--type'),
          active:
            values.active === undefined
              ? undefined
              : oneOf(values.active, ['true', 'false'], '--active') === 'true',
          limit: parseNumberOption(values.limit, '--limit', { min: 1, max: 500, integer: true }),
        });
        if (values.json) io.out(JSON.stringify(triggers));
        else if (triggers.length === 0) io.out('No triggers.');
        else
          for (const t of triggers) {
            io.out(
              `${t.id}\t${t.active ? 'active' : 'inactive'}\t${t.type}\t${t.frequencyPattern.join(',')}\t${t.name}`,
            );
          }
        return EXIT_OK;
      }

      if (sub === 'create-trigger') {
        const created = await client.triggers.create({
          name: requireOption(values.name, '--name'),
          type: oneOf(values.type, SIGNALS, '--type') ?? 'audible',
          frequencyPattern: parseFrequencies(requireOption(values.freqs, '--freqs')),
          duration:
            parseNumberOption(values['duration-ms'], '--duration-ms', {
              min: 400,
              max: 10_000,
              integer: true,
            }) ?? 2000,
          actionType: oneOf(values['action-type'], ACTION_TYPES, '--action-type') ?? 'url',
          actionPayload: requireOption(values.payload, '--payload'),
          active: values.inactive !== true,
        });
        print(`Created trigger ${created.id} (${created.name}), tone ${created.publicId}`, created);
        return EXIT_OK;
      }

      if (sub === 'tail')
        return tail(client, values, io, deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))));

      throw new UsageError(`unknown api command '${sub}' (triggers, create-trigger, tail)`);
    },
  };
}

async function tail(
  client: TonemarkClient,
  values: { 'trigger-id'?: string; interval?: string; max?: string; json?: boolean },
  io: CliIo,
  sleep: (ms: number) => Promise<void>,
): Promise<number> {
  const triggerId = parseNumberOption(values['trigger-id'], '--trigger-id', {
    min: 1,
    max: 2_147_483_647,
    integer: true,
  });
  const intervalMs = (parseNumberOption(values.interval, '--interval', { min: 1, max: 3600 }) ?? 5) * 1000;
  const max = parseNumberOption(values.max, '--max', { min: 1, max: 2_147_483_647, integer: true });
  // Start from now: activations already stored are history, not news.
  let since = new Date().toISOString();
  const seen = new Set<string>();
  let printed = 0;
  for (;;) {
    const page = await client.activations.list({
      startDate: since,
      limit: 1000,
      ...(triggerId ? { triggerId } : {}),
    });
    // Newest first from the API; print oldest first, like a log.
    for (const activation of [...page.activations].reverse()) {
      if (seen.has(activation.activationId)) continue;
      seen.add(activation.activationId);
      since = activation.activatedAt > since ? activation.activatedAt : since;
      io.out(
        values.json
          ? JSON.stringify(activation)
          : `${activation.activatedAt}\t${activation.triggerId ?? '-'}\t${activation.triggerName ?? '(deleted)'}\t${activation.deviceType ?? ''}`,
      );
      printed += 1;
      if (max !== undefined && printed >= max) return EXIT_OK;
    }
    await sleep(intervalMs);
  }
}

export const apiCommand = makeApiCommand({ env: process.env });
