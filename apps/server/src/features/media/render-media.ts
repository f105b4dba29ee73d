import { stat } from 'node:fs/promises';
import { lastErrorLine, MediaError, startTool } from '@tonemark/ffmpeg';
import { type RenderJob, renderArgs } from './render-args.ts';

/** How often a running render's output is measured against its budget. */
const BUDGET_CHECK_MS = 250;

export class OutputBudgetError extends Error {
  constructor(readonly budgetBytes: number) {
    super(`the output grew past its budget of ${budgetBytes} bytes`);
    this.name = 'OutputBudgetError';
  }
}

/**
 * Runs the ffmpeg command for a job; an abort (timeout, shutdown) kills ffmpeg at once, and so
 * does an output that grows past `maxOutputBytes` (the estimate was wrong or the input lied).
 */
export async function renderMedia(
  job: RenderJob,
  signal: AbortSignal,
  maxOutputBytes = Infinity,
): Promise<void> {
  signal.throwIfAborted();
  const { child, done, kill } = startTool('ffmpeg', renderArgs(job));
  child.stdin.end();
  child.stdout.resume();
  signal.addEventListener('abort', kill, { once: true });
  let overBudget = false;
  const watch = Number.isFinite(maxOutputBytes)
    ? setInterval(() => {
        stat(job.output)
          .then(({ size }) => {
            if (size > maxOutputBytes && !overBudget) {
              overBudget = true;
              kill();
            }
          })
          .catch(() => {}); // not created yet
      }, BUDGET_CHECK_MS)
    : undefined;
  try {
    const { code, stderr } = await done;
    signal.throwIfAborted();
    // A render quicker than one check is measured once more at the end.
    if (!overBudget && Number.isFinite(maxOutputBytes))
      overBudget = (await stat(job.output).catch(() => ({ size: 0 }))).size > maxOutputBytes;
    if (overBudget) throw new OutputBudgetError(maxOutputBytes);
    if (code !== 0) throw new MediaError('tool-failed', `ffmpeg failed: ${lastErrorLine(stderr)}`);
  } finally {
    if (watch) clearInterval(watch);
    signal.removeEventListener('abort', kill);
  }
}
