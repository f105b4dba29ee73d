import { readFile } from 'node:fs/promises';
import type { TriggerSpec } from '@tonemark/audio';
import { z } from 'zod';
import { UsageError } from './cli-error.ts';

const triggerSchema = z
  .object({
    id: z.union([z.string().min(1), z.number()]),
    frequencyPattern: z.array(z.number().positive().max(24_000)).min(2).max(8),
    durationMs: z.number().int().min(100).max(60_000).optional(),
    signal: z.enum(['audible', 'ultrasonic', 'combined', 'streaming']).optional(),
  })
  .strip();

export const triggersFileSchema = z
  .array(triggerSchema)
  .min(1, 'must list at least one trigger')
  .superRefine((triggers, ctx) => {
    const seen = new Set<string>();
    triggers.forEach((t, i) => {
      const key = String(t.id);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id ${key}` });
      seen.add(key);
    });
  });

function formatPath(path: (string | number)[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
}

/** Parses the text of a triggers.json; throws UsageError with the first problem on one line. */
export function parseTriggersJson(text: string, name: string): TriggerSpec[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${name} is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const result = triggersFileSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${formatPath(issue.path)}`;
    throw new UsageError(`${name}${where}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data.map((t) => {
    const spec: TriggerSpec = { id: t.id, frequencyPattern: t.frequencyPattern };
    if (t.durationMs !== undefined) spec.durationMs = t.durationMs;
    if (t.signal !== undefined) spec.signal = t.signal;
    return spec;
  });
}

export async function loadTriggersFile(path: string): Promise<TriggerSpec[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new UsageError(`triggers file not found: ${path}`);
  }
  return parseTriggersJson(text, path);
}
