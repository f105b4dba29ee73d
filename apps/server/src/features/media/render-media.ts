import { lastErrorLine, MediaError, startTool } from '@tonemark/ffmpeg';
import { type RenderJob, renderArgs } from './render-args.ts';

/** Runs the ffmpeg command for a job; an abort (timeout, shutdown) kills ffmpeg at once. */
export async function renderMedia(job: RenderJob, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const { child, done } = startTool('ffmpeg', renderArgs(job));
  child.stdin.end();
  child.stdout.resume();
  const kill = () => child.kill('SIGKILL');
  signal.addEventListener('abort', kill, { once: true });
  try {
    const { code, stderr } = await done;
    signal.throwIfAborted();
    if (code !== 0) throw new MediaError('tool-failed', `ffmpeg failed: ${lastErrorLine(stderr)}`);
  } finally {
    signal.removeEventListener('abort', kill);
  }
}
